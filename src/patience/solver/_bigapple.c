/* Compiled search for Big Apple: the same algorithm as engine.py with the Strategy
 * that applies to Big Apple (the safe Ace rule, the dead ends of pruning/talon_wait.py,
 * pruning/talon_room.py and pruning/frozen.py, symmetry of the foundations, cells and
 * tableau piles, move ordering, canonical transposition table), on a compact state.
 *
 * It is an accelerator, not a second source of truth: every winning line it finds
 * is replayed through the Python rules engine before it is returned, and tests
 * check that its verdicts, node counts and lines equal the Python engine's. See
 * solver/fast.py. With ``streamlined`` it searches the restricted moves of
 * solver/streamline.py instead (a search that may only find wins), and with
 * ``best_first`` it runs the best-first search of solver/bestfirst.py over them.
 *
 * Cards are 0..51 = suit * 13 + rank - 1 (two decks: each value twice). Piles use
 * the library's numbering for Big Apple: 0..7 the foundations (any suit), 8..10
 * the cells, 11..18 the tableau piles, 19 the talon. A move is (src, dst, n)
 * exactly as the library's Move.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_heap.h" /* the best-first search's open list */
#include "_rng.h"  /* the randomized restarts */

#define NF 8
#define NC 3
#define NT 8 /* frozen_dead sorts its piles with SORT8 */
#define C0 8
#define T0 11
#define TALON 19
#define MAXLEN 112
#define KEYLEN 128
#define MAXMOVES 2048
#define VERIFY_SECONDS 5e-5 /* engine.py: time kept per move to replay the line */
#include "_search.h" /* the transposition table (with KEYLEN), the clock */

typedef struct {
    uint8_t col[NT][MAXLEN];
    uint8_t len[NT];
    uint8_t fsuit[NF], frank[NF]; /* a foundation: its suit and top rank (0: empty) */
    int16_t cell[NC];             /* -1: empty */
    uint8_t talon[MAXLEN], tlen;
} State;

typedef struct { uint8_t src, dst, n; } Mv;

/* a card's rank and suit (c % 13 + 1 and c / 13, also for -1, "no card": 0 and
 * 0), from tables filled when the module loads (the searches ask for them at
 * every step) */
static uint8_t rank_of[512], suit_of[512];
static void fill_ranks(void) {
    for (int i = 0; i < 512; i++) {
        rank_of[i] = (uint8_t)((i - 1) % 13 + 1);
        suit_of[i] = (uint8_t)((i - 1) / 13);
    }
}
static int RANK(int c) { return rank_of[(unsigned)(c + 1) & 511]; }
static int SUIT(int c) { return suit_of[(unsigned)(c + 1) & 511]; }

/* ------------------------------------------------------------ keys */
/* the bytes of a key in use (make_key): the rest is padding (0xff); keys are
 * prefix-free (each pile's length comes before its cards), so equal keys have equal
 * lengths and two keys are equal exactly when their used bytes are */
static int key_len(const uint8_t *k) {
    int p = NF + NC + 1;
    for (int i = 0; i < NT; i++) p += 1 + k[p];
    return p;
}

/* canonical key (Position.canonical_key up to encoding): the foundations (each
 * suit's heights, sorted), the cells sorted, the talon's length (its cards are the start's, in order), the
 * tableau piles sorted (each: length, cards). Two positions get the same key
 * exactly when they differ only by the order of the piles within these groups. */
static int col_cmp(const State *s, int a, int b) {
    if (s->len[a] != s->len[b]) return s->len[a] - s->len[b];
    return memcmp(s->col[a], s->col[b], s->len[a]);
}

static void sort_bytes(uint8_t *v, int n) {
    if (n == 8) { SORT8(uint8_t, v); return; }
    if (n == 3) { CX(uint8_t, v, 0, 1); CX(uint8_t, v, 1, 2); CX(uint8_t, v, 0, 1); return; }
    if (n == 2) { CX(uint8_t, v, 0, 1); return; }
    for (int i = 1; i < n; i++) {
        uint8_t x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
}

/* the foundations as NF bytes: each suit's two heights, the lower first, 0: none
 * (at most two foundations a suit: a position holds two decks, validate.py); the
 * canonical form of the foundations for the keys and the frozen closure */
static void foundation_heights(const State *s, uint8_t *h) {
    _Static_assert(NF == 2 * 4, "two foundations a suit");
    memset(h, 0, NF);
    for (int f = 0; f < NF; f++)
        if (s->frank[f]) {
            uint8_t *u = h + 2 * s->fsuit[f];
            u[u[0] != 0] = s->frank[f];
        }
    for (int u = 0; u < 4; u++) CX(uint8_t, h, 2 * u, 2 * u + 1);
}

static int make_key(const State *s, uint8_t *k) {
    memset(k, 0xff, KEYLEN);
    int p = 0;
    foundation_heights(s, k + p);
    p += NF;
    for (int c = 0; c < NC; c++) k[p + c] = s->cell[c] < 0 ? 0xfe : (uint8_t)s->cell[c];
    sort_bytes(k + p, NC); p += NC;
    k[p++] = s->tlen;
    /* the piles in col_cmp's order: by a prefix word (the length, then the first
     * seven cards, big-endian, 0 past the end) with a sorting network, then
     * col_cmp where those tie (an insertion pass within runs of equal words) */
    int order[NT];
    uint64_t pre[NT];
    for (int i = 0; i < NT; i++) {
        int n = s->len[i];
        uint64_t w; /* the first eight bytes (col has MAXLEN), big-endian */
        memcpy(&w, s->col[i], 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        w = __builtin_bswap64(w);
#endif
        w >>= 8; /* the first seven, in the low 56 bits */
        if (n < 7) w &= ~(((uint64_t)1 << (56 - 8 * n)) - 1);
        pre[i] = (uint64_t)n << 56 | w;
        order[i] = i;
    }
    _Static_assert(NT == 8, "the network sorts 8 piles");
    SORT8_WORDS(pre, order);
    for (int i = 1; i < NT; i++) {
        int v = order[i], j = i - 1;
        while (j >= 0 && pre[j] == pre[i] && s->len[v] > 7 && col_cmp(s, order[j], v) > 0) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = v;
    }
    for (int i = 0; i < NT; i++) {
        int c = order[i];
        k[p++] = s->len[c];
        copy_small(k + p, s->col[c], s->len[c]);
        p += s->len[c];
    }
    return p;
}

/* the state without the talon's cards (the root's, in order) as KEYLEN bytes, the
 * piles in their own order */
static void pack(const State *s, uint8_t *k) {
    int p = 0;
    for (int f = 0; f < NF; f++) k[p++] = s->frank[f] ? (uint8_t)(s->fsuit[f] * 14 + s->frank[f]) : 0;
    for (int c = 0; c < NC; c++) k[p++] = s->cell[c] < 0 ? 0xff : (uint8_t)s->cell[c];
    k[p++] = s->tlen;
    for (int t = 0; t < NT; t++) {
        k[p++] = s->len[t];
        copy_small(k + p, s->col[t], s->len[t]);
        p += s->len[t];
    }
}

/* exact key (Position.key up to encoding): pack's bytes, the rest padding (0xff,
 * as make_key's: the hash reads whole words), so two positions get the same key
 * exactly when they are equal pile for pile */
static int exact_key(const State *s, uint8_t *k) {
    memset(k, 0xff, KEYLEN);
    pack(s, k);
    return key_len(k);
}

/* ------------------------------------------------------------ moves */
static int top_of(const State *s, int pile) {
    if (pile < C0) return s->frank[pile] ? s->fsuit[pile] * 13 + s->frank[pile] - 1 : -1;
    if (pile < T0) return s->cell[pile - C0];
    if (pile < TALON) { int t = pile - T0; return s->len[t] ? s->col[t][s->len[t] - 1] : -1; }
    return s->tlen ? s->talon[s->tlen - 1] : -1;
}

/* takes the top card off a foundation, cell or the talon */
static int take(State *s, int pile) {
    int c = top_of(s, pile);
    if (pile < C0) s->frank[pile]--;
    else if (pile < T0) s->cell[pile - C0] = -1;
    else if (pile < TALON) s->len[pile - T0]--;
    else s->tlen--;
    return c;
}

static void put(State *s, int pile, int card) {
    if (pile < C0) {
        if (!s->frank[pile]) s->fsuit[pile] = (uint8_t)SUIT(card);
        s->frank[pile]++;
    } else if (pile < T0) s->cell[pile - C0] = (int16_t)card;
    else if (pile < TALON) { int t = pile - T0; s->col[t][s->len[t]++] = (uint8_t)card; }
    else s->talon[s->tlen++] = (uint8_t)card;
}

static void move_cards(State *s, int src, int dst, int n) {
    if (n == 1) { put(s, dst, take(s, src)); return; }
    /* runs move only between tableau piles */
    int a = src - T0, b = dst - T0, from = s->len[a] - n;
    memcpy(s->col[b] + s->len[b], s->col[a] + from, (size_t)n);
    s->len[b] += (uint8_t)n;
    s->len[a] = (uint8_t)from;
}

static void apply(State *s, Mv m) { move_cards(s, m.src, m.dst, m.n); }
static void undo(State *s, Mv m) { move_cards(s, m.dst, m.src, m.n); }

static int won(const State *s) {
    for (int f = 0; f < NF; f++) if (s->frank[f] != 13) return 0;
    return 1;
}

/* what the foundations, piles and cells take now (movegen.generate_moves) */
typedef struct {
    int8_t want_f[52][NF]; uint8_t nwant_f[52]; /* foundations that take a card */
    int8_t want_t[52][NT]; uint8_t nwant_t[52]; /* tableau piles whose top takes it */
    uint8_t wanted[52];                         /* ordering.wanted_cards */
    int empty_t[NT], nempty_t, empty_c[NC], nempty_c;
} Wants;

static void wants(const State *s, Wants *w) {
    memset(w->nwant_f, 0, sizeof w->nwant_f);
    memset(w->nwant_t, 0, sizeof w->nwant_t);
    memset(w->wanted, 0, sizeof w->wanted);
    int any[NF], nany = 0;
    for (int f = 0; f < NF; f++) {
        if (s->frank[f]) {
            if (s->frank[f] < 13) {
                int c = s->fsuit[f] * 13 + s->frank[f];
                w->want_f[c][w->nwant_f[c]++] = (int8_t)f;
                w->wanted[c] = 1;
            }
        } else any[nany++] = f;
    }
    if (nany)
        for (int u = 0; u < 4; u++) {
            int c = u * 13;
            for (int i = 0; i < nany; i++) w->want_f[c][w->nwant_f[c]++] = (int8_t)any[i];
            w->wanted[c] = 1;
        }
    w->nempty_t = 0;
    for (int t = 0; t < NT; t++) {
        if (!s->len[t]) { w->empty_t[w->nempty_t++] = t; continue; }
        int r = RANK(s->col[t][s->len[t] - 1]);
        if (r == 1) continue;
        for (int u = 0; u < 4; u++) {
            int c = u * 13 + r - 2;
            w->want_t[c][w->nwant_t[c]++] = (int8_t)t;
        }
    }
    w->nempty_c = 0;
    for (int c = 0; c < NC; c++) if (s->cell[c] < 0) w->empty_c[w->nempty_c++] = c;
}

static int movable_count(const State *s, int t) {
    int n = 1, i = s->len[t] - 1;
    while (i > 0) {
        int below = s->col[t][i - 1], above = s->col[t][i];
        if (RANK(above) + 1 != RANK(below) || SUIT(above) != SUIT(below)) break;
        n++; i--;
    }
    return n;
}

#define ADD(a, b, c) (out[n++] = (Mv){(uint8_t)(a), (uint8_t)(b), (uint8_t)(c)})

/* every legal move in the library's order (movegen.generate_moves) */
static int generate(const State *s, const Wants *w, Mv *out) {
    int n = 0;
    for (int f = 0; f < NF; f++) { /* play-back */
        int card = top_of(s, f);
        if (card < 0) continue;
        for (int i = 0; i < w->nwant_t[card]; i++) ADD(f, T0 + w->want_t[card][i], 1);
    }
    for (int c = 0; c < NC; c++) {
        int card = s->cell[c];
        if (card < 0) continue;
        for (int i = 0; i < w->nwant_f[card]; i++) ADD(C0 + c, w->want_f[card][i], 1);
        for (int i = 0; i < w->nwant_t[card]; i++) ADD(C0 + c, T0 + w->want_t[card][i], 1);
        for (int i = 0; i < w->nempty_t; i++) ADD(C0 + c, T0 + w->empty_t[i], 1);
    }
    for (int t = 0; t < NT; t++) {
        if (!s->len[t]) continue;
        int card = s->col[t][s->len[t] - 1];
        for (int i = 0; i < w->nwant_f[card]; i++) ADD(T0 + t, w->want_f[card][i], 1);
        int run = movable_count(s, t);
        for (int k = 1; k <= run; k++) {
            int head = s->col[t][s->len[t] - k];
            for (int i = 0; i < w->nwant_t[head]; i++)
                if (w->want_t[head][i] != t) ADD(T0 + t, T0 + w->want_t[head][i], k);
        }
        for (int i = 0; i < w->nempty_c; i++) ADD(T0 + t, C0 + w->empty_c[i], 1);
    }
    if (s->tlen) {
        int card = s->talon[s->tlen - 1];
        for (int i = 0; i < w->nwant_f[card]; i++) ADD(TALON, w->want_f[card][i], 1);
        for (int i = 0; i < w->nwant_t[card]; i++) ADD(TALON, T0 + w->want_t[card][i], 1);
        for (int i = 0; i < w->nempty_t; i++) ADD(TALON, T0 + w->empty_t[i], 1);
        for (int i = 0; i < w->nempty_c; i++) ADD(TALON, C0 + w->empty_c[i], 1);
    }
    return n;
}

/* ------------------------------------------------------------ ordering (ordering.py) */
static int score(const State *s, const Wants *w, Mv m) {
    if (m.dst < C0) return -20;
    int v = 0;
    if (m.src >= T0 && m.src < TALON) {
        int t = m.src - T0, rest = s->len[t] - m.n;
        if (rest) {
            if (w->wanted[s->col[t][rest - 1]]) v -= 8;
            int cnt = 0;
            for (int j = 0; j < rest; j++) cnt += w->wanted[s->col[t][j]];
            v -= m.n * cnt;
        } else if (m.dst >= T0 && m.dst < TALON && !s->len[m.dst - T0]) {
            v += 10;
        }
    } else if (m.src < C0) {
        v += 6;
    } else if (m.src == TALON) {
        v -= 1;
    }
    if (m.dst >= T0 && m.dst < TALON) {
        int t = m.dst - T0, cnt = 0;
        for (int j = 0; j < s->len[t]; j++) cnt += w->wanted[s->col[t][j]];
        v += 3 * m.n * cnt;
    } else if (m.dst < T0) {
        v += 2; /* into a cell */
    }
    return v;
}

static void order(const State *s, const Wants *w, Mv *moves, int n) {
    int sc[MAXMOVES];
    for (int i = 0; i < n; i++) sc[i] = score(s, w, moves[i]);
    sort_by_score(moves, sizeof(Mv), sc, n);
}

static int group_of(int pile) { return pile < C0 ? 0 : pile < T0 ? 1 : pile < TALON ? 2 : -1; }

/* the streamlined search (streamline.py): no card back from a foundation; a move
 * off a tableau pile (onto a pile or into a cell) only when it empties the pile or
 * uncovers a card that a foundation takes or that takes the talon's or a cell's card */
static int takes(int below, int above) { return above >= 0 && RANK(above) + 1 == RANK(below); }

static int kept(const State *s, const Wants *w, Mv m) {
    if (m.src < C0) return 0;
    if (m.src < T0 || m.src == TALON || m.dst < C0) return 1;
    int t = m.src - T0, rest = s->len[t] - m.n;
    if (!rest) return !(m.dst >= T0 && !s->len[m.dst - T0]);
    int u = s->col[t][rest - 1];
    if (w->wanted[u] || takes(u, top_of(s, TALON))) return 1;
    for (int c = 0; c < NC; c++) if (takes(u, s->cell[c])) return 1;
    return 0;
}

/* ------------------------------------------------------------ talon wait (pruning/talon_wait.py) */
/* the least fixpoint of talon_wait.py. A pile's moved cards are always the ones
 * from some index up (a card leaves with every card above it that is still
 * there), so each pile keeps that index: gone[t] (len: none moved). The sets are
 * bit masks: top (bit r: a card of rank r may be on top), takeable[u] (bit r: the
 * card of suit u and rank r may be taken) and height[u] (bit q: a foundation of
 * suit u may reach height q). */
static int talon_stuck(const State *s) {
    if (!s->tlen) return 0;
    int card = s->talon[s->tlen - 1], r = RANK(card);
    for (int c = 0; c < NC; c++) if (s->cell[c] < 0) return 0;
    for (int t = 0; t < NT; t++)
        if (!s->len[t] || RANK(s->col[t][s->len[t] - 1]) == r + 1) return 0;
    for (int f = 0; f < NF; f++) {
        if (!s->frank[f]) { if (r == 1) return 0; }
        else if (r > 1 && s->fsuit[f] == SUIT(card) && s->frank[f] + 1 == r) return 0;
    }
    int gone[NT], back[NF]; /* back[f]: the foundation's cards from this height up are played back */
    /* Here every cell holds a card and no pile is empty (above), and the search
     * ends as soon as a change would give the next round an empty pile, a moved
     * cell (a free one) or rank r + 1 on top: that round would find that the card
     * may leave. The piles' part of top and takeable only grows (gone only falls),
     * so it is kept from round to round, each change adding the cards it frees:
     * every round sees the sets a recount of every pile's cards would give. */
    unsigned kept_top = 0, kept_takeable[4] = {0, 0, 0, 0};
    for (int t = 0; t < NT; t++) {
        gone[t] = s->len[t];
        int c = s->col[t][s->len[t] - 1];
        kept_top |= 1u << RANK(c);
        kept_takeable[SUIT(c)] |= 1u << RANK(c);
    }
    for (int c = 0; c < NC; c++) kept_takeable[SUIT(s->cell[c])] |= 1u << RANK(s->cell[c]);
    for (int f = 0; f < NF; f++) back[f] = s->frank[f];
    for (;;) {
        int changed = 0;
        unsigned top = kept_top, height[4], takeable[4];
        for (int u = 0; u < 4; u++) { height[u] = 0; takeable[u] = kept_takeable[u]; }
        for (int f = 0; f < NF; f++) {
            int n = s->frank[f], u = s->fsuit[f], b = back[f];
            if (!n || !b)
                for (int v = 0; v < 4; v++) height[v] |= 1;
            if (b < n) { /* ranks b + 1 .. n */
                unsigned played = (1u << (n + 1)) - (1u << (b + 1));
                top |= played;
                takeable[u] |= played;
            }
            if (n) height[u] |= (1u << (n + 1)) - (1u << (b > 1 ? b : 1)); /* max(b, 1) .. n */
        }
        for (int v = 0; v < 4; v++) /* up each suit's runs of takeable cards */
            for (unsigned h = height[v], k = (h << 1) & takeable[v]; k & ~h; k = (h << 1) & takeable[v])
                height[v] = h |= k;
        /* the sets only grow: once the card may leave, it may */
        if (height[SUIT(card)] >> (r - 1) & 1 || top >> (r + 1) & 1) return 0;
        for (int t = 0; t < NT; t++) {
            int g = gone[t];
            int best = g;
            /* b = g - 1 alone: a foundation too (no cell is free) */
            int c = s->col[t][g - 1], rc = RANK(c);
            if (height[SUIT(c)] >> (rc - 1) & 1 || top >> (rc + 1) & 1) best = g - 1;
            /* lower b: with the same-suit run up to g - 1, onto a top */
            for (int b = g - 2; b >= 0; b--) {
                int below = s->col[t][b], above = s->col[t][b + 1];
                if (SUIT(above) != SUIT(below) || RANK(above) + 1 != RANK(below)) break;
                if (top >> (RANK(below) + 1) & 1) best = b;
            }
            if (best < g) { /* the cards from best - 1 up to g - 2 join top and takeable */
                if (!best) return 0; /* the pile would be empty */
                gone[t] = best;
                changed = 1;
                for (int i = best - 1; i < g - 1; i++) {
                    int x = s->col[t][i];
                    kept_top |= 1u << RANK(x);
                    kept_takeable[SUIT(x)] |= 1u << RANK(x);
                }
                if (kept_top >> (r + 1) & 1) return 0;
            }
        }
        for (int c = 0; c < NC; c++) { /* a cell's card that may move frees the cell */
            int x = s->cell[c], rx = RANK(x);
            if (top >> (rx + 1) & 1 || height[SUIT(x)] >> (rx - 1) & 1) return 0;
        }
        for (int f = 0; f < NF; f++) {
            int i = back[f] - 1; /* the highest card not played back */
            if (i >= 0 && i + 1 < 13 && top >> (i + 2) & 1) { back[f] = i; changed = 1; }
        }
        if (!changed) return 1;
    }
}

/* ------------------------------------------------------------ talon room (pruning/talon_room.py) */
#define MAXM 17
/* fewest chains for the rank counts cnt[1..13] once the foundations hold some of
 * them (ge[r] foundation piles may reach rank r) and at most cells more are set
 * aside; pin: a rank one of whose cards is in a chain with no card on it (0: none) */
static int fewest_chains_any(const int *cnt, const int *ge, int cells, int pin, int bound) {
    static const int INF = 1 << 20;
    int cur[NF + 1][NC + 1][MAXM], nxt[NF + 1][NC + 1][MAXM];
    for (int g = 0; g <= NF; g++)
        for (int u = 0; u <= NC; u++)
            for (int m = 0; m < MAXM; m++) cur[g][u][m] = INF;
    cur[0][0][0] = 0;
    for (int r = 13; r >= 1; r--) {
        for (int g = 0; g <= NF; g++)
            for (int u = 0; u <= NC; u++)
                for (int m = 0; m < MAXM; m++) nxt[g][u][m] = INF;
        int any = 0;
        for (int g = 0; g <= NF; g++)
            for (int u = 0; u <= NC; u++)
                for (int above = 0; above < MAXM; above++) {
                    int cost = cur[g][u][above];
                    if (cost >= INF) continue;
                    for (int nw = 0; nw <= ge[r] - g; nw++) {
                        int here = cnt[r] - g - nw;
                        for (int c = 0; c <= cells - u && c <= here; c++) {
                            int m = here - c;
                            if (r == pin && !m) continue;
                            int total = cost + (m > above ? m - above : 0);
                            if (total > bound) continue;
                            int held = r == pin ? m - 1 : m; /* the pinned card holds none */
                            if (nxt[g + nw][u + c][held] > total) {
                                nxt[g + nw][u + c][held] = total;
                                any = 1;
                            }
                        }
                    }
                }
        if (!any) return bound + 1;
        memcpy(cur, nxt, sizeof cur);
    }
    int best = bound + 1;
    for (int g = 0; g <= NF; g++)
        for (int u = 0; u <= NC; u++)
            for (int m = 0; m < MAXM; m++)
                if (cur[g][u][m] < best) best = cur[g][u][m];
    return best;
}

/* talon_room._by_rank and _bounds: the rank counts and the foundations' bounds of
 * the cards counted by avail */
static void counts_of(const int avail[4][15], int *cnt, int *ge) {
    memset(ge, 0, 15 * sizeof *ge);
    for (int r = 0; r < 15; r++) cnt[r] = avail[0][r] + avail[1][r] + avail[2][r] + avail[3][r];
    for (int u = 0; u < 4; u++)
        for (int need = 1; need <= 2; need++) {
            int h = 0;
            while (h < 13 && avail[u][h + 1] >= need) h++;
            for (int r = 1; r <= h; r++) ge[r]++;
        }
}

/* talon_room._nowhere: just after card left the talon, the cards before it
 * counted by before, it can be on top of no foundation, in no cell and uncovered
 * in no chain */
static int nowhere(const int before[4][15], int card) {
    int u = SUIT(card), r = RANK(card), q = 1;
    while (q < r && before[u][q]) q++;
    if (q == r) return 0;
    int cnt[15], ge[15];
    counts_of(before, cnt, ge);
    if (NC && fewest_chains_any(cnt, ge, NC - 1, 0, NT) <= NT) return 0;
    cnt[r]++;
    return fewest_chains_any(cnt, ge, NC, r, NT) > NT;
}

/* talon_room._no_room from the cards off the talon ``off`` (by suit and rank) */
static int no_room_of(const State *s, const int off[4][15]) {
    int avail[4][15];
    memcpy(avail, off, sizeof avail);
    int found = MAXLEN;
    for (int k = s->tlen - 1; k >= 0; k--) {
        int c = s->talon[k], cnt[15], ge[15];
        if (nowhere((const int (*)[15])avail, c)) found = k;
        avail[SUIT(c)][RANK(c)]++;
        counts_of((const int (*)[15])avail, cnt, ge);
        if (found != k && fewest_chains_any(cnt, ge, NC, 0, NT) > NT) found = k;
    }
    return found;
}

/* no_room_of depends only on the talon and the cards off it, and takes about 2 ms
 * (the dynamic programme for every length of the talon), while a solve starts many
 * searches from one position (its phases, and hundreds of restarts): each thread
 * (phases.py's lanes) keeps its last answer. */
typedef struct {
    int valid, tlen, answer;
    uint8_t talon[MAXLEN];
    int off[4][15];
} NoRoomCache;
static __thread NoRoomCache no_room_cache;

/* talon_room._no_room for the search's start: the smallest k such that the
 * cards off a talon of k cards have no room (MAXLEN: none) */
static int first_no_room(const State *s) {
    int off[4][15];
    memset(off, 0, sizeof off);
    for (int f = 0; f < NF; f++)
        for (int r = 1; r <= s->frank[f]; r++) off[s->fsuit[f]][r]++;
    for (int t = 0; t < NT; t++)
        for (int i = 0; i < s->len[t]; i++) off[SUIT(s->col[t][i])][RANK(s->col[t][i])]++;
    for (int c = 0; c < NC; c++)
        if (s->cell[c] >= 0) off[SUIT(s->cell[c])][RANK(s->cell[c])]++;
    NoRoomCache *m = &no_room_cache;
    if (m->valid && m->tlen == s->tlen && !memcmp(m->talon, s->talon, s->tlen) &&
        !memcmp(m->off, off, sizeof off))
        return m->answer;
    m->answer = no_room_of(s, (const int (*)[15])off);
    m->valid = 1;
    m->tlen = s->tlen;
    memcpy(m->talon, s->talon, s->tlen);
    memcpy(m->off, off, sizeof off);
    return m->answer;
}

/* every tableau pile is a chain (ranks r, r-1, ... from its base) */
static int chains_only(const State *s) {
    for (int t = 0; t < NT; t++)
        for (int i = 1; i < s->len[t]; i++)
            if (RANK(s->col[t][i]) + 1 != RANK(s->col[t][i - 1])) return 0;
    return 1;
}

/* talon_room.stuck_card: no_room from first_no_room at the search's start */
static int jammed(const State *s, int no_room) { return s->tlen > no_room && chains_only(s); }

/* ------------------------------------------------------------ frozen (pruning/frozen.py) */
/* the closure of frozen.py over (talon cards placed, the top ranks M, the
 * foundations' heights by suit, the cells' cards) from a position whose piles are
 * all non-empty: 1 when no state of it lets a pile be emptied (the position is
 * lost) */
#define FROZEN_CAP 32768 /* frozen.CAP (a power of two: the set's slots are 2 * FROZEN_CAP) */
/* A state of the closure, packed: cnt holds the number of tops of rank r in its
 * nibble r (1..13; nibble 14 stays 0), f each suit's two foundation heights
 * (sorted), c the cells' cards (sorted, 255 empty, last), gone one bit per pile
 * (its break, FzCtx, may have left), i the talon cards placed. A state of
 * frozen.py's closure maps to exactly one of these and back (its sorted top ranks
 * are the counts), so the closure has the same states, and the same answer. */
typedef union {
    struct { uint64_t cnt; uint8_t f[4][2], c[NC], gone, i, pad[3]; } s;
    uint64_t w[3];
} Fz;

static int fz_cnt(const Fz *z, int r) { return (int)(z->s.cnt >> (4 * r)) & 15; }
/* the ranks on top, one bit a nibble: bit 4 * r set when some top has rank r */
static uint64_t fz_tops(const Fz *z) {
    uint64_t c = z->s.cnt;
    return (c | c >> 1 | c >> 2 | c >> 3) & 0x1111111111111111u;
}
#define FZ_RANKS_1_12 0x1111111111110u /* fz_tops' bits of ranks 1..12 */
/* the ranks suit u's foundations take, bit r for rank r: an Ace where one is
 * empty (height 0), else one above either height (bit 14 for a King: no rank) */
static unsigned fz_takes(const Fz *z, int u) {
    return 1u << (z->s.f[u][0] + 1) | 1u << (z->s.f[u][1] + 1);
}
/* z with a foundation of suit u at height a now b (the heights kept sorted) */
static void fz_found(Fz *z, int u, int a, int b) {
    uint8_t *f = z->s.f[u];
    if (f[0] == a) f[0] = (uint8_t)b; else f[1] = (uint8_t)b;
    if (f[0] > f[1]) { uint8_t v = f[0]; f[0] = f[1]; f[1] = v; }
}
static void fz_cells(Fz *z) { sort_bytes(z->s.c, NC); } /* sorted, 255 (empty) last */
/* SplitMix64's finaliser: every bit of x moves every bit of the result */
static uint64_t mix64(uint64_t x) {
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    return x ^ (x >> 31);
}

typedef struct {
    int tlen, base_rank[NT], base_suit[NT];
    int brk_above[NT];  /* the rank one above a pile's break (14: none takes it) */
    uint64_t up[NT], same[NT]; /* fz_tops' bit of a base's rank + 1 (0 for a King), of its rank */
    uint8_t unbreaks[15]; /* the piles whose break a top of this rank takes */
    uint8_t taken[52];  /* the piles whose break is this card */
    int rest[4][14];    /* the non-base tableau, cells' and foundations' cards at the start */
    int placed_from[4][14][2]; /* a copy is placed once this many talon cards are (255: never) */
} FzCtx;

/* frozen._escapes: some pile's base may leave (its break gone: onto a top one rank
 * higher; on top itself, into a free cell or onto a foundation) */
static int fz_escape(const FzCtx *x, const Fz *z, uint64_t tops) {
    int free_cell = z->s.c[NC - 1] == 255;
    for (unsigned g = z->s.gone; g; g &= g - 1) {
        int t = __builtin_ctz(g);
        if (tops & x->up[t]) return 1;
        if ((tops & x->same[t]) && (free_cell || fz_takes(z, x->base_suit[t]) >> x->base_rank[t] & 1))
            return 1;
    }
    return 0;
}

/* frozen._unbroken: a pile's break may leave where a top one rank higher (in
 * another pile: its own is lower) takes it */
static void fz_unbroken(const FzCtx *x, Fz *z) {
    for (int t = 0; t < NT; t++)
        if (!(z->s.gone >> t & 1) && fz_cnt(z, x->brk_above[t])) z->s.gone |= (uint8_t)(1 << t);
}
/* z with one top of rank a now b, and _unbroken after it: z had it, so only b's
 * piles may have a break to set free (the ranks on top are z's and b) */
static void fz_top(const FzCtx *x, Fz *z, int a, int b) {
    z->s.cnt = z->s.cnt - ((uint64_t)1 << (4 * a)) + ((uint64_t)1 << (4 * b));
    z->s.gone |= x->unbreaks[b];
}
/* frozen._taken: card c went from a top into a cell or onto a foundation */
static void fz_taken(const FzCtx *x, Fz *z, int c) { z->s.gone |= x->taken[c]; }
/* frozen._break: a pile's lowest card of another suit than the card under it
 * (-1: none) */
static int pile_break(const State *s, int t) {
    for (int i = 1; i < s->len[t]; i++)
        if (SUIT(s->col[t][i]) != SUIT(s->col[t][i - 1])) return s->col[t][i];
    return -1;
}

/* the closure's states seen (open addressing over twice FROZEN_CAP slots, a slot
 * in use when it has the set's generation: nothing to clear between closures) and
 * those still to expand; one per thread (the two lanes) */
typedef struct {
    Fz stack[FROZEN_CAP], slots[2 * FROZEN_CAP];
    uint32_t used[2 * FROZEN_CAP], gen;
    int nseen, nstack;
} FzSet;
static __thread FzSet frozen_set;

/* z into the set unless seen (and onto the stack): 0 when the set is full */
static int fz_add(FzSet *set, const Fz *z) {
    /* (the words spread by odd multipliers, then mixed once) */
    uint64_t w = z->w[0] ^ z->w[1] * 0x9E3779B97F4A7C15u ^ z->w[2] * 0xC2B2AE3D27D4EB4Fu;
    size_t at = (size_t)mix64(w) & (2 * FROZEN_CAP - 1);
    while (set->used[at] == set->gen) {
        const Fz *o = &set->slots[at];
        if (o->w[0] == z->w[0] && o->w[1] == z->w[1] && o->w[2] == z->w[2]) return 1;
        at = (at + 1) & (2 * FROZEN_CAP - 1);
    }
    if (set->nseen == FROZEN_CAP) return 0;
    set->nseen++;
    set->used[at] = set->gen;
    set->slots[at] = *z;
    set->stack[set->nstack++] = *z;
    return 1;
}

/* The clock, for a closure: one of FROZEN_CAP states takes milliseconds, and a
 * position's children may each need one, so a search past its deadline (or told
 * to stop) would overrun its budget between two looks at the clock (every 8
 * positions). */
typedef struct { double deadline; const volatile char *flag; } FzClock;
#define FZ_CLOCK_EVERY 4096 /* closure states between two looks at the clock */

/* frozen._closed for s (no pile empty): 1 when no state of the closure escapes
 * and it has at most FROZEN_CAP states, 0 when one escapes or it has more, 2
 * when the search ran out of time first (not proved: no answer) */
static int frozen_closure(const State *s, const int8_t (*tpos)[14][2], FzSet *set,
                          const FzClock *clock) {
    FzCtx x;
    Fz z0;
    memset(&x, 0, sizeof x);
    memset(&z0, 0, sizeof z0);
    x.tlen = s->tlen;
    _Static_assert(sizeof z0.s.f == NF, "the closure keeps the foundations as their heights");
    foundation_heights(s, (uint8_t *)z0.s.f);
    for (int c = 0; c < NC; c++) z0.s.c[c] = s->cell[c] < 0 ? 255 : (uint8_t)s->cell[c];
    fz_cells(&z0);
    for (int t = 0; t < NT; t++) {
        int b = s->col[t][0], k = pile_break(s, t);
        x.base_rank[t] = RANK(b);
        x.base_suit[t] = SUIT(b);
        x.brk_above[t] = k < 0 ? 14 : RANK(k) + 1;
        x.unbreaks[x.brk_above[t]] |= (uint8_t)(1 << t);
        x.up[t] = RANK(b) < 13 ? (uint64_t)1 << (4 * (RANK(b) + 1)) : 0;
        x.same[t] = (uint64_t)1 << (4 * RANK(b));
        if (k < 0) z0.s.gone |= (uint8_t)(1 << t);
        else x.taken[k] |= (uint8_t)(1 << t);
        z0.s.cnt += (uint64_t)1 << (4 * RANK(s->col[t][s->len[t] - 1]));
    }
    fz_unbroken(&x, &z0);
    if (fz_escape(&x, &z0, fz_tops(&z0))) return 0; /* (many closures end here) */
    /* the cards off the talon but the bases (a position holds both decks,
     * validate.py) */
    for (int u = 0; u < 4; u++)
        for (int r = 1; r <= 13; r++)
            for (int i = 0; i < 2; i++) {
                int in_talon = tpos[u][r][i] >= 0 && tpos[u][r][i] < x.tlen;
                x.rest[u][r] += !in_talon;
                x.placed_from[u][r][i] = in_talon ? x.tlen - tpos[u][r][i] : 255;
            }
    for (int t = 0; t < NT; t++) x.rest[SUIT(s->col[t][0])][RANK(s->col[t][0])]--;
    if (!++set->gen) { /* the generations wrapped: clear */
        memset(set->used, 0, sizeof set->used);
        set->gen = 1;
    }
    set->nseen = set->nstack = 0;
    fz_add(set, &z0);
    for (unsigned expanded = 1; set->nstack; expanded++) {
        if (expanded % FZ_CLOCK_EVERY == 0 && out_of_time(clock->deadline, clock->flag)) return 2;
        Fz z = set->stack[--set->nstack];
        uint64_t tops = fz_tops(&z);
        if (fz_escape(&x, &z, tops)) return 0;
        unsigned takes[4];
        for (int u = 0; u < 4; u++) takes[u] = fz_takes(&z, u);
        Fz kids[96];
        int nk = 0;
        int free_cell = z.s.c[NC - 1] == 255;
        if (z.s.i < x.tlen) {
            int c = s->talon[x.tlen - 1 - z.s.i], r = RANK(c), u = SUIT(c);
            if (r < 13 && fz_cnt(&z, r + 1)) { Fz k = z; k.s.i++; fz_top(&x, &k, r + 1, r); kids[nk++] = k; }
            if (takes[u] >> r & 1) { Fz k = z; k.s.i++; fz_found(&k, u, r - 1, r); kids[nk++] = k; }
            if (free_cell) { Fz k = z; k.s.i++; k.s.c[NC - 1] = (uint8_t)c; fz_cells(&k); kids[nk++] = k; }
        }
        /* cells' cards onto a top or a foundation */
        for (int j = 0; j < NC; j++) {
            int c = z.s.c[j];
            if (c == 255 || (j && z.s.c[j - 1] == c)) continue;
            int r = RANK(c), u = SUIT(c);
            if (r < 13 && fz_cnt(&z, r + 1)) { Fz k = z; k.s.c[j] = 255; fz_cells(&k); fz_top(&x, &k, r + 1, r); kids[nk++] = k; }
            if (takes[u] >> r & 1) { Fz k = z; k.s.c[j] = 255; fz_cells(&k); fz_found(&k, u, r - 1, r); kids[nk++] = k; }
        }
        /* a top card of rank q (on a card of rank q + 1) into a cell or onto a foundation */
        for (uint64_t m = tops & FZ_RANKS_1_12; m; m &= m - 1) {
            int q = __builtin_ctzll(m) / 4;
            for (int u = 0; u < 4; u++) {
                const uint8_t *f = z.s.f[u];
                int accepts = takes[u] >> q & 1;
                if (!accepts && !free_cell) continue; /* nowhere to go: no need to count */
                int have = x.rest[u][q] - (f[0] >= q) - (f[1] >= q);
                have += (z.s.i >= x.placed_from[u][q][0]) + (z.s.i >= x.placed_from[u][q][1]);
                for (int j = 0; j < NC; j++) have -= z.s.c[j] == u * 13 + q - 1; /* (255: empty) */
                if (have <= 0) continue;
                if (accepts) { Fz k = z; fz_top(&x, &k, q, q + 1); fz_found(&k, u, q - 1, q); fz_taken(&x, &k, u * 13 + q - 1); kids[nk++] = k; }
                if (free_cell) { Fz k = z; fz_top(&x, &k, q, q + 1); k.s.c[NC - 1] = (uint8_t)(u * 13 + q - 1); fz_cells(&k); fz_taken(&x, &k, u * 13 + q - 1); kids[nk++] = k; }
            }
        }
        /* a foundation's top card back onto a top one rank higher */
        for (int u = 0; u < 4; u++)
            for (int i = 0; i < 2; i++) {
                int h = z.s.f[u][i];
                if (!h || (i && z.s.f[u][0] == h) || h == 13 || !fz_cnt(&z, h + 1)) continue;
                Fz k = z; fz_top(&x, &k, h + 1, h); fz_found(&k, u, h, h - 1); kids[nk++] = k;
            }
        for (int i = 0; i < nk; i++)
            if (!fz_add(set, &kids[i])) return 0; /* too large a closure: not proved */
    }
    return 1;
}

/* the closure depends only on the talon, the top ranks, each pile's base and
 * break, the foundations and the cells: each thread keeps its last answers for one
 * talon (a direct-mapped cache; a position whose talon is not a bottom part of that
 * one starts a new generation of it) */
#define FROZEN_CACHE 16384
#define FZ_KEY (NT + 2 * NT + NF + NC + 1)
#define FZ_WORDS ((FZ_KEY + 7) / 8)
typedef struct { uint32_t gen; uint8_t key[FZ_KEY], answer; } FzMemo;
typedef struct {
    uint32_t gen;
    int tlen;
    uint8_t talon[MAXLEN];
    int8_t tpos[4][14][2]; /* where in talon (from its bottom) each card is, -1: not */
    FzMemo memo[FROZEN_CACHE];
} FzCache;
static __thread FzCache frozen_cache;

/* frozen.is_dead: no pile empty, and the closure has no escape (0 where the
 * search ran out of time first: not proved, not kept) */
static int frozen_dead(const State *s, FzCache *fc, FzSet *set, const FzClock *clock) {
    for (int t = 0; t < NT; t++) if (!s->len[t]) return 0;
    if (!fc->gen || fc->tlen < s->tlen || memcmp(fc->talon, s->talon, s->tlen)) {
        fc->gen++; /* entries of other generations do not count */
        fc->tlen = s->tlen;
        memcpy(fc->talon, s->talon, s->tlen);
        memset(fc->tpos, -1, sizeof fc->tpos);
        for (int i = 0; i < s->tlen; i++) {
            int8_t *a = fc->tpos[SUIT(s->talon[i])][RANK(s->talon[i])];
            a[a[0] >= 0] = (int8_t)i;
        }
    }
    uint64_t words[FZ_WORDS] = {0};
    uint8_t *k = (uint8_t *)words;
    uint16_t pile[NT]; /* a pile's base and break */
    for (int t = 0; t < NT; t++) {
        k[t] = (uint8_t)RANK(s->col[t][s->len[t] - 1]);
        pile[t] = (uint16_t)(s->col[t][0] << 8 | (uint8_t)pile_break(s, t));
    }
    sort_bytes(k, NT);
    SORT8(uint16_t, pile); /* NT == 8 */
    for (int t = 0; t < NT; t++) {
        k[NT + 2 * t] = (uint8_t)(pile[t] >> 8);
        k[NT + 2 * t + 1] = (uint8_t)pile[t];
    }
    uint8_t *rest = k + 3 * NT;
    foundation_heights(s, rest);
    for (int c = 0; c < NC; c++) rest[NF + c] = (uint8_t)s->cell[c];
    sort_bytes(rest + NF, NC);
    k[FZ_KEY - 1] = s->tlen;
    uint64_t h = 0;
    for (int i = 0; i < FZ_WORDS; i++) h = mix64(h ^ words[i]);
    FzMemo *e = &fc->memo[h % FROZEN_CACHE];
    if (e->gen == fc->gen && !memcmp(e->key, k, FZ_KEY)) return e->answer;
    int answer = frozen_closure(s, (const int8_t (*)[14][2])fc->tpos, set, clock);
    if (answer == 2) return 0;
    e->gen = fc->gen;
    memcpy(e->key, k, FZ_KEY);
    e->answer = (uint8_t)answer;
    return answer;
}

/* What a search's dead-end checks keep: talon_room's first talon length with no
 * room, and the thread's caches of the frozen closure, found once a search (the
 * engine is a shared object, so each use of a __thread variable calls
 * __tls_get_addr: 2-7 % of a solve's time when children and fz_add used them) */
typedef struct { int no_room; FzCache *cache; FzSet *set; FzClock clock; } Checks;
static Checks checks_for(const State *s, double deadline, const volatile char *flag) {
    return (Checks){first_no_room(s), &frozen_cache, &frozen_set, {deadline, flag}};
}

/* ------------------------------------------------------------ children (Strategy.children) */
static int children(const State *s, Mv *moves, int streamline, const Checks *ck) {
    Wants w;
    wants(s, &w);
    int n = generate(s, &w, moves);
    { /* safe_moves rule 3: no Ace back from a foundation */
        int k = 0;
        for (int i = 0; i < n; i++)
            if (moves[i].src >= C0 || RANK(top_of(s, moves[i].src)) != 1) moves[k++] = moves[i];
        n = k;
    }
    if (!n) return 0;
    if (streamline) {
        int k = 0;
        for (int i = 0; i < n; i++) if (kept(s, &w, moves[i])) moves[k++] = moves[i];
        n = k;
        if (!n) return 0;
    }
    /* safe_moves rule 2: an Ace to a foundation (there is no waste) */
    for (int i = 0; i < n; i++) {
        Mv m = moves[i];
        if (m.dst < C0 && m.src >= C0 && RANK(top_of(s, m.src)) == 1) {
            moves[0] = m;
            return 1;
        }
    }
    if (talon_stuck(s) || jammed(s, ck->no_room) || frozen_dead(s, ck->cache, ck->set, &ck->clock)) return 0;
    /* symmetry.first_empty_only: into the first empty pile of a group only */
    int k = 0, nseen = 0;
    int seen[MAXMOVES]; /* (src, n, group) of the moves kept into an empty pile */
    for (int i = 0; i < n; i++) {
        Mv m = moves[i];
        if (top_of(s, m.dst) < 0) {
            int g = group_of(m.dst);
            if (g >= 0) {
                int sig = (m.src * (MAXLEN + 1) + m.n) * 3 + g, j = 0;
                while (j < nseen && seen[j] != sig) j++;
                if (j < nseen) continue;
                seen[nseen++] = sig;
            }
        }
        moves[k++] = m;
    }
    order(s, &w, moves, k);
    return k;
}

/* ------------------------------------------------------------ search */
typedef struct { size_t base; int n, next; } Frame;

typedef struct {
    Mv *moves; size_t nmoves, cap; /* the children of every frame on the path */
    Frame *frames; size_t depth, fcap;
    uint64_t rng; /* restarts.py: shuffle the children with this state (0: never) */
    Mv *line; size_t line_len; /* a won path's line, shortened (else NULL: the path's) */
} Path;

/* lines.shorten: from each position of ``line`` (n moves from root), jump to the
 * latest later position of the line that one legal move reaches (exact keys; the
 * first such move in generation order); the moves into out (n at most). -1: out of
 * memory */
static long shorten(const State *root, const Mv *line, size_t n, Mv *out) {
    Table t;
    long *at = malloc((n + 1) * sizeof(long)); /* by entry: its latest index on the line */
    if (!at || !table_init(&t, n + 1, 0)) { free(at); return -1; }
    uint8_t key[KEYLEN];
    State s = *root;
    int added;
    long e = table_add(&t, key, exact_key(&s, key), &added);
    for (size_t i = 0; e >= 0; i++) {
        at[e] = (long)i;
        if (i == n) break;
        apply(&s, line[i]);
        e = table_add(&t, key, exact_key(&s, key), &added);
    }
    long m = 0;
    if (e >= 0) {
        s = *root;
        Mv moves[MAXMOVES];
        for (size_t here = 0; here < n;) {
            size_t best = here + 1;
            Mv best_move = line[here];
            Wants w;
            wants(&s, &w);
            int k = generate(&s, &w, moves);
            for (int j = 0; j < k; j++) {
                apply(&s, moves[j]);
                long f = table_find(&t, key, exact_key(&s, key));
                undo(&s, moves[j]);
                if (f >= 0 && at[f] > (long)best) { best = (size_t)at[f]; best_move = moves[j]; }
            }
            apply(&s, best_move);
            out[m++] = best_move;
            here = best;
        }
    } else m = -1;
    free(at);
    table_free(&t);
    return m;
}

/* the longest line a won search shortens when the whole line could not be replayed
 * before the deadline (the shortening's table: about 170 bytes a move, 340 MB at
 * most; the search frees its own table first), and a bound of the shortening's time
 * a move (measured about 1 microsecond: deal 5's line of 2,453,573 moves in 2.4 s;
 * deal 851's of 1,121,105 in 0.45 s) */
#define SHORTEN_MAX 2000000
#define SHORTEN_SECONDS 2e-6
/* a search with a deadline shortens a won line longer than this even when it could
 * be replayed in time: the replay takes about 20 microseconds a move (engine.py),
 * 20-40 times the shortening (deal 39: 95,891 moves, 1.8 s to replay; shortened to
 * 6,253 in 0.05 s) */
#define SHORTEN_FROM 10000

/* expands s as a new frame; 0 when out of memory */
static int push_frame(const State *s, Path *p, int streamline, const Checks *ck) {
    if (!grow((void **)&p->moves, &p->cap, p->nmoves + MAXMOVES, sizeof(Mv))) return 0;
    if (!grow((void **)&p->frames, &p->fcap, p->depth + 1, sizeof(Frame))) return 0;
    Frame *f = &p->frames[p->depth++];
    f->base = p->nmoves; f->next = 0;
    Mv *kids = p->moves + p->nmoves;
    f->n = children(s, kids, streamline, ck);
    if (p->rng) { /* restarts.shuffle: the leading foundation moves stay first */
        int lead = 0;
        while (lead < f->n && kids[lead].dst < C0) lead++;
        for (int i = f->n - 1; i > lead; i--) {
            int j = lead + rng_below(&p->rng, i - lead + 1);
            Mv tmp = kids[i]; kids[i] = kids[j]; kids[j] = tmp;
        }
    }
    p->nmoves += (size_t)f->n;
    return 1;
}

/* the won path p from root, shortened into p->line: 0 when it can be replayed before
 * the deadline, else 2 (unknown); -1 out of memory */
static int shorten_won(const State *root, Path *p, double deadline) {
    Mv *path = malloc(p->depth * sizeof(Mv)), *out = malloc(p->depth * sizeof(Mv));
    long m = path && out ? 0 : -1;
    for (size_t i = 0; m == 0 && i < p->depth; i++)
        path[i] = p->moves[p->frames[i].base + p->frames[i].next - 1];
    if (m == 0) m = shorten(root, path, p->depth, out);
    free(path);
    if (m < 0) { free(out); return -1; }
    p->line = out; p->line_len = (size_t)m;
    return now() + (double)m * VERIFY_SECONDS < deadline ? 0 : 2;
}

/* verdict: 0 winnable, 1 lost, 2 unknown, -1 out of memory */
static int search(State *s, long max_nodes, double seconds, const volatile char *flag,
                  int streamline, Path *p, long *nodes_out, long *peak_out) {
    double deadline = seconds > 0 ? now() + seconds : 0; /* the set-up counts too */
    const State root = *s;
    Table t;
    if (!table_init(&t, max_nodes > 0 ? (size_t)max_nodes + 1 : 0, seconds)) { table_free(&t); return -1; }
    const Checks ck = checks_for(s, deadline, flag);
    uint8_t key[KEYLEN];
    table_insert(&t, key, make_key(s, key));
    long nodes = 0, hits = 0;
    int verdict = 1;
    if (won(s)) verdict = 0;
    else if (!push_frame(s, p, streamline, &ck)) verdict = -1;
    while (verdict == 1 && p->depth) {
        Frame *f = &p->frames[p->depth - 1];
        if (f->next == f->n) {
            p->nmoves = f->base;
            p->depth--;
            if (p->depth) {
                Frame *g = &p->frames[p->depth - 1];
                undo(s, p->moves[g->base + g->next - 1]);
            }
            continue;
        }
        Mv m = p->moves[f->base + f->next++];
        apply(s, m);
        int ins = table_insert(&t, key, make_key(s, key));
        if (ins < 0) { verdict = -1; break; }
        if (!ins) {
            undo(s, m);
            /* a long run of table hits finds no new node: look at the clock too */
            if (++hits % 64 == 0 && out_of_time(deadline, flag)) { verdict = 2; break; }
            continue;
        }
        nodes++;
        if (won(s)) {
            /* the line is replayed in Python before it is returned: a win found too
             * late for that is given up (the budget is a hard stop, engine.py),
             * unless its shortened line can be (the Python engine gives it up); a
             * long line is shortened anyway, which costs less than its replay */
            verdict = deadline > 0 && now() + p->depth * VERIFY_SECONDS >= deadline ? 2 : 0;
            if (deadline > 0 && (verdict == 2 || p->depth > SHORTEN_FROM) &&
                p->depth <= SHORTEN_MAX && now() + p->depth * SHORTEN_SECONDS < deadline) {
                /* the table is done with: its memory goes to the shortening's */
                *peak_out = (long)t.count;
                table_free(&t);
                memset(&t, 0, sizeof t);
                verdict = shorten_won(&root, p, deadline);
            }
            break;
        }
        if ((max_nodes > 0 && nodes >= max_nodes) ||
            (nodes % 8 == 0 && out_of_time(deadline, flag))) {
            verdict = 2;
            break;
        }
        if (!push_frame(s, p, streamline, &ck)) { verdict = -1; break; }
    }
    *nodes_out = nodes;
    if (t.keys) *peak_out = (long)t.count;
    table_free(&t);
    return verdict;
}

/* ------------------------------------------------------------ best-first (bestfirst.py) */
/* bestfirst.estimate for a talon game (lower is better) */
/* bestfirst.TALON_WEIGHTS, one row an estimate: a card still in the talon, a card
 * off the foundations, a card on top of a card a foundation takes next, a card in
 * a cell */
static const int WEIGHTS[2][4] = {{2, 1, 1, 2}, {4, 1, 1, 0}};

static int estimate(const State *s, int variant) {
    const int *w = WEIGHTS[variant];
    int found = 0, buried = 0, cells = 0;
    uint8_t want[52];
    memset(want, 0, sizeof want);
    int any = 0;
    for (int f = 0; f < NF; f++) {
        found += s->frank[f];
        if (!s->frank[f]) any = 1;
        else if (s->frank[f] < 13) want[s->fsuit[f] * 13 + s->frank[f]] = 1;
    }
    if (any) for (int u = 0; u < 4; u++) want[u * 13] = 1;
    for (int t = 0; t < NT; t++)
        for (int j = 0; j < s->len[t]; j++)
            if (want[s->col[t][j]]) buried += s->len[t] - 1 - j;
    for (int c = 0; c < NC; c++) cells += s->cell[c] >= 0;
    return w[0] * s->tlen + w[1] * (2 * 52 - found) + w[2] * buried + w[3] * cells;
}

static void unpack(State *s, const uint8_t *k) {
    int p = 0;
    for (int f = 0; f < NF; f++) {
        int v = k[p++];
        s->frank[f] = (uint8_t)(v % 14);
        s->fsuit[f] = (uint8_t)(v / 14);
    }
    for (int c = 0; c < NC; c++) { int v = k[p++]; s->cell[c] = v == 0xff ? -1 : (int16_t)v; }
    s->tlen = k[p++];
    for (int t = 0; t < NT; t++) {
        s->len[t] = k[p++];
        memcpy(s->col[t], k + p, s->len[t]);
        p += s->len[t];
    }
}

typedef struct { uint32_t parent; Mv m; uint32_t depth; } BNode;

/* bestfirst.search: expand the open node of the lowest estimate (ties: the one
 * found last); each new position of its children enters the table as a node.
 * Open nodes are kept packed (KEYLEN bytes each), the line is read back through
 * the parents into *line. verdict: 0 winnable, 1 exhausted, 2 unknown, -1 out of
 * memory */
static int best_first(const State *root, long max_nodes, double seconds,
                      const volatile char *flag, int streamline, int variant, Mv **line,
                      size_t *line_len, long *nodes_out, long *peak_out) {
    double deadline = seconds > 0 ? now() + seconds : 0; /* the set-up counts too */
    Table t;
    if (!table_init(&t, max_nodes > 0 ? (size_t)max_nodes + 1 : 0, seconds)) { table_free(&t); return -1; }
    const Checks ck = checks_for(root, deadline, flag);
    uint8_t key[KEYLEN];
    table_insert(&t, key, make_key(root, key));
    long nodes = 0, hits = 0;
    int verdict = 1;
    BNode *nd = NULL; size_t ncap = 0;
    HEnt *heap = NULL; size_t hn = 0, hcap = 0;
    Mv *kids = malloc(sizeof(Mv) * MAXMOVES);
    uint32_t won_node = 0;
    uint8_t *raw = NULL; size_t rcap = 0;
    *line = NULL; *line_len = 0;
    if (!kids || !grow((void **)&nd, &ncap, 1, sizeof(BNode)) ||
        !grow((void **)&heap, &hcap, 1, sizeof(HEnt)) || !grow((void **)&raw, &rcap, KEYLEN, 1))
        verdict = -1;
    else if (won(root)) verdict = 0;
    else {
        nd[0] = (BNode){0, {0, 0, 0}, 0};
        pack(root, raw);
        heap[hn++] = (HEnt){estimate(root, variant), 0};
    }
    State s = *root;
    while (verdict == 1 && hn) {
        HEnt e = hpop(heap, &hn);
        uint32_t d = nd[e.node].depth;
        unpack(&s, raw + (size_t)e.node * KEYLEN);
        int n = children(&s, kids, streamline, &ck);
        for (int c = 0; c < n && verdict == 1; c++) {
            Mv m = kids[c];
            apply(&s, m);
            int ins = table_insert(&t, key, make_key(&s, key));
            if (ins < 0) { verdict = -1; break; }
            if (!ins) {
                undo(&s, m);
                if (++hits % 64 == 0 && out_of_time(deadline, flag)) { verdict = 2; break; }
                continue;
            }
            nodes++;
            if (!grow((void **)&nd, &ncap, (size_t)nodes + 1, sizeof(BNode))) { verdict = -1; break; }
            nd[nodes] = (BNode){e.node, m, d + 1};
            if (won(&s)) {
                won_node = (uint32_t)nodes;
                verdict = deadline > 0 && now() + (d + 1) * VERIFY_SECONDS >= deadline ? 2 : 0;
                break;
            }
            if ((max_nodes > 0 && nodes >= max_nodes) ||
                (nodes % 8 == 0 && out_of_time(deadline, flag))) {
                verdict = 2;
                break;
            }
            if (!grow((void **)&raw, &rcap, ((size_t)nodes + 1) * KEYLEN, 1) ||
                !grow((void **)&heap, &hcap, hn + 1, sizeof(HEnt))) { verdict = -1; break; }
            pack(&s, raw + (size_t)nodes * KEYLEN);
            hpush(heap, &hn, (HEnt){estimate(&s, variant), (uint32_t)nodes});
            undo(&s, m);
        }
    }
    if (verdict == 0 && won_node) {
        size_t len = nd[won_node].depth;
        *line = malloc(sizeof(Mv) * (len ? len : 1));
        if (!*line) verdict = -1;
        else {
            *line_len = len;
            for (uint32_t v = won_node; v; v = nd[v].parent) (*line)[--len] = nd[v].m;
        }
    }
    *nodes_out = nodes; *peak_out = (long)t.count;
    free(nd); free(heap); free(kids); free(raw);
    table_free(&t);
    return verdict;
}

static int read_cards(PyObject *list, uint8_t *out, int cap, const char *what) {
    Py_ssize_t n = PyList_Size(list);
    if (n < 0 || n > cap) { PyErr_Format(PyExc_ValueError, "bad %s", what); return -1; }
    for (Py_ssize_t j = 0; j < n; j++) {
        long v = PyLong_AsLong(PyList_GetItem(list, j));
        if (v < 0 || v >= 52) { PyErr_Format(PyExc_ValueError, "bad card in %s", what); return -1; }
        out[j] = (uint8_t)v;
    }
    return (int)n;
}

/* the position of the lists founds, cells, cols and talon into s; -1 on error */
static int read_state(PyObject *founds, PyObject *cells, PyObject *cols, PyObject *talon, State *s) {
    memset(s, 0, sizeof *s);
    if (!PyList_Check(founds) || PyList_Size(founds) != NF || !PyList_Check(cells) ||
        PyList_Size(cells) != NC || !PyList_Check(cols) || PyList_Size(cols) != NT ||
        !PyList_Check(talon)) {
        PyErr_SetString(PyExc_ValueError, "8 foundations, 3 cells, 8 piles and a talon expected");
        return -1;
    }
    uint8_t buf[MAXLEN];
    for (int f = 0; f < NF; f++) {
        int n = read_cards(PyList_GetItem(founds, f), buf, 13, "foundation");
        if (n < 0) return -1;
        s->frank[f] = (uint8_t)n;
        s->fsuit[f] = n ? (uint8_t)SUIT(buf[0]) : 0;
    }
    for (int c = 0; c < NC; c++) {
        int n = read_cards(PyList_GetItem(cells, c), buf, 1, "cell");
        if (n < 0) return -1;
        s->cell[c] = n ? buf[0] : -1;
    }
    for (int t = 0; t < NT; t++) {
        int n = read_cards(PyList_GetItem(cols, t), s->col[t], MAXLEN - 16, "pile");
        if (n < 0) return -1;
        s->len[t] = (uint8_t)n;
    }
    int n = read_cards(talon, s->talon, MAXLEN - 16, "talon");
    if (n < 0) return -1;
    s->tlen = (uint8_t)n;
    return 0;
}

/* shorten(founds, cells, cols, talon, line) -> the line shortened as lines.shorten
 * does (line: legal moves (src, dst, n) from the position, ending in a won one) */
static PyObject *py_shorten(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *founds, *cells, *cols, *talon, *line;
    if (!PyArg_ParseTuple(args, "OOOOO!", &founds, &cells, &cols, &talon, &PyList_Type, &line))
        return NULL;
    State s;
    if (read_state(founds, cells, cols, talon, &s) < 0) return NULL;
    size_t n = (size_t)PyList_Size(line);
    Mv *in = malloc((n + 1) * sizeof(Mv)), *out = malloc((n + 1) * sizeof(Mv));
    if (!in || !out) { free(in); free(out); return PyErr_NoMemory(); }
    for (size_t i = 0; i < n; i++) {
        int src, dst, k;
        if (!PyArg_ParseTuple(PyList_GetItem(line, (Py_ssize_t)i), "iii", &src, &dst, &k)) {
            free(in); free(out); return NULL;
        }
        in[i] = (Mv){(uint8_t)src, (uint8_t)dst, (uint8_t)k};
    }
    State probe = s; /* every move must be legal where it is made */
    for (size_t i = 0; i < n; i++) {
        Wants w;
        Mv moves[MAXMOVES];
        wants(&probe, &w);
        int k = generate(&probe, &w, moves), legal = 0;
        for (int j = 0; j < k && !legal; j++)
            legal = moves[j].src == in[i].src && moves[j].dst == in[i].dst && moves[j].n == in[i].n;
        if (!legal) {
            free(in); free(out);
            PyErr_Format(PyExc_ValueError, "line: move %zu is not legal", i);
            return NULL;
        }
        apply(&probe, in[i]);
    }
    long m = shorten(&s, in, n, out);
    free(in);
    PyObject *lst = m < 0 ? NULL : PyList_New(m);
    for (long i = 0; lst && i < m; i++)
        PyList_SET_ITEM(lst, i, Py_BuildValue("(iii)", out[i].src, out[i].dst, out[i].n));
    free(out);
    if (m < 0) return PyErr_NoMemory();
    return lst;
}

/* solve(foundations, cells, columns, talon, max_nodes, seconds, mode=0, seed=0, stop=None)
 *   mode: bit 0 the streamlined moves, bit 1 the best-first search, bit 2 its
 *   second estimate; seed (depth-first only): shuffle the children with this
 *   random state (restarts.py), 0: never; stop: a buffer whose first byte, once
 *   another thread sets it, ends the search (unknown; see read_flag)
 *   foundations: 8 lists of cards (base first), cells: 3 lists of 0 or 1 card
 *   -> (verdict, [(src, dst, n), ...], nodes, peak) */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *founds, *cells, *cols, *talon;
    long max_nodes; double seconds; int mode = 0;
    unsigned long long seed = 0;
    PyObject *stop = NULL;
    if (!PyArg_ParseTuple(args, "OOOOld|iKO", &founds, &cells, &cols, &talon, &max_nodes,
                          &seconds, &mode, &seed, &stop))
        return NULL;
    State s;
    if (read_state(founds, cells, cols, talon, &s) < 0) return NULL;
    Path p;
    memset(&p, 0, sizeof p);
    p.rng = (uint64_t)seed;
    long nodes = 0, peak = 0;
    int verdict;
    Mv *best = NULL;
    size_t best_len = 0;
    Py_buffer view;
    const volatile char *flag;
    int held = read_flag(stop, &view, &flag);
    if (held < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    if (mode & 2)
        verdict = best_first(&s, max_nodes, seconds, flag, mode & 1, (mode >> 2) & 1, &best,
                             &best_len, &nodes, &peak);
    else verdict = search(&s, max_nodes, seconds, flag, mode & 1, &p, &nodes, &peak);
    Py_END_ALLOW_THREADS
    if (held) PyBuffer_Release(&view);
    PyObject *lst = NULL;
    if (verdict >= 0) {
        size_t len = verdict == 0 ? (mode & 2 ? best_len : p.line ? p.line_len : p.depth) : 0;
        lst = PyList_New((Py_ssize_t)len);
        for (size_t i = 0; lst && i < len; i++) {
            Mv m = mode & 2 ? best[i]
                 : p.line ? p.line[i]
                 : p.moves[p.frames[i].base + p.frames[i].next - 1];
            PyList_SET_ITEM(lst, (Py_ssize_t)i, Py_BuildValue("(iii)", m.src, m.dst, m.n));
        }
    }
    free(p.moves); free(p.frames); free(p.line); free(best);
    if (verdict < 0) return PyErr_NoMemory();
    if (!lst) return NULL;
    return Py_BuildValue("(iNll)", verdict, lst, nodes, peak);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Search a Big Apple position (see fast.py)."},
    {"shorten", py_shorten, METH_VARARGS, "Shorten a winning line (lines.shorten)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bigapple", NULL, -1, methods};

PyMODINIT_FUNC PyInit__bigapple(void) {
    fill_ranks();
    return PyModule_Create(&module);
}
