#include "trace/trace-hw_core_presilicon.h"
