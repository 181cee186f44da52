#include "trace/trace-hw_misc_presilicon.h"
