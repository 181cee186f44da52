# presilicon: the board and, through its Kconfig, every model it selects.
CONFIG_PRESILICON=y
