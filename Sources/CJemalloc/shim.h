#ifndef DOCSPEC_CJEMALLOC_SHIM_H
#define DOCSPEC_CJEMALLOC_SHIM_H
// jemalloc (Debian libjemalloc-dev), linked into the docspec executable as the process's malloc:
// Debian builds it without a symbol prefix, so malloc, free and the rest resolve to it.
#include <jemalloc/jemalloc.h>
#endif
