#include "trace/trace-hw_usb_presilicon.h"
