#include "trace/trace-hw_block_presilicon.h"
