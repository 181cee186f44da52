#include "trace/trace-hw_arm_presilicon.h"
