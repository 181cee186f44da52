#include "trace/trace-hw_crypto_presilicon.h"
