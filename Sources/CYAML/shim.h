#ifndef DOCSPEC_CYAML_SHIM_H
#define DOCSPEC_CYAML_SHIM_H
#include <yaml.h>
#endif
