// A bump allocator for cmark-gfm (`cmark_parser_new_with_mem`). A page is parsed into one arena
// and the whole tree is dropped at once after its conversion into Swift values, so cmark-gfm's
// hundreds of thousands of small allocations neither go through malloc one by one nor leave a
// fragmented heap behind: a page parsed in pieces (PiecewiseParse) reuses the same warm chunks for
// every piece, where malloc spread each piece's nodes over the holes the previous piece's freed
// tree left (tree walks in cmark_parser_finish then missed the cache on every node).
//
// cmark-gfm frees through the same cmark_mem it allocated with (every node keeps its parser's
// allocator; the core extensions use `parser->mem` or the node's allocator), so `free` can be a
// no-op. Each allocation carries its size in the 16 bytes before it, which `realloc` reads to
// copy; the most recent allocation grows in place when its chunk has room (cmark's growing line
// and content buffers).
//
// When the process runs under AddressSanitizer (the fuzz harnesses), the gap after each
// allocation and a chunk's unused rest are poisoned, so a read past an allocation is still
// reported although malloc no longer sees the allocations.
#include "cmark_arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  ALIGNMENT = 16,
  HEADER = 16,               // the allocation's usable size, before it
  REDZONE = 16,              // poisoned under AddressSanitizer, after it
  CHUNK = 1 << 20,           // standard chunk: kept by docspec_arena_reset
  KEPT_CHUNKS = 64,          // at most this many standard chunks are kept (64 MiB)
};

// AddressSanitizer's manual poisoning, when its runtime is linked in (weak: NULL otherwise).
void __asan_poison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));
void __asan_unpoison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));

static void poison(void *p, size_t n) {
  if (__asan_poison_memory_region && n) __asan_poison_memory_region(p, n);
}
static void unpoison(void *p, size_t n) {
  if (__asan_unpoison_memory_region && n) __asan_unpoison_memory_region(p, n);
}

typedef struct chunk {
  struct chunk *next;
  size_t size;  // bytes after the header
  size_t used;
  size_t pad;   // keeps the data 16-byte aligned
} chunk;

struct docspec_arena {
  chunk *current;  // allocations come from here; full chunks before it in `full`
  chunk *full;
  chunk *spare;    // standard chunks emptied by a reset, for reuse
  unsigned char *last;  // the most recent allocation (grows in place)
  size_t capacity;
};

static _Thread_local docspec_arena *entered;

static void out_of_memory(void) {
  fputs("docspec: out of memory in the Markdown parser's arena\n", stderr);
  abort();
}

static unsigned char *data(chunk *c) { return (unsigned char *)(c + 1); }

static size_t round_up(size_t n) {
  if (n > SIZE_MAX - 2 * ALIGNMENT - HEADER - REDZONE) out_of_memory();
  return (n + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1);
}

static void release(docspec_arena *a, chunk *c) {
  unpoison(data(c), c->size);
  a->capacity -= sizeof(chunk) + c->size;
  free(c);
}

docspec_arena *docspec_arena_new(void) {
  docspec_arena *a = calloc(1, sizeof(*a));
  if (!a) out_of_memory();
  return a;
}

// A chunk with room for `need` bytes: a spare standard one, or a new one (larger than
// standard for a large allocation).
static chunk *new_chunk(docspec_arena *a, size_t need) {
  chunk *c;
  if (need <= CHUNK && a->spare) {
    c = a->spare;
    a->spare = c->next;
  } else {
    size_t size = need <= CHUNK ? CHUNK : need;
    c = malloc(sizeof(chunk) + size);
    if (!c) out_of_memory();
    c->size = size;
    a->capacity += sizeof(chunk) + size;
    poison(data(c), size);
  }
  c->used = 0;
  c->next = NULL;
  if (a->current) {
    a->current->next = a->full;
    a->full = a->current;
  }
  a->current = c;
  return c;
}

static void *allocate(docspec_arena *a, size_t size) {
  size_t n = round_up(size);
  size_t need = HEADER + n + REDZONE;
  chunk *c = a->current;
  if (!c || c->size - c->used < need) c = new_chunk(a, need);
  unsigned char *p = data(c) + c->used + HEADER;
  c->used += need;
  unpoison(p - HEADER, HEADER + n);
  ((size_t *)p)[-1] = n;
  a->last = p;
  return p;
}

static docspec_arena *current_arena(void) {
  docspec_arena *a = entered;
  if (!a) {
    fputs("docspec: the Markdown parser's arena was used by a thread that did not enter it\n", stderr);
    abort();
  }
  return a;
}

void *docspec_arena_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) out_of_memory();
  void *p = allocate(current_arena(), count * size);
  memset(p, 0, count * size);
  return p;
}

void *docspec_arena_realloc(void *pointer, size_t size) {
  docspec_arena *a = current_arena();
  if (!pointer) return allocate(a, size);
  unsigned char *old = pointer;
  size_t had = ((size_t *)old)[-1];
  if (size <= had) return pointer;
  size_t n = round_up(size);
  chunk *c = a->current;
  if (old == a->last && c->size - c->used >= n - had) {
    c->used += n - had;
    unpoison(old, n);
    ((size_t *)old)[-1] = n;
    return pointer;
  }
  void *p = allocate(a, size);
  memcpy(p, old, had);
  return p;
}

void docspec_arena_free(void *pointer) { (void)pointer; }

void docspec_arena_reset(docspec_arena *a) {
  chunk *all = a->full;
  if (a->current) {
    a->current->next = all;
    all = a->current;
  }
  size_t kept = 0;
  for (chunk *c = a->spare; c; c = c->next) kept++;
  while (all) {
    chunk *c = all;
    all = c->next;
    if (c->size == CHUNK && kept < KEPT_CHUNKS) {
      poison(data(c), c->size);
      c->next = a->spare;
      a->spare = c;
      kept++;
    } else {
      release(a, c);
    }
  }
  a->current = NULL;
  a->full = NULL;
  a->last = NULL;
}

void docspec_arena_delete(docspec_arena *a) {
  if (!a) return;
  docspec_arena_reset(a);
  while (a->spare) {
    chunk *c = a->spare;
    a->spare = c->next;
    release(a, c);
  }
  free(a);
}

size_t docspec_arena_capacity(const docspec_arena *a) { return a->capacity; }

docspec_arena *docspec_arena_enter(docspec_arena *a) {
  docspec_arena *previous = entered;
  entered = a;
  return previous;
}

void docspec_arena_leave(docspec_arena *previous) { entered = previous; }
