#include "trace/trace-hw_net_presilicon.h"
