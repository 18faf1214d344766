#ifndef DOCSPEC_CLIBFUZZER_H
#define DOCSPEC_CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver: parses the command line and runs `callback` on every input. Provided by
/// the runtime that `-sanitize=fuzzer` links in.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
