#ifndef DOCSPEC_CCMARKGFM_SHIM_H
#define DOCSPEC_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/* Exported as data symbols by libcmark-gfm-extensions.so but declared in no installed header.
   Swift 6 refuses direct access to mutable C globals, so read them through inline accessors. */
extern cmark_node_type CMARK_NODE_TABLE, CMARK_NODE_TABLE_ROW, CMARK_NODE_TABLE_CELL,
    CMARK_NODE_STRIKETHROUGH;

static inline cmark_node_type docspec_node_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type docspec_node_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type docspec_node_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type docspec_node_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }
#endif
