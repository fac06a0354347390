/* The randomized restarts' random numbers (solver/restarts.py, Rng): xorshift64,
 * seeded from Python. Shared by _gilbert.c and _bigapple.c; restarts.py computes
 * exactly the same numbers, so the compiled and the Python searches shuffle the
 * children alike (the tests compare node counts and lines). */
#ifndef PATIENCE_RNG_H
#define PATIENCE_RNG_H
#include <stdint.h>

/* the next number of the sequence (state *x, never 0) */
static uint64_t rng_next(uint64_t *x) {
    uint64_t v = *x;
    v ^= v << 13;
    v ^= v >> 7;
    v ^= v << 17;
    *x = v;
    return v;
}

/* a number in 0..n-1 (n >= 1) */
static int rng_below(uint64_t *x, int n) { return (int)(rng_next(x) % (uint64_t)n); }

#endif
