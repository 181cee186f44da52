#include "trace/trace-hw_adc_presilicon.h"
