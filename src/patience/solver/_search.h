/* What the compiled engines (_bisley.c, _gilbert.c, _bigapple.c) share: the
 * transposition table, the clock (and a stop flag) and growing arrays. Include it
 * after Python.h.
 *
 * The table is a set of keys of KEYLEN bytes each, with open addressing over 64-bit
 * slots ((index + 1) << 32 | fingerprint; 0: empty). Before including this file, an
 * engine defines KEYLEN and declares key_len, the bytes of a key in use (the rest
 * is padding): its keys must be prefix-free, so that two keys are equal exactly
 * when their used bytes are. Each entry has an index (0, 1, ... in the order of
 * insertion), for data an engine keeps beside the table. */
#ifndef PATIENCE_SEARCH_H
#define PATIENCE_SEARCH_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>

static int key_len(const uint8_t *k);

typedef struct {
    uint8_t *keys; /* count * KEYLEN */
    size_t count, cap, max_cap; /* max_cap: the most entries to make room for (0: any) */
    uint64_t *slots;
    size_t nslots;
    int huge; /* advise_huge on its arrays */
} Table;

/* Large tables in huge pages (2 MB; transparent huge pages, where the kernel allows
 * them for regions that ask, as Debian's default "madvise" does): a probe of a table
 * of millions of entries misses the TLB as well as the cache with 4 KB pages
 * (measured, perf: most of the free pool's time in the table was that). Advice
 * only: without it the table is the same. */
#define HUGE_PAGE ((uintptr_t)2 << 20)
static inline void advise_huge(void *p, size_t bytes) {
#ifdef MADV_HUGEPAGE
    uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    uintptr_t e = ((uintptr_t)p + bytes) & ~(HUGE_PAGE - 1);
    if (e > a) madvise((void *)a, e - a, MADV_HUGEPAGE);
#else
    (void)p; (void)bytes;
#endif
}

/* Sorting networks (branch-free, the same result as any sort): v[i] <= v[j] after
 * CX; NET8(E, ...) is the 19 exchanges E(..., i, j) of a network of depth 6 on 8 items (it
 * sorts all 256 inputs of 0s and 1s, so all inputs). CXI exchanges words w and
 * their items' indexes o alike. Big Apple's and Gilbert's keys sort their piles
 * with it (perf had put the compare-and-branch of the insertion sort before at the
 * top of Big Apple's key; the speed measured the same). */
#define CX(T, v, i, j) do { T a_ = v[i], b_ = v[j]; v[i] = a_ < b_ ? a_ : b_; v[j] = a_ < b_ ? b_ : a_; } while (0)
#define CXI(w, o, i, j) do { \
        uint64_t a_ = w[i], b_ = w[j]; int x_ = o[i], y_ = o[j], s_ = b_ < a_; \
        w[i] = s_ ? b_ : a_; w[j] = s_ ? a_ : b_; o[i] = s_ ? y_ : x_; o[j] = s_ ? x_ : y_; \
    } while (0)
#define NET8(E, ...) do { \
        E(__VA_ARGS__, 0, 2); E(__VA_ARGS__, 1, 3); E(__VA_ARGS__, 4, 6); E(__VA_ARGS__, 5, 7); \
        E(__VA_ARGS__, 0, 4); E(__VA_ARGS__, 1, 5); E(__VA_ARGS__, 2, 6); E(__VA_ARGS__, 3, 7); \
        E(__VA_ARGS__, 0, 1); E(__VA_ARGS__, 2, 3); E(__VA_ARGS__, 4, 5); E(__VA_ARGS__, 6, 7); \
        E(__VA_ARGS__, 2, 4); E(__VA_ARGS__, 3, 5); E(__VA_ARGS__, 1, 4); E(__VA_ARGS__, 3, 6); \
        E(__VA_ARGS__, 1, 2); E(__VA_ARGS__, 3, 4); E(__VA_ARGS__, 5, 6); \
    } while (0)
#define SORT8(T, v) NET8(CX, T, v)         /* v: 8 items of type T */
#define SORT8_WORDS(w, o) NET8(CXI, w, o) /* w: 8 words, o: their 8 indexes */

/* n bytes from src to dst as at most a few word-sized copies (the last ones
 * overlapping, so nothing past them is read or written): a memcpy of a variable
 * length compiles to "rep movs", whose start-up took a quarter of Gilbert's free
 * pool's time (perf, deal 225) in the keys' copies of columns */
static inline void copy_small(uint8_t *dst, const uint8_t *src, int n) {
    if (n >= 8) {
        for (int q = 0; q + 8 < n; q += 8) memcpy(dst + q, src + q, 8);
        memcpy(dst + n - 8, src + n - 8, 8);
    } else if (n >= 4) {
        memcpy(dst, src, 4); memcpy(dst + n - 4, src + n - 4, 4);
    } else if (n >= 2) {
        memcpy(dst, src, 2); memcpy(dst + n - 2, src + n - 2, 2);
    } else if (n) {
        dst[0] = src[0];
    }
}

static inline uint64_t hash_key(const uint8_t *k, int len) {
    uint64_t h = 0x9E3779B97F4A7C15ULL, w;
    for (int i = 0; i < len; i += 8) {
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 29;
    }
    return h ^ (h >> 32);
}

/* The most new entries a second any engine's search makes, with room to spare (the
 * fastest measured, Big Apple's restarts, make about 1.2 million). A search of
 * ``seconds`` gets slots for as many entries as it could make at this rate, if that
 * is fewer than ``max_cap``: a search of a few milliseconds (the site's check after
 * each move) must not pay for touching the pages of a table sized for millions (that
 * took 1.3-1.7 ms, more than its budget). A search without ``max_cap`` starts small
 * and grows (sized for 10 s at this rate, a Bisley search of 130,000 positions
 * touched 428 MB of slots and took 1.2 s instead of 0.1 s). */
#define TABLE_RATE 4e6

/* an array of table t, of ``bytes`` bytes at p, in huge pages if t asks for them */
static inline void table_advise(const Table *t, void *p, size_t bytes) {
    if (p && t->huge) advise_huge(p, bytes);
}

/* huge: put the table's arrays in huge pages (advise_huge); measured worth it for
 * Gilbert's searches (the free pool: deal 225, 13.4 s -> 9.4 s with the batch of
 * pool_flush), not for Big Apple's (5 % slower: its phases' tables are made anew
 * and their pages cleared 2 MB at a time) */
static inline int table_init_huge(Table *t, size_t max_cap, double seconds, int huge) {
    size_t want = max_cap; /* 0: no bound, so no room made ahead (Bisley's small searches) */
    if (want && seconds > 0 && seconds * TABLE_RATE < (double)want)
        want = (size_t)(seconds * TABLE_RATE) + 1;
    /* keys for up to 65,536 entries at first (fewer when fewer are wanted: a restart's
     * 2,000), then doubled as needed */
    t->cap = want && want < (1 << 16) ? (want < 256 ? 256 : want) : 1 << 16;
    t->count = 0; t->max_cap = max_cap; t->huge = huge;
    t->keys = malloc(t->cap * KEYLEN);
    table_advise(t, t->keys, t->cap * KEYLEN);
    /* slots for the whole budget at once (calloc'd pages cost nothing until used):
     * growing a table of millions of positions takes a third of a second, during
     * which the clock is not read */
    t->nslots = 1 << 10;
    while (want && t->nslots < 2 * want + 2) t->nslots *= 2;
    t->slots = calloc(t->nslots, sizeof(uint64_t));
    table_advise(t, t->slots, t->nslots * sizeof(uint64_t));
    return t->keys && t->slots;
}

static inline int table_init(Table *t, size_t max_cap, double seconds) {
    return table_init_huge(t, max_cap, seconds, 0);
}

static inline void table_free(Table *t) { free(t->keys); free(t->slots); }

static inline int table_grow(Table *t) {
    size_t n = t->nslots * 2;
    uint64_t *s = calloc(n, sizeof(uint64_t));
    if (!s) return 0;
    table_advise(t, s, n * sizeof(uint64_t));
    for (size_t i = 0; i < t->nslots; i++) {
        uint64_t v = t->slots[i];
        if (!v) continue;
        const uint8_t *old = t->keys + ((v >> 32) - 1) * KEYLEN;
        size_t h = hash_key(old, key_len(old)) & (n - 1);
        while (s[h]) h = (h + 1) & (n - 1);
        s[h] = v;
    }
    free(t->slots); t->slots = s; t->nslots = n;
    return 1;
}

/* the slot of key k (its first len bytes are in use; hk: hash_key(k, len)): its
 * entry's, or the empty one where it would go; *finger: its fingerprint */
static inline size_t table_slot_h(const Table *t, const uint8_t *k, int len, uint64_t hk,
                                  uint32_t *finger) {
    *finger = (uint32_t)(hk >> 32);
    size_t h = hk & (t->nslots - 1);
    while (t->slots[h]) {
        uint64_t v = t->slots[h];
        if ((uint32_t)v == *finger && !memcmp(t->keys + ((v >> 32) - 1) * KEYLEN, k, (size_t)len))
            return h;
        h = (h + 1) & (t->nslots - 1);
    }
    return h;
}

/* A probe of a large table misses the cache twice (its slot, then its key): a
 * search that knows several keys ahead asks for their slots first (table_prefetch),
 * then, once those are in, for the keys their slots point to (table_prefetch_key),
 * so that the misses overlap. Hints only: the table is the same either way. */
static inline void table_prefetch(const Table *t, uint64_t hk) {
    __builtin_prefetch(&t->slots[hk & (t->nslots - 1)]);
}

static inline void table_prefetch_key(const Table *t, uint64_t hk) {
    uint64_t v = t->slots[hk & (t->nslots - 1)];
    if (v && (uint32_t)v == (uint32_t)(hk >> 32)) {
        const uint8_t *key = t->keys + ((v >> 32) - 1) * KEYLEN;
        __builtin_prefetch(key);
        __builtin_prefetch(key + KEYLEN - 1);
    }
}

/* the index of key k's entry (k's first len bytes are in use; hk: its hash_key),
 * -1: not in t */
static inline long table_find_h(const Table *t, const uint8_t *k, int len, uint64_t hk) {
    uint32_t finger;
    uint64_t v = t->slots[table_slot_h(t, k, len, hk, &finger)];
    return v ? (long)(v >> 32) - 1 : -1;
}

static inline long table_find(const Table *t, const uint8_t *k, int len) {
    return table_find_h(t, k, len, hash_key(k, len));
}

/* the index of key k's entry (k's first len bytes are in use, hk: its hash_key; a
 * new entry copies all KEYLEN); *added: whether the entry is new. -1: out of memory */
static inline long table_add_h(Table *t, const uint8_t *k, int len, uint64_t hk, int *added) {
    *added = 0;
    if ((t->count + 1) * 2 > t->nslots && !table_grow(t)) return -1;
    uint32_t finger;
    size_t h = table_slot_h(t, k, len, hk, &finger);
    if (t->slots[h]) return (long)(t->slots[h] >> 32) - 1;
    if (t->count == t->cap) {
        size_t cap = t->cap * 2;
        if (t->max_cap && cap > t->max_cap) cap = t->max_cap > t->cap ? t->max_cap : t->cap + 1;
        uint8_t *nk = realloc(t->keys, cap * KEYLEN);
        if (!nk) return -1;
        table_advise(t, nk, cap * KEYLEN);
        t->keys = nk; t->cap = cap;
    }
    memcpy(t->keys + t->count * KEYLEN, k, KEYLEN);
    t->count++;
    t->slots[h] = ((uint64_t)t->count << 32) | finger;
    *added = 1;
    return (long)t->count - 1;
}

static inline long table_add(Table *t, const uint8_t *k, int len, int *added) {
    return table_add_h(t, k, len, hash_key(k, len), added);
}

/* 1: inserted (new), 0: already present, -1: out of memory */
static inline int table_insert(Table *t, const uint8_t *k, int len) {
    int added;
    return table_add(t, k, len, &added) < 0 ? -1 : added;
}

static inline double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* a search stops at its deadline (0: none) or once another thread sets the byte
 * ``flag`` points to (NULL: none; engine.py's lanes) */
static inline int out_of_time(double deadline, const volatile char *flag) {
    return (flag && *flag) || (deadline > 0 && now() >= deadline);
}

/* the optional argument ``stop`` (None or a writable buffer, e.g. a bytearray(1)) as a
 * flag: 1 with *flag set (release view after the search), 0 without, -1 on error */
static inline int read_flag(PyObject *stop, Py_buffer *view, const volatile char **flag) {
    *flag = NULL;
    if (!stop || stop == Py_None) return 0;
    if (PyObject_GetBuffer(stop, view, PyBUF_SIMPLE) < 0) return -1;
    if (view->len < 1) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_ValueError, "stop: a buffer of one byte or more expected");
        return -1;
    }
    *flag = (const volatile char *)view->buf;
    return 1;
}

/* sorts the ``n`` items of ``size`` bytes at ``items`` by their scores ``sc``,
 * lowest first, equal scores in their order (a stable insertion sort: the move
 * lists it sorts are short) */
static inline void sort_by_score(void *items, size_t size, const int *sc, int n) {
    if (n < 2) return;
    int idx[n];
    unsigned char tmp[(size_t)n * size];
    for (int i = 0; i < n; i++) idx[i] = i;
    for (int i = 1; i < n; i++) {
        int v = idx[i], j = i - 1;
        while (j >= 0 && sc[idx[j]] > sc[v]) { idx[j + 1] = idx[j]; j--; }
        idx[j + 1] = v;
    }
    for (int i = 0; i < n; i++) memcpy(tmp + (size_t)i * size, (unsigned char *)items + (size_t)idx[i] * size, size);
    memcpy(items, tmp, (size_t)n * size);
}

/* makes room for ``need`` items of ``size`` bytes at *p (doubling); 0: out of memory */
static inline int grow(void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 1;
    size_t c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return 0;
    *p = q; *cap = c;
    return 1;
}

#endif
