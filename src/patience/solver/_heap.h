/* The open list of a best-first search (shared by _gilbert.c and _bigapple.c):
 * a binary heap of (estimate, node) entries. */
#ifndef PATIENCE_HEAP_H
#define PATIENCE_HEAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct { int32_t prio; uint32_t node; } HEnt;

/* the heap's order: lower estimate first, then the node found last */
static inline int hless(HEnt a, HEnt b) {
    if (a.prio != b.prio) return a.prio < b.prio;
    return a.node > b.node;
}

static inline void hpush(HEnt *h, size_t *n, HEnt e) {
    size_t i = (*n)++;
    while (i) {
        size_t p = (i - 1) / 2;
        if (!hless(e, h[p])) break;
        h[i] = h[p]; i = p;
    }
    h[i] = e;
}

static inline HEnt hpop(HEnt *h, size_t *n) {
    HEnt top = h[0], e = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && hless(h[c + 1], h[c])) c++;
        if (!hless(h[c], e)) break;
        h[i] = h[c]; i = c;
    }
    if (*n) h[i] = e;
    return top;
}

#endif
