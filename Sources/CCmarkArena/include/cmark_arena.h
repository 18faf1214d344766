#ifndef DOCSPEC_CMARK_ARENA_H
#define DOCSPEC_CMARK_ARENA_H
#include <stddef.h>

/* A bump allocator for cmark-gfm's nodes, strings and buffers (see cmark_arena.c).
   The three allocation functions have cmark_mem's shape (calloc, realloc, free) and allocate
   from the arena the calling thread entered; cmark_mem's functions take no context. */
typedef struct docspec_arena docspec_arena;

/* A new, empty arena. Aborts when out of memory, like cmark-gfm's own allocator. */
docspec_arena *docspec_arena_new(void);
/* Frees every allocation and the arena. Not while a thread is inside it. */
void docspec_arena_delete(docspec_arena *arena);
/* Frees every allocation at once; the arena's standard-size chunks are kept for reuse. */
void docspec_arena_reset(docspec_arena *arena);
/* Bytes the arena holds from malloc (chunks, used or not). */
size_t docspec_arena_capacity(const docspec_arena *arena);

/* Makes `arena` the calling thread's arena for the functions below and returns the one it
   replaces (NULL if none); `docspec_arena_leave` with that value restores it. */
docspec_arena *docspec_arena_enter(docspec_arena *arena);
void docspec_arena_leave(docspec_arena *previous);

void *docspec_arena_calloc(size_t count, size_t size);
void *docspec_arena_realloc(void *pointer, size_t size);
void docspec_arena_free(void *pointer);
#endif
