#include "trace/trace-hw_pinctrl_presilicon.h"
