// Intentionally empty: SwiftPM needs a source file for the C target that carries the header.
#include "CLibFuzzer.h"
