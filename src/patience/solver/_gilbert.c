/* Compiled search for Gilbert: the same algorithm as engine.py with the Strategy
 * that applies to Gilbert (the safe Ace rule, symmetry of the tableau, move
 * ordering, stock macros, the stock order rule, canonical transposition table), on a
 * compact state.
 *
 * It is an accelerator, not a second source of truth: every winning line it finds
 * is replayed through the Python rules engine before it is returned, and tests
 * check that its verdicts, node counts and lines equal the Python engine's. See
 * solver/fast.py. With ``streamlined`` it searches the restricted moves of
 * solver/streamline.py instead (a search that may only find wins), depth-first or
 * best-first (solver/bestfirst.py).
 *
 * Cards are 0..51 = suit * 13 + rank - 1 (suits C D H S; D and H are red). Piles
 * use the library's numbering for Gilbert: 0..3 the up foundations (one per
 * suit), 4..7 the down foundations, 8..14 the tableau, 15 the stock, 16 the waste.
 * A move is (src, dst, n) exactly as the library's Move.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_heap.h" /* the best-first search's open list */
#include "_rng.h"  /* the randomized restarts */

#define NT 7
#define T0 8
#define STOCK 15
#define WASTE 16
#define MAXLEN 64
#define KEYLEN 80
#define MAXMOVES 512
#define VERIFY_SECONDS 5e-5 /* engine.py: time kept per move to replay the line */
#include "_search.h" /* the transposition table (with KEYLEN), the clock */

typedef struct {
    uint8_t col[NT][MAXLEN];
    uint8_t len[NT];
    uint8_t hid[NT];  /* face-down cards at the base of each column */
    uint8_t up[4];    /* rank on top of the up foundation (0: empty) */
    uint8_t down[4];  /* rank on top of the down foundation (14: empty) */
    uint8_t stock[52], slen;
    uint8_t waste[52], wlen;
} State;

typedef struct { uint8_t src, dst, n; } Mv;
/* k stock moves, then m; in the search over twin classes first the flip ``pre``
 * (pre.n == 0: none; twins below) */
typedef struct { Mv m; uint8_t k; Mv pre; } Step;
typedef struct { Mv m; uint8_t flipped; } Done;

/* a card's rank, suit and colour by table (perf and callgrind: the divisions by 13
 * were a tenth of the free pool's instructions) */
#define RANKS13 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
#define SAME13(x) x, x, x, x, x, x, x, x, x, x, x, x, x
static const uint8_t RANKS[52] = {RANKS13, RANKS13, RANKS13, RANKS13};
static const uint8_t SUITS[52] = {SAME13(0), SAME13(1), SAME13(2), SAME13(3)};
static const uint8_t REDS[52] = {SAME13(0), SAME13(1), SAME13(1), SAME13(0)};
static int RANK(int c) { return RANKS[c]; }
static int SUIT(int c) { return SUITS[c]; }
static int RED(int c) { return REDS[c]; }
static int builds(int below, int above) {
    return RANKS[above] + 1 == RANKS[below] && REDS[above] != REDS[below];
}

/* ------------------------------------------------------------ transposition table */
/* An entry is a position up to the waste's size (see make_key); its mask has bit x
 * for each off-cycle waste size x of the positions it holds, bit 63 for the cycle
 * (pruning/stock_order.py). ``positions`` counts the positions, as the Python
 * engine's table of keys does. */
typedef struct {
    Table t;
    uint64_t *masks; /* by entry */
    size_t mcap, positions;
} Seen;

static int seen_init(Seen *s, size_t max_cap, double seconds, int huge) {
    s->masks = NULL; s->mcap = 0; s->positions = 0;
    return table_init_huge(&s->t, max_cap, seconds, huge);
}

static void seen_free(Seen *s) { table_free(&s->t); free(s->masks); }

/* the position of key k and waste-size bit ``bit``: 1 inserted (new), 0 already
 * present or dominated (the entry has a bit of ``dominators``), -1 out of memory */
static int seen_insert_h(Seen *s, const uint8_t *k, int len, uint64_t hk, uint64_t bit,
                         uint64_t dominators) {
    int added;
    long i = table_add_h(&s->t, k, len, hk, &added);
    if (i < 0) return -1;
    if (!added) {
        if (s->masks[i] & (bit | dominators)) return 0;
        s->masks[i] |= bit;
    } else {
        if (!grow((void **)&s->masks, &s->mcap, (size_t)i + 1, sizeof(uint64_t))) return -1;
        s->masks[i] = bit;
    }
    s->positions++;
    return 1;
}

static int seen_insert(Seen *s, const uint8_t *k, int len, uint64_t bit, uint64_t dominators) {
    return seen_insert_h(s, k, len, hash_key(k, len), bit, dominators);
}

/* pruning/stock_order.py: the waste's size x of the N cards in the stock and waste is
 * in the cycle that stock moves go round (dealing three at a time) */
static int in_cycle(int x, int total) { return x % 3 == 0 || x == total; }

/* canonical key of a table entry: foundations, the number N of cards in the stock
 * and waste, their text (waste, then the stock from its top), then the columns
 * sorted (each: face-down count, length, cards). With the waste's size (waste_bit)
 * it is stock_order.key up to encoding: two positions get the same key and bit
 * exactly when they differ only by the order of the columns and by a waste size
 * within the cycle. */
/* a column's sort word: face-down count, length and its first 6 cards, big-endian,
 * so that words compare as the columns' (face-down count, length, cards) do: in one
 * deck two columns with equal words are both empty (a column's word holds its
 * first card), so the words' order is the columns' */
static uint64_t col_word(const State *s, int c) {
    uint64_t w;
    memcpy(&w, s->col[c], 8); /* MAXLEN >= 8: in bounds */
    w = __builtin_bswap64(w) >> 16;
    static const uint64_t HEAD[7] = { /* by min(length, 6): its cards' bytes of w */
        0, 0xFFULL << 40, 0xFFFFULL << 32, 0xFFFFFFULL << 24, 0xFFFFFFFFULL << 16,
        0xFFFFFFFFFFULL << 8, 0xFFFFFFFFFFFFULL};
    int n = s->len[c];
    w &= HEAD[n < 6 ? n : 6]; /* bytes past the column: 0 */
    return (uint64_t)s->hid[c] << 56 | (uint64_t)n << 48 | w;
}

/* the bytes of a key in use (the rest is padding): prefix-free, since the stock's
 * and each column's lengths come before their cards */
static int key_len(const uint8_t *k) {
    int p = 9 + k[8];
    for (int i = 0; i < NT; i++) p += 2 + k[p + 1];
    return p;
}

static int make_key(const State *s, uint8_t *k) {
    /* the columns sorted by their words alone: a non-empty column is found again
     * by its first card (one deck: no two columns share it), and empty columns are
     * all alike (any of them will do) */
    uint64_t word[8];
    uint8_t by_first[53]; /* by a column's first card (52: empty) */
    for (int i = 0; i < NT; i++) {
        word[i] = col_word(s, i);
        by_first[s->len[i] ? s->col[i][0] : 52] = (uint8_t)i;
    }
    _Static_assert(NT == 7, "the network sorts 8 items: the columns and one more");
    word[NT] = UINT64_MAX; /* an eighth item, sorted last */
    SORT8(uint64_t, word);
    memset(k, 0xff, KEYLEN);
    int p = 8; /* the up foundations' heights, then the down ones' */
    memcpy(k, s->up, 4);
    memcpy(k + 4, s->down, 4);
    int total = s->slen + s->wlen;
    k[p++] = (uint8_t)total;
    copy_small(k + p, s->waste, s->wlen); p += s->wlen;
    for (int i = s->slen - 1; i >= 0; i--) k[p++] = s->stock[i];
    for (int i = 0; i < NT; i++) {
        int c = by_first[word[i] >> 48 & 0xff ? word[i] >> 40 & 0xff : 52];
        k[p++] = s->hid[c];
        k[p++] = s->len[c];
        copy_small(k + p, s->col[c], s->len[c]);
        p += s->len[c];
    }
    return p;
}

/* the bit of s's waste size in its table entry's mask (bit 63: the cycle) */
static uint64_t waste_bit(const State *s) {
    int x = s->wlen;
    return in_cycle(x, s->slen + x) ? 1ULL << 63 : 1ULL << x;
}

/* stock_order.dominated: the bits of the waste sizes from which stock moves alone
 * reach s's (in the cycle: every size outside it; outside: x - 3, x - 6, ...) */
static uint64_t dominators(const State *s) {
    int x = s->wlen, total = s->slen + x;
    uint64_t m = 0;
    if (in_cycle(x, total)) {
        for (int d = 1; d < total; d++) if (d % 3) m |= 1ULL << d;
    } else {
        for (int d = x - 3; d > 0; d -= 3) m |= 1ULL << d;
    }
    return m;
}

/* the state as KEYLEN bytes, columns in their own order (make_key unsorted) */
static void pack(const State *s, uint8_t *k) {
    int p = 0;
    for (int i = 0; i < 4; i++) { k[p++] = s->up[i]; k[p++] = s->down[i]; }
    k[p++] = s->slen; memcpy(k + p, s->stock, s->slen); p += s->slen;
    k[p++] = s->wlen; memcpy(k + p, s->waste, s->wlen); p += s->wlen;
    for (int c = 0; c < NT; c++) {
        k[p++] = s->hid[c];
        k[p++] = s->len[c];
        memcpy(k + p, s->col[c], s->len[c]);
        p += s->len[c];
    }
}

static void unpack(State *s, const uint8_t *k) {
    int p = 0;
    for (int i = 0; i < 4; i++) { s->up[i] = k[p++]; s->down[i] = k[p++]; }
    s->slen = k[p++]; memcpy(s->stock, k + p, s->slen); p += s->slen;
    s->wlen = k[p++]; memcpy(s->waste, k + p, s->wlen); p += s->wlen;
    for (int c = 0; c < NT; c++) {
        s->hid[c] = k[p++];
        s->len[c] = k[p++];
        memcpy(s->col[c], k + p, s->len[c]);
        p += s->len[c];
    }
}

/* ------------------------------------------------------------ moves */
static int found_top(const State *s, int f) {
    if (f < 4) return s->up[f] ? f * 13 + s->up[f] - 1 : -1;
    int u = f - 4;
    return s->down[u] < 14 ? u * 13 + s->down[u] - 1 : -1;
}

static void put(State *s, int dst, int card) {
    if (dst < 4) s->up[dst]++;
    else if (dst < T0) s->down[dst - 4]--;
    else { int t = dst - T0; s->col[t][s->len[t]++] = (uint8_t)card; }
}

/* Position.push: returns whether a face-down card turned up */
static int apply(State *s, Mv m) {
    if (m.src == STOCK) { /* deal: the cards turn over onto the waste */
        for (int i = 0; i < m.n; i++) s->waste[s->wlen++] = s->stock[--s->slen];
        return 0;
    }
    if (m.dst == STOCK) { /* redeal */
        for (int i = 0; i < m.n; i++) s->stock[s->slen++] = s->waste[--s->wlen];
        return 0;
    }
    if (m.src == WASTE) { put(s, m.dst, s->waste[--s->wlen]); return 0; }
    if (m.src < T0) {
        int card = found_top(s, m.src);
        if (m.src < 4) s->up[m.src]--; else s->down[m.src - 4]++;
        put(s, m.dst, card);
        return 0;
    }
    int t = m.src - T0;
    int from = s->len[t] - m.n;
    for (int i = 0; i < m.n; i++) put(s, m.dst, s->col[t][from + i]);
    s->len[t] = (uint8_t)from;
    if (s->hid[t] && s->len[t] == s->hid[t]) { s->hid[t]--; return 1; }
    return 0;
}

/* takes the top card off pile dst (a foundation or a column) */
static int take(State *s, int dst) {
    if (dst < 4) { int c = found_top(s, dst); s->up[dst]--; return c; }
    if (dst < T0) { int c = found_top(s, dst); s->down[dst - 4]++; return c; }
    int t = dst - T0;
    return s->col[t][--s->len[t]];
}

static void undo(State *s, Mv m, int flipped) {
    if (m.src == STOCK) {
        for (int i = 0; i < m.n; i++) s->stock[s->slen++] = s->waste[--s->wlen];
        return;
    }
    if (m.dst == STOCK) {
        for (int i = 0; i < m.n; i++) s->waste[s->wlen++] = s->stock[--s->slen];
        return;
    }
    if (m.src == WASTE) { s->waste[s->wlen++] = (uint8_t)take(s, m.dst); return; }
    if (m.src < T0) {
        take(s, m.dst);
        if (m.src < 4) s->up[m.src]++; else s->down[m.src - 4]--;
        return;
    }
    int t = m.src - T0;
    if (flipped) s->hid[t]++;
    uint8_t tmp[MAXLEN];
    for (int i = m.n - 1; i >= 0; i--) tmp[i] = (uint8_t)take(s, m.dst);
    for (int i = 0; i < m.n; i++) s->col[t][s->len[t]++] = tmp[i];
}

static int won(const State *s) {
    for (int u = 0; u < 4; u++) if (s->up[u] + 1 < s->down[u]) return 0;
    return 1;
}

/* what the foundations and columns take now (movegen.generate_moves) */
typedef struct {
    uint8_t wantf[52];  /* bit 0: the suit's up foundation takes it, bit 1: the down one */
    int8_t want_t[52][2]; /* columns (0..6) whose top takes it, in column order */
    uint8_t nwant_t[52];
    int empty[NT], nempty;
} Wants;

static void wants(const State *s, Wants *w) {
    memset(w->wantf, 0, sizeof w->wantf);
    memset(w->nwant_t, 0, sizeof w->nwant_t);
    for (int u = 0; u < 4; u++) {
        if (s->up[u] < 13) w->wantf[u * 13 + s->up[u]] |= 1;
        if (s->down[u] > 1) w->wantf[u * 13 + s->down[u] - 2] |= 2;
    }
    w->nempty = 0;
    for (int t = 0; t < NT; t++) {
        if (!s->len[t]) { w->empty[w->nempty++] = t; continue; }
        int top = s->col[t][s->len[t] - 1], r = RANK(top);
        if (r == 1) continue;
        /* the two cards of rank r - 1 and the other colour, in card order */
        for (int u = 0; u < 4; u++) {
            if ((u == 1 || u == 2) == RED(top)) continue;
            int c = u * 13 + r - 2;
            if (w->nwant_t[c] < 2) w->want_t[c][w->nwant_t[c]++] = (int8_t)t;
        }
    }
}

static int movable_count(const State *s, int t) {
    int n = 1, i = s->len[t] - 1;
    while (i > s->hid[t]) {
        if (!builds(s->col[t][i - 1], s->col[t][i])) break;
        n++; i--;
    }
    return n;
}

#define ADD(a, b, c) (out[n++] = (Mv){(uint8_t)(a), (uint8_t)(b), (uint8_t)(c)})

/* the text of the stock and waste: the waste from its bottom, then the stock from
 * its top (stock_order.py); returns its length */
static int text_of(const State *s, uint8_t *text) {
    memcpy(text, s->waste, s->wlen);
    for (int i = 0; i < s->slen; i++) text[s->wlen + i] = s->stock[s->slen - 1 - i];
    return s->wlen + s->slen;
}

/* moves of ``card`` on the waste's top (the order of generate_moves) */
static int top_card_moves(int card, const Wants *w, Mv *out, int n) {
    int u = SUIT(card);
    if (w->wantf[card] & 1) ADD(WASTE, u, 1);
    if (w->wantf[card] & 2) ADD(WASTE, 4 + u, 1);
    for (int i = 0; i < w->nwant_t[card]; i++) ADD(WASTE, T0 + w->want_t[card][i], 1);
    if (RANK(card) == 7)
        for (int i = 0; i < w->nempty; i++) ADD(WASTE, T0 + w->empty[i], 1);
    return n;
}

/* moves of the waste's top card */
static int waste_moves(const State *s, const Wants *w, Mv *out, int n) {
    return top_card_moves(s->waste[s->wlen - 1], w, out, n);
}

/* every legal move in the library's order (movegen.generate_moves) */
static int generate(const State *s, const Wants *w, Mv *out) {
    int n = 0;
    for (int f = 0; f < T0; f++) {
        int card = found_top(s, f);
        if (card < 0) continue;
        for (int i = 0; i < w->nwant_t[card]; i++) ADD(f, T0 + w->want_t[card][i], 1);
        if (RANK(card) == 7)
            for (int i = 0; i < w->nempty; i++) ADD(f, T0 + w->empty[i], 1);
    }
    for (int t = 0; t < NT; t++) {
        if (!s->len[t]) continue;
        int card = s->col[t][s->len[t] - 1], u = SUIT(card);
        if (w->wantf[card] & 1) ADD(T0 + t, u, 1);
        if (w->wantf[card] & 2) ADD(T0 + t, 4 + u, 1);
        int run = movable_count(s, t);
        for (int k = 1; k <= run; k++) {
            int head = s->col[t][s->len[t] - k];
            for (int i = 0; i < w->nwant_t[head]; i++)
                if (w->want_t[head][i] != t) ADD(T0 + t, T0 + w->want_t[head][i], k);
            if (RANK(head) == 7)
                for (int i = 0; i < w->nempty; i++) ADD(T0 + t, T0 + w->empty[i], k);
        }
    }
    if (s->slen) ADD(STOCK, WASTE, s->slen < 3 ? s->slen : 3);
    if (s->wlen && !s->slen) ADD(WASTE, STOCK, s->wlen);
    if (s->wlen) n = waste_moves(s, w, out, n);
    return n;
}

static int is_stock_move(Mv m) { return m.src == STOCK || m.dst == STOCK; }

/* ------------------------------------------------------------ ordering (ordering.py) */
static int score(const State *s, const Wants *w, Mv m) {
    if (m.dst < T0) return -20;
    int v = 0;
    if (m.src >= T0 && m.src < STOCK) {
        int t = m.src - T0, rest = s->len[t] - m.n;
        if (rest) {
            if (w->wantf[s->col[t][rest - 1]]) v -= 8;
            if (s->hid[t] == rest) v -= 4;
            int cnt = 0;
            for (int j = 0; j < rest; j++) cnt += w->wantf[s->col[t][j]] != 0;
            v -= m.n * cnt;
        } else if (m.dst >= T0 && m.dst < STOCK && !s->len[m.dst - T0]) {
            v += 10;
        }
    } else if (m.src < T0) {
        v += 6;
    } else if (m.src == WASTE) {
        v -= 1;
    }
    if (m.dst >= T0 && m.dst < STOCK) {
        int t = m.dst - T0, cnt = 0;
        for (int j = 0; j < s->len[t]; j++) cnt += w->wantf[s->col[t][j]] != 0;
        v += 3 * m.n * cnt;
    }
    return v;
}

static void order(const State *s, const Wants *w, Mv *moves, int n) {
    int sc[MAXMOVES];
    for (int i = 0; i < n; i++) sc[i] = score(s, w, moves[i]);
    sort_by_score(moves, sizeof(Mv), sc, n);
}

/* ------------------------------------------------------------ children (Strategy.children) */
/* the streamlined search (streamline.py): no card back from a foundation; a move
 * between columns only when it takes every face-up card of its column (turning a
 * card up or emptying it) or uncovers a card a foundation takes */
static int kept(const State *s, const Wants *w, Mv m) {
    if (m.src < T0) return 0;
    if (m.src >= STOCK || m.dst < T0) return 1;
    int t = m.src - T0, rest = s->len[t] - m.n;
    if (rest == s->hid[t]) return rest > 0 || s->len[m.dst - T0] > 0;
    return w->wantf[s->col[t][rest - 1]] != 0;
}

static int children(const State *s, Step *out, int streamline) {
    Wants w;
    Mv moves[MAXMOVES];
    wants(s, &w);
    int n = generate(s, &w, moves);
    { /* safe_moves rule 3: no Ace back from a foundation */
        int k = 0;
        for (int i = 0; i < n; i++)
            if (moves[i].src >= T0 || RANK(found_top(s, moves[i].src)) != 1) moves[k++] = moves[i];
        n = k;
    }
    if (!n) return 0;
    if (streamline) {
        int k = 0;
        for (int i = 0; i < n; i++) if (kept(s, &w, moves[i])) moves[k++] = moves[i];
        n = k;
        if (!n) return 0;
    }
    /* safe_moves rule 2: an Ace to its up foundation, not from the waste */
    for (int i = 0; i < n; i++) {
        Mv m = moves[i];
        if (m.dst < 4 && m.src >= T0 && m.src < STOCK &&
            RANK(s->col[m.src - T0][s->len[m.src - T0] - 1]) == 1) {
            out[0] = (Step){m, 0};
            return 1;
        }
    }
    /* symmetry.first_empty_only: into the first empty column only */
    int k = 0;
    uint32_t seen[STOCK + 2] = {0}; /* by source, bit n: n cards moved (a run: n <= 13) */
    for (int i = 0; i < n; i++) {
        Mv m = moves[i];
        if (m.dst >= T0 && m.dst < STOCK && !s->len[m.dst - T0]) {
            if (seen[m.src] >> m.n & 1) continue;
            seen[m.src] |= 1u << m.n;
        }
        moves[k++] = m;
    }
    n = k;
    order(s, &w, moves, n);
    /* stock_macros.steps: the plain moves, then "deal k times, play the waste card" */
    int c = 0, have_stock = 0;
    for (int i = 0; i < n; i++) {
        if (is_stock_move(moves[i])) have_stock = 1;
        else out[c++] = (Step){moves[i], 0};
    }
    /* The stock moves go round the text (stock_order.py) without being made: a
     * deal takes the waste's size x to min(x + 3, N), a redeal (x = N) to 0, and
     * the waste's top is then the text's card x - 1; until a size comes again. */
    Step later[MAXMOVES * 2]; /* macros to a column, after those to a foundation */
    int nlater = 0;
    if (have_stock) {
        uint8_t text[52], seen_size[53] = {0};
        int total = text_of(s, text), x = s->wlen, nmade = 0;
        seen_size[x] = 1;
        for (;;) {
            x = x == total ? 0 : x + (total - x < 3 ? total - x : 3);
            nmade++;
            if (seen_size[x]) break;
            seen_size[x] = 1;
            if (!x) continue;
            Mv wm[MAXMOVES];
            int nw = top_card_moves(text[x - 1], &w, wm, 0);
            for (int i = 0; i < nw; i++) {
                if (wm[i].dst < T0) out[c++] = (Step){wm[i], (uint8_t)nmade};
                else later[nlater++] = (Step){wm[i], (uint8_t)nmade};
            }
        }
    }
    memcpy(out + c, later, nlater * sizeof(Step));
    return c + nlater;
}

/* the stock move that deals (or redeals) from s */
static Mv next_stock_move(const State *s) {
    if (s->slen) return (Mv){STOCK, WASTE, (uint8_t)(s->slen < 3 ? s->slen : 3)};
    return (Mv){WASTE, STOCK, s->wlen};
}

/* ------------------------------------------------------------ search */
typedef struct { size_t base; int n, next; size_t mark; } Frame; /* mark: moves made before its child */

/* the check by G+ of the depth-first searches (tableau_check.py), defined with the free pool */
typedef struct Check_ Check;
static int check_dead(Check *c, const State *s, long left);
static long check_nodes(const Check *c);

typedef struct {
    Step *steps; size_t nsteps, cap; /* the children of every frame on the path */
    Frame *frames; int depth, fcap;
    Done *done; size_t ndone, dcap; /* the moves made on the path, with their flips */
    uint64_t rng; /* restarts.py: shuffle the children with this state (0: never) */
} Path;

/* expands s as a new frame; 0 when out of memory */
static int twin_steps(const State *s, Step *kids, int n);
static int push_frame(State *s, Path *p, int streamline, int classes) {
    if (!grow((void **)&p->steps, &p->cap, p->nsteps + MAXMOVES * 6, sizeof(Step))) return 0;
    size_t fcap = (size_t)p->fcap;
    if (!grow((void **)&p->frames, &fcap, (size_t)p->depth + 1, sizeof(Frame))) return 0;
    p->fcap = (int)fcap;
    Frame *f = &p->frames[p->depth++];
    f->base = p->nsteps; f->next = 0;
    Step *kids = p->steps + p->nsteps;
    f->n = children(s, kids, streamline);
    if (classes) f->n += twin_steps(s, kids, f->n);
    if (p->rng) { /* restarts.shuffle: the leading foundation steps stay first */
        int lead = 0;
        while (lead < f->n && kids[lead].m.dst < T0) lead++;
        for (int i = f->n - 1; i > lead; i--) {
            int j = lead + rng_below(&p->rng, i - lead + 1);
            Step tmp = kids[i]; kids[i] = kids[j]; kids[j] = tmp;
        }
    }
    p->nsteps += (size_t)f->n;
    return 1;
}

static int make_step(State *s, Path *p, Step st) {
    if (!grow((void **)&p->done, &p->dcap, p->ndone + st.k + 2, sizeof(Done))) return 0;
    if (st.pre.n) { /* a twin flip: its column keeps the covered twin on top */
        apply(s, st.pre);
        p->done[p->ndone++] = (Done){st.pre, 0};
    }
    for (int i = 0; i < st.k; i++) {
        Mv m = next_stock_move(s);
        apply(s, m);
        p->done[p->ndone++] = (Done){m, 0};
    }
    int flipped = apply(s, st.m);
    p->done[p->ndone++] = (Done){st.m, (uint8_t)flipped};
    return 1;
}

/* takes back the moves made since the path had ``mark`` of them */
static void undo_to(State *s, Path *p, size_t mark) {
    while (p->ndone > mark) {
        Done d = p->done[--p->ndone];
        undo(s, d.m, d.flipped);
    }
}

#include "_twins.h" /* the search over twin classes */

/* verdict: 0 winnable, 1 lost, 2 unknown, -1 out of memory */
static int search(State *s, long max_nodes, double seconds, const volatile char *flag,
                  int mode, Path *p, Check *chk,
                  long *nodes_out, long *peak_out) {
    double deadline = seconds > 0 ? now() + seconds : 0; /* the set-up counts too */
    int streamline = mode & 1, classes = mode & 8 && !streamline;
    Seen t;
    if (!seen_init(&t, max_nodes > 0 ? (size_t)max_nodes + 1 : 0, seconds, 0)) { seen_free(&t); return -1; }
    uint8_t key[KEYLEN];
    if (classes && !twin_canonical(s, p)) { seen_free(&t); return -1; }
    seen_insert(&t, key, make_key(s, key), waste_bit(s), 0);
    long nodes = 0, hits = 0;
    int verdict = 1;
    if (won(s)) verdict = 0;
    else if (!push_frame(s, p, streamline, classes)) verdict = -1;
    while (verdict == 1 && p->depth) {
        Frame *f = &p->frames[p->depth - 1];
        if (f->next == f->n) {
            p->nsteps = f->base;
            p->depth--;
            if (p->depth) {
                undo_to(s, p, p->frames[p->depth - 1].mark);
            }
            continue;
        }
        Step st = p->steps[f->base + f->next++];
        f->mark = p->ndone;
        if (!make_step(s, p, st) || (classes && !twin_canonical(s, p))) { verdict = -1; break; }
        int ins = seen_insert(&t, key, make_key(s, key), waste_bit(s), dominators(s));
        if (ins < 0) { verdict = -1; break; }
        if (!ins) {
            undo_to(s, p, f->mark);
            /* a long run of table hits finds no new node: look at the clock too */
            if (++hits % 64 == 0 && out_of_time(deadline, flag)) { verdict = 2; break; }
            continue;
        }
        nodes++;
        if (won(s)) {
            /* the line is replayed in Python before it is returned: a win found too
             * late for that is given up (the budget is a hard stop, engine.py) */
            verdict = deadline > 0 && now() + p->ndone * VERIFY_SECONDS >= deadline ? 2 : 0;
            break;
        }
        long spent = nodes + (chk ? check_nodes(chk) : 0);
        if ((max_nodes > 0 && spent >= max_nodes) ||
            (nodes % 8 == 0 && out_of_time(deadline, flag))) {
            verdict = 2;
            break;
        }
        if (chk) { /* tableau_check: a dead tableau is a dead end */
            int dead = check_dead(chk, s, max_nodes > 0 ? max_nodes - spent : -1);
            if (dead < 0) { verdict = -1; break; }
            if (dead) { undo_to(s, p, f->mark); continue; }
        }
        if (!push_frame(s, p, streamline, classes)) { verdict = -1; break; }
    }
    if (chk) nodes += check_nodes(chk);
    if (max_nodes > 0 && nodes > max_nodes) nodes = max_nodes;
    *nodes_out = nodes; *peak_out = (long)t.positions;
    seen_free(&t);
    return verdict;
}


/* ------------------------------------------------------------ best-first (bestfirst.py) */
#define W_HIDDEN 10 /* bestfirst.estimate: a face-down card */
#define W_OFF 3     /* a card off the foundations */
#define W_STOCK 1   /* a card in the stock or the waste */
#define W_BURIED 1  /* a card on top of a card a foundation takes next */
#define NOISE 480   /* restarts.NOISE: with a random state, priority 16 * estimate + 0..479 */

static int estimate(const State *s) {
    int hidden = 0, found = 0, buried = 0;
    uint64_t next = 0; /* the cards the foundations take next (as wants' wantf) */
    for (int u = 0; u < 4; u++) {
        found += s->up[u] + 14 - s->down[u];
        if (s->up[u] < 13) next |= 1ULL << (u * 13 + s->up[u]);
        if (s->down[u] > 1) next |= 1ULL << (u * 13 + s->down[u] - 2);
    }
    for (int t = 0; t < NT; t++) {
        hidden += s->hid[t];
        for (int j = 0; j < s->len[t]; j++)
            if (next >> s->col[t][j] & 1) buried += s->len[t] - 1 - j;
    }
    return W_HIDDEN * hidden + W_OFF * (52 - found) + W_STOCK * (s->slen + s->wlen) +
           W_BURIED * buried;
}

typedef struct { uint32_t parent; Step st; uint32_t depth; } BNode;

/* bestfirst.search: expand the open node of the lowest estimate (ties: the one
 * found last); each new position of its children enters the table as a node.
 * Open nodes are kept packed (KEYLEN bytes each), the line is read back through
 * the parents. verdict: 0 winnable, 1 exhausted, 2 unknown, -1 out of memory */
static int best_first(State *root, long max_nodes, double seconds, const volatile char *flag,
                      int streamline, Path *p, long *nodes_out, long *peak_out) {
    double deadline = seconds > 0 ? now() + seconds : 0; /* the set-up counts too */
    Seen t;
    if (!seen_init(&t, max_nodes > 0 ? (size_t)max_nodes + 1 : 0, seconds, 0)) { seen_free(&t); return -1; }
    uint8_t key[KEYLEN];
    seen_insert(&t, key, make_key(root, key), waste_bit(root), 0);
    long nodes = 0, hits = 0;
    int verdict = 1;
    BNode *nd = NULL; size_t ncap = 0;
    HEnt *heap = NULL; size_t hn = 0, hcap = 0;
    Step *kids = malloc(sizeof(Step) * MAXMOVES * 4);
    Step *chain = NULL; size_t chcap = 0;
    uint32_t won_node = 0;
    uint8_t *raw = NULL; size_t rcap = 0;
    if (!kids || !grow((void **)&nd, &ncap, 1, sizeof(BNode)) || !grow((void **)&heap, &hcap, 1, sizeof(HEnt))) verdict = -1;
    else if (won(root)) verdict = 0;
    else {
        nd[0] = (BNode){0, {{0, 0, 0}, 0}, 0};
        if (!grow((void **)&raw, &rcap, KEYLEN, 1)) verdict = -1; else pack(root, raw);
        heap[hn++] = (HEnt){p->rng ? 16 * estimate(root) : estimate(root), 0};
    }
    State s;
    while (verdict == 1 && hn) {
        HEnt e = hpop(heap, &hn);
        uint32_t d = nd[e.node].depth;
        unpack(&s, raw + (size_t)e.node * KEYLEN);
        int n = children(&s, kids, streamline);
        for (int c = 0; c < n && verdict == 1; c++) {
            Step st = kids[c];
            State child = s;
            for (int k = 0; k < st.k; k++) apply(&child, next_stock_move(&child));
            apply(&child, st.m);
            int ins = seen_insert(&t, key, make_key(&child, key), waste_bit(&child), dominators(&child));
            if (ins < 0) { verdict = -1; break; }
            if (!ins) {
                if (++hits % 64 == 0 && out_of_time(deadline, flag)) { verdict = 2; break; }
                continue;
            }
            nodes++;
            if (!grow((void **)&nd, &ncap, (size_t)nodes + 1, sizeof(BNode))) { verdict = -1; break; }
            nd[nodes] = (BNode){e.node, st, d + st.k + 1};
            if (!grow((void **)&raw, &rcap, ((size_t)nodes + 1) * KEYLEN, 1)) { verdict = -1; break; }
            pack(&child, raw + (size_t)nodes * KEYLEN);
            if (won(&child)) {
                won_node = (uint32_t)nodes;
                verdict = deadline > 0 && now() + (d + st.k + 1) * VERIFY_SECONDS >= deadline ? 2 : 0;
                break;
            }
            if ((max_nodes > 0 && nodes >= max_nodes) ||
                (nodes % 8 == 0 && out_of_time(deadline, flag))) {
                verdict = 2;
                break;
            }
            if (!grow((void **)&heap, &hcap, hn + 1, sizeof(HEnt))) { verdict = -1; break; }
            int prio = p->rng ? 16 * estimate(&child) + rng_below(&p->rng, NOISE) : estimate(&child);
            hpush(heap, &hn, (HEnt){prio, (uint32_t)nodes});
        }
    }
    if (verdict == 0) {
        /* the line: the moves from the root to won_node */
        uint32_t len = 0;
        for (uint32_t v = won_node; v; v = nd[v].parent) len++;
        if (!grow((void **)&chain, &chcap, len + 1, sizeof(Step))) len = 0, verdict = -1;
        uint32_t i = len;
        for (uint32_t v = won_node; v; v = nd[v].parent) chain[--i] = nd[v].st;
        s = *root;
        p->ndone = 0;
        for (i = 0; i < len; i++) {
            if (!make_step(&s, p, chain[i])) { verdict = -1; break; }
        }
    }
    *nodes_out = nodes; *peak_out = (long)t.positions;
    free(nd); free(heap); free(kids); free(chain); free(raw);
    seen_free(&t);
    return verdict;
}

#include "_nrpa.h" /* nested rollout policy adaptation (nrpa.py) */

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

/* the 7 columns and their face-down counts into s; -1 with an exception set */
static int read_columns(PyObject *cols, PyObject *hidden, State *s) {
    if (!PyList_Check(cols) || PyList_Size(cols) != NT || !PyList_Check(hidden) ||
        PyList_Size(hidden) != NT) {
        PyErr_SetString(PyExc_ValueError, "7 columns and 7 face-down counts expected");
        return -1;
    }
    for (int i = 0; i < NT; i++) {
        int n = read_cards(PyList_GetItem(cols, i), s->col[i], 52, "column");
        if (n < 0) return -1;
        s->len[i] = (uint8_t)n;
        long h = PyLong_AsLong(PyList_GetItem(hidden, i));
        if (h < 0 || (n && h >= n) || (!n && h)) {
            PyErr_SetString(PyExc_ValueError, "bad face-down count");
            return -1;
        }
        s->hid[i] = (uint8_t)h;
    }
    return 0;
}

/* ------------------------------------------------------------ the free pool */
/* pruning/free_pool.py: the relaxed game over the tableau alone, every other card
 * in the pool; the same states, order and node count as the Python search. A state
 * is a State with empty foundations, stock and waste (so pack, make_key and the
 * table serve as they are). */
typedef struct {
    int up, down, empty_rank;
    int cleared;                    /* the game G+ (free_pool.py, "Cleared piles") */
    uint64_t lower[52], higher[52]; /* pool_masks */
    uint64_t parents[52];           /* the cards a card builds on */
    int stock;                      /* the stock kept exact (stock_pool.py) */
    long oracle;                    /* stock_pool.py's check by G+: its states (0: none) */
} Pool;

/* stock_pool.py: the cards of the stock and the waste */
static uint64_t stock_bits(const State *s) {
    uint64_t b = 0;
    for (int i = 0; i < s->slen; i++) b |= 1ULL << s->stock[i];
    for (int i = 0; i < s->wlen; i++) b |= 1ULL << s->waste[i];
    return b;
}

/* s's stock and waste set to the text ``text`` without its card q - 1, with the
 * q - 1 cards before that one in the waste */
static void take_from_text(State *s, const uint8_t *text, int n, int q) {
    s->wlen = (uint8_t)(q - 1);
    memcpy(s->waste, text, q - 1);
    s->slen = (uint8_t)(n - q);
    for (int i = 0; i < n - q; i++) s->stock[i] = text[n - 1 - i];
}

static uint64_t tableau_bits(const State *s) {
    uint64_t b = 0;
    for (int t = 0; t < NT; t++)
        for (int i = 0; i < s->len[t]; i++) b |= 1ULL << s->col[t][i];
    return b;
}

/* (F): every lower (up) or every higher (down) card of x's suit is in the pool */
static int to_pool(const Pool *g, int x, uint64_t tab) {
    return (g->up && !(tab & g->lower[x])) || (g->down && !(tab & g->higher[x]));
}

/* the masks of to_pool: the lower and the higher cards of each card's suit */
static void pool_masks(Pool *g) {
    for (int x = 0; x < 52; x++) {
        int base = x - RANK(x) + 1;
        g->lower[x] = ((1ULL << x) - 1) & ~((1ULL << base) - 1);
        g->higher[x] = ((1ULL << (base + 13)) - 1) & ~((1ULL << (x + 1)) - 1);
        g->parents[x] = 0;
        for (int c = 0; c < 52; c++)
            if (builds(c, x)) g->parents[x] |= 1ULL << c;
    }
}

/* ``covered`` widened by each pool card (P) can only put onto a card of it (not of
 * the empty-pile rank, every card it builds on in it), the Kings first */
static uint64_t pool_gone(const Pool *g, uint64_t tab, uint64_t covered) {
    uint64_t gone = covered;
    for (int r = 13; r >= 1; r--) {
        if (r == g->empty_rank) continue;
        for (int u = 0; u < 4; u++) {
            int p = u * 13 + r - 1;
            if (!(tab >> p & 1) && !(g->parents[p] & ~gone)) gone |= 1ULL << p;
        }
    }
    return gone;
}

/* free_pool._Game.blocked: the rule "Blockade" of free_pool.py (``tab``: s's
 * cards). ``stuck`` (the set S there) loses, round by round, each card that
 * conditions 1-3 no longer hold in place; s is blocked when a card left in it
 * lies on a face-down card. */
static int pool_blocked(const Pool *g, const State *s, uint64_t tab) {
    /* S starts as the face-up cards that pass conditions 1 and 2 with every
     * tableau card in place of ``fixed`` and, in place of ``gone``, the gone cards
     * if every tableau card but the top cards were covered (a top card is never
     * gone): S only shrinks from there, as from every face-up card, to the same
     * set, since the conditions only get harder as S shrinks */
    uint64_t tops = 0, stuck = 0, hidden_piles = 0; /* the cards of piles with face-down cards */
    for (int t = 0; t < NT; t++)
        if (s->len[t] > s->hid[t]) tops |= 1ULL << s->col[t][s->len[t] - 1];
    uint64_t most = pool_gone(g, tab, tab & ~tops);
    for (int t = 0; t < NT; t++) {
        for (int i = s->hid[t]; i < s->len[t]; i++) {
            int y = s->col[t][i];
            if (s->hid[t]) hidden_piles |= 1ULL << y;
            if ((!g->up || (tab & g->lower[y])) && (!g->down || (tab & g->higher[y])) &&
                RANK(y) != g->empty_rank && !(g->parents[y] & ~most))
                stuck |= 1ULL << y;
        }
    }
    while (stuck & hidden_piles) {
        uint64_t fixed = 0, covered = 0; /* at or under a stuck card; under one */
        for (int t = 0; t < NT; t++) {
            uint64_t below = 0;
            for (int i = 0; i < s->len[t]; i++) {
                uint64_t bit = 1ULL << s->col[t][i];
                if (stuck & bit) { covered |= below; fixed |= below | bit; }
                below |= bit;
            }
        }
        /* never a top card again: also the pool's cards that (P) can only put
         * onto such cards */
        uint64_t gone = pool_gone(g, tab, covered);
        uint64_t out = 0;
        for (int t = 0; t < NT; t++) {
            for (int i = s->hid[t]; i < s->len[t]; i++) {
                int y = s->col[t][i];
                if (!(stuck >> y & 1)) continue;
                int held = (!g->up || (fixed & g->lower[y])) && (!g->down || (fixed & g->higher[y])) &&
                           !(g->parents[y] & ~gone);
                if (held && i > s->hid[t] && builds(s->col[t][i - 1], y) &&
                    !(stuck >> s->col[t][i - 1] & 1))
                    held = 0;
                if (g->cleared && !s->hid[t] && i > 0) held = 0; /* (D) may take it once on top */
                if (!held) out |= 1ULL << y;
            }
        }
        if (!out) return 1; /* S is found, and holds a card of a pile with a face-down card */
        stuck &= ~out;
    }
    return 0;
}

/* free_pool._Game._put_back: (P) can put back pile t's card k - 1 (face up) onto
 * the pile's first k - 1 cards */
static int put_back(const Pool *g, const State *s, int t, int k) {
    int n = k - s->hid[t], x = s->col[t][k - 1];
    return n >= 2 ? (int)(g->parents[x] >> s->col[t][k - 2] & 1) /* builds(.., x) */
                  : !s->hid[t] && RANK(x) == g->empty_rank;
}

/* the normal form: every reversible top card into the pool (``tab``: the
 * tableau's cards, tableau_bits(s)); returns the normal form's cards */
static uint64_t pool_normal(const Pool *g, State *s, uint64_t tab) {
    /* Each pile's reversible top cards go one after the other, and the piles are
     * gone over again while any card went: the same normal form as one card a
     * round, since a card that may go still may once others have gone (put_back
     * looks at its own pile only, to_pool holds for fewer tableau cards too). */
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int t = 0; t < NT; t++) {
            while (s->len[t] > s->hid[t]) {
                int x = s->col[t][s->len[t] - 1];
                if (!put_back(g, s, t, s->len[t]) || !((g->cleared && !s->hid[t]) || to_pool(g, x, tab)))
                    break;
                s->len[t]--;
                tab &= ~(1ULL << x);
                changed = 1;
            }
        }
    }
    return tab;
}

/* pile t cut to n cards (a face-down card left on top turns up) */
static void cut(State *s, int t, int n) {
    s->len[t] = (uint8_t)n;
    if (n && n == s->hid[t]) s->hid[t]--;
}

/* tableau_check.Check: the game G+ from a position's tableau (everything else in
 * the pool) within ``states`` states; a dead end there is a dead end of the
 * position (free_pool.py). Verdicts cached by G+'s normal form of the tableau. */
struct Check_ {
    Pool g;       /* G+ */
    long states;  /* each check's states (0: no check) */
    Table cache; uint8_t *dead; size_t dcap; /* by cache entry: 1 dead */
    long nodes;   /* the states the checks expanded */
    int adaptive; /* checks made only while they find dead tableaux (check_due) */
    long made, deads, skipped; /* checks made, of them dead; misses not checked since */
    struct PoolSearch_ *sub; /* the checks' search, made once and reset for each */
};

/* A child waiting in the batch: its normal form, its cards, its key (and the key's
 * hash), the piles its move touched (-1: none). */
typedef struct {
    State s;
    uint64_t tab, hk;
    uint8_t key[KEYLEN];
    int len, a, b;
} PoolKid;

#define POOL_BATCH 32 /* children made before any of them is looked up */

typedef struct {
    const Pool *g;
    Seen t;
    uint8_t *stack; size_t n, cap; /* packed states to expand */
    PoolKid *batch; int nb;        /* pool_kid, pool_child, pool_flush */
    int oom;
    double deadline; const volatile char *flag; /* out_of_time */
    int late; /* out of time, seen by pool_flush: the search stops (unknown) */
    Check check; /* stock_pool.py's check by G+ (with Pool.oracle) */
    long max_nodes, nodes; /* the bound (0: none) and the states expanded (pool_go) */
} PoolSearch;

typedef struct PoolSearch_ { PoolSearch ps; } SubSearch;

static int pool_open(PoolSearch *ps, const Pool *g, long max_table, double deadline,
                     const volatile char *flag, int huge);
static int pool_go(PoolSearch *ps, const State *root, long max_nodes, long max_table,
                   long *nodes_out, long *peak_out);
static void pool_close(PoolSearch *ps);

/* a check of ``states`` states (g: the game whose up, down and empty rank it
 * keeps; ``adaptive``: see check_due): 1 made, 0 out of memory (check_close it
 * either way) */
static int check_open(Check *c, const Pool *g, long states, int adaptive, double deadline,
                      const volatile char *flag) {
    memset(c, 0, sizeof *c);
    c->g = *g;
    c->g.cleared = 1; c->g.stock = 0; c->g.oracle = 0;
    c->states = states;
    c->adaptive = adaptive;
    if (!table_init(&c->cache, 0, 0)) return 0;
    c->sub = calloc(1, sizeof(SubSearch));
    return c->sub && pool_open(&c->sub->ps, &c->g, 64 * states, deadline, flag, 0);
}

static void check_close(Check *c) {
    table_free(&c->cache); free(c->dead);
    if (c->sub) { pool_close(&c->sub->ps); free(c->sub); }
}

/* tableau_check.Check._due: a tableau not in the cache is checked (not adaptive:
 * always) while fewer than CHECK_FREE + CHECK_RATIO * (dead answers) checks were
 * made, else only the CHECK_PERIOD-th such tableau since the last check */
#define CHECK_FREE 64
#define CHECK_RATIO 16
#define CHECK_PERIOD 1024
static int check_due(Check *c) {
    if (c->adaptive && c->made >= CHECK_FREE + CHECK_RATIO * c->deads && ++c->skipped < CHECK_PERIOD)
        return 0;
    c->skipped = 0;
    c->made++;
    return 1;
}

/* tableau_check.Check.piles_dead: G+ from s's tableau cannot turn every face-down card
 * up within c->states states, nor within ``left`` (-1: no bound; the checks count
 * in the caller's bound, each gets at most what is left): 1 dead, 0 not (or not
 * known), -1 out of memory */
static int check_dead(Check *c, const State *s, long left) {
    State t = *s;
    t.slen = t.wlen = 0;
    memset(t.up, 0, sizeof t.up); memset(t.down, 0, sizeof t.down);
    pool_normal(&c->g, &t, tableau_bits(&t)); /* cached by G+'s normal form */
    uint8_t key[KEYLEN];
    int len = make_key(&t, key), added;
    long i = table_find(&c->cache, key, len);
    if (i >= 0) return c->dead[i];
    if (!check_due(c)) return 0; /* not checked, not cached */
    i = table_add(&c->cache, key, len, &added);
    if (i < 0) return -1;
    if (!grow((void **)&c->dead, &c->dcap, (size_t)i + 1, 1)) return -1;
    long nodes = 0, peak = 0, budget = c->states;
    if (left >= 0 && left < budget) budget = left;
    if (budget <= 0) { c->dead[i] = 0; return 0; }
    int v = pool_go(&c->sub->ps, &t, budget, 64 * budget, &nodes, &peak);
    c->nodes += nodes;
    if (v < 0) return -1;
    c->dead[i] = v == 1;
    c->deads += v == 1;
    return v == 1;
}

static long check_nodes(const Check *c) { return c->nodes; }

/* stock_pool._Search.is_dead: check_dead within the search's bound */
static int pool_dead(PoolSearch *ps, const State *s) {
    long left = ps->max_nodes > 0 ? ps->max_nodes - ps->nodes - ps->check.nodes : -1;
    int v = check_dead(&ps->check, s, left);
    if (v < 0) { ps->oom = 1; return 0; }
    return v;
}

/* the dominance rule's candidates for state s: at most this many (two piles) */
#define POOL_CANDIDATES (2 * MAXLEN)

/* free_pool._Game.dominated: the table holds s with the top cards of pile a or b
 * (-1: none) in the pool, each of which (P) can put back, in its normal form (the
 * rule "Dominance" of free_pool.py; ``tab``: s's cards). The candidates are made
 * in rounds, first those with one or two cards of each pile in the pool (nearly
 * all the hits: deal 225, 681,694 of 681,818), then the rest; a round's slots are
 * prefetched (see table_prefetch) before it is looked up. The answer is whether
 * any candidate is in the table, so the order does not change it. */
static int pool_dominated(const PoolSearch *ps, State *s, uint64_t tab, int a, int b) {
    uint8_t keys[POOL_CANDIDATES][KEYLEN];
    int lens_k[POOL_CANDIDATES];
    uint64_t hks[POOL_CANDIDATES];
    uint8_t lens[NT];
    memcpy(lens, s->len, NT); /* the normal form only shortens piles */
    const int piles[2] = {a, b};
    int k[2], live[2];
    uint64_t rest[2] = {tab, tab};
    for (int q = 0; q < 2; q++) {
        live[q] = piles[q] >= 0 && (q == 0 || live[0]);
        k[q] = live[q] ? lens[piles[q]] : 0;
    }
    uint64_t want = waste_bit(s) | dominators(s); /* the candidates' stock and waste are s's */
    for (int depth = 2; live[0] || live[1]; depth = MAXLEN) {
        int nc = 0;
        for (int q = 0; q < 2; q++) {
            int t = piles[q];
            for (int d = 0; live[q] && d < depth; d++, k[q]--) {
                if (k[q] == s->hid[t] || !put_back(ps->g, s, t, k[q])) { live[q] = 0; break; }
                rest[q] &= ~(1ULL << s->col[t][k[q] - 1]);
                s->len[t] = (uint8_t)(k[q] - 1);
                pool_normal(ps->g, s, rest[q]); /* the state with these cards in the pool */
                lens_k[nc] = make_key(s, keys[nc]);
                hks[nc] = hash_key(keys[nc], lens_k[nc]);
                table_prefetch(&ps->t.t, hks[nc]);
                nc++;
                memcpy(s->len, lens, NT);
            }
        }
        for (int c = 0; c < nc; c++) {
            long i = table_find_h(&ps->t.t, keys[c], lens_k[c], hks[c]);
            if (i >= 0 && (ps->t.masks[i] & want)) return 1;
        }
    }
    return 0;
}

/* the batch's entries in order: each enters the table and, unless dominated or
 * blocked, the stack, unless seen (so the search is the one of a child at a time;
 * the batch only lets the table's cache misses overlap). The clock is read here
 * and only here: after every expanded state and every POOL_BATCH children (a
 * state of G+ can have thousands, the chains of a large pool; reading it every 8
 * states let a 3 ms solve run to 5 ms). Once late, the batch is dropped and the
 * search ends unknown. */
static void pool_flush(PoolSearch *ps) {
    if (ps->late || out_of_time(ps->deadline, ps->flag)) { ps->late = 1; ps->nb = 0; return; }
    for (int c = 0; c < ps->nb; c++) table_prefetch_key(&ps->t.t, ps->batch[c].hk);
    for (int c = 0; c < ps->nb && !ps->oom; c++) {
        PoolKid *e = &ps->batch[c];
        int ins = seen_insert_h(&ps->t, e->key, e->len, e->hk, waste_bit(&e->s), dominators(&e->s));
        if (ins < 0) { ps->oom = 1; break; }
        if (!ins || pool_dominated(ps, &e->s, e->tab, e->a, e->b) ||
            pool_blocked(ps->g, &e->s, e->tab & ~stock_bits(&e->s)) ||
            (ps->g->oracle && pool_dead(ps, &e->s)))
            continue;
        if (!grow((void **)&ps->stack, &ps->cap, (ps->n + 1) * KEYLEN, 1)) { ps->oom = 1; break; }
        pack(&e->s, ps->stack + ps->n * KEYLEN);
        ps->n++;
    }
    ps->nb = 0;
}

/* the state of the next child, to be filled in and passed to pool_child */
static State *pool_kid(PoolSearch *ps) { return &ps->batch[ps->nb].s; }

/* the child in pool_kid(ps) (``tab``: its tableau's cards) by a move that touched
 * piles a and b (-1: none): its normal form joins the batch */
static void pool_child(PoolSearch *ps, uint64_t tab, int a, int b) {
    PoolKid *e = &ps->batch[ps->nb];
    e->tab = pool_normal(ps->g, &e->s, tab);
    e->len = make_key(&e->s, e->key);
    e->hk = hash_key(e->key, e->len);
    e->a = a; e->b = b;
    table_prefetch(&ps->t.t, e->hk);
    if (++ps->nb == POOL_BATCH) pool_flush(ps);
}

/* What a placement moves: pile i's run from k; or, with i = -1, the card q - 1 of
 * the stock and waste's text (its n cards, text_of), a stock_pool.py move (W). */
typedef struct { int i, k; const uint8_t *text; int n, q; } Src;

/* a child: pile j gets the pool cards ``chain`` (L of them), then what src moves */
static void pool_place(PoolSearch *ps, const State *s, uint64_t tab, Src src, int j,
                       const int *chain, int L) {
    State *kid = pool_kid(ps);
    *kid = *s;
    int n = kid->len[j];
    for (int q = 0; q < L; q++) {
        kid->col[j][n++] = (uint8_t)chain[q];
        tab |= 1ULL << chain[q];
    }
    if (src.i >= 0) {
        memcpy(kid->col[j] + n, s->col[src.i] + src.k, s->len[src.i] - src.k);
        kid->len[j] = (uint8_t)(n + s->len[src.i] - src.k);
        cut(kid, src.i, src.k);
    } else {
        kid->col[j][n] = src.text[src.q - 1];
        kid->len[j] = (uint8_t)(n + 1);
        take_from_text(kid, src.text, src.n, src.q);
    }
    pool_child(ps, tab, src.i >= 0 ? src.i : j, src.i >= 0 ? j : -1);
}

/* free_pool._Game._run_moves (and the placements of stock_pool's (W)): the (T)
 * moves and macros of what src moves (headed by ``head``): onto each other pile,
 * directly or after a chain of pool cards */
static void pool_targets(PoolSearch *ps, const State *s, uint64_t tab, Src src, int head) {
    for (int j = 0; j < NT; j++) {
        if (j == src.i) continue;
        int top = -1, high, direct;
        if (s->len[j] > s->hid[j]) {
            top = s->col[j][s->len[j] - 1];
            direct = builds(top, head);
            high = RANK(top) - 1;
        } else if (!s->hid[j]) {
            high = ps->g->empty_rank;
            direct = RANK(head) == ps->g->empty_rank;
        } else {
            continue;
        }
        if (direct) pool_place(ps, s, tab, src, j, NULL, 0); /* the chain of no pool card */
        /* the chains (free_pool._chains), in itertools.product's order */
        int low = RANK(head) + 1;
        if (high < low) continue;
        int L = high - low + 1, opt[13][2], nopt[13], idx[13], chain[13];
        int ok = 1;
        for (int q = 0; q < L && ok; q++) {
            int rank = high - q;
            int red = RED(head) != ((rank - RANK(head)) % 2 == 1);
            nopt[q] = 0;
            for (int u = 0; u < 4; u++) {
                int c = u * 13 + rank - 1;
                if ((u == 1 || u == 2) == red && !(tab & (1ULL << c))) opt[q][nopt[q]++] = c;
            }
            if (!nopt[q]) ok = 0;
        }
        if (!ok || (top >= 0 && RED(opt[0][0]) == RED(top))) continue;
        memset(idx, 0, sizeof idx);
        while (!ps->late) {
            for (int q = 0; q < L; q++) chain[q] = opt[q][idx[q]];
            pool_place(ps, s, tab, src, j, chain, L);
            int q = L - 1;
            while (q >= 0 && ++idx[q] == nopt[q]) idx[q--] = 0;
            if (q < 0) break;
        }
    }
}

/* stock_pool._Search.children's (W) moves: each card of the text that stock moves can bring
 * to the waste's top (waste sizes in the order of the text) into the pool by (F),
 * or onto a pile as pool_targets places a run (``tab``: the tableau's and the
 * text's cards) */
static void pool_waste_moves(PoolSearch *ps, const State *s, uint64_t tab) {
    uint8_t text[52];
    int n = text_of(s, text), x = s->wlen;
    char reach[53] = {0};
    if (!in_cycle(x, n))
        for (int q = x; q < n; q += 3) reach[q] = 1;
    for (int q = 3; q < n; q += 3) reach[q] = 1;
    reach[n] = 1;
    for (int q = 1; q <= n && !ps->late; q++) {
        if (!reach[q]) continue;
        int c = text[q - 1];
        Src src = {-1, 0, text, n, q};
        if (to_pool(ps->g, c, tab & ~(1ULL << c))) {
            State *kid = pool_kid(ps);
            *kid = *s;
            take_from_text(kid, text, n, q);
            pool_child(ps, tab & ~(1ULL << c), -1, -1);
        }
        pool_targets(ps, s, tab, src, c);
    }
}

/* a search of game g (table, batch, clock; with Pool.oracle, the checks' search too):
 * 1 made, 0 out of memory (pool_close it either way). ``deadline``: now()'s clock
 * (0: none); ``huge``: the table in huge pages (table_init_huge). */
static int pool_open(PoolSearch *ps, const Pool *g, long max_table, double deadline,
                     const volatile char *flag, int huge) {
    memset(ps, 0, sizeof *ps);
    ps->g = g;
    ps->deadline = deadline;
    ps->flag = flag;
    if (!seen_init(&ps->t, (size_t)max_table, deadline > 0 ? deadline - now() : 0, huge)) return 0;
    ps->batch = malloc(sizeof(PoolKid) * POOL_BATCH);
    if (!ps->batch) return 0;
    if (g->oracle && !check_open(&ps->check, g, g->oracle, 0, deadline, flag)) return 0;
    return 1;
}

static void pool_close(PoolSearch *ps) {
    free(ps->stack); free(ps->batch);
    seen_free(&ps->t);
    if (ps->g->oracle) check_close(&ps->check);
}

/* free_pool.search (stock_pool.search with Pool.stock) from ``root`` on ps, which
 * pool_open made (a search made for an earlier one starts anew, keeping its
 * arrays): 1 the goal is out of reach (lost), 0 reached, 2 out of nodes or time, -1
 * out of memory. nodes counts the checks' states too. */
static int pool_go(PoolSearch *ps, const State *root, long max_nodes, long max_table,
                   long *nodes_out, long *peak_out) {
    const Pool *g = ps->g;
    if (ps->t.t.count) { /* a reused search: its table emptied */
        memset(ps->t.t.slots, 0, ps->t.t.nslots * sizeof(uint64_t));
        ps->t.t.count = 0; ps->t.positions = 0;
    }
    ps->n = 0; ps->nb = 0; ps->oom = 0; ps->late = 0; ps->check.nodes = 0;
    ps->max_nodes = max_nodes; ps->nodes = 0;
    State s = *root;
    memset(s.up, 0, sizeof s.up); memset(s.down, 0, sizeof s.down);
    if (!g->stock) s.slen = s.wlen = 0;
    *pool_kid(ps) = s;
    pool_child(ps, tableau_bits(&s) | stock_bits(&s), -1, -1);
    pool_flush(ps);
    int verdict = 1;
    while (verdict == 1 && ps->n && !ps->oom && !ps->late) {
        unpack(&s, ps->stack + --ps->n * KEYLEN);
        if (++ps->nodes + ps->check.nodes > max_nodes && max_nodes > 0) {
            ps->nodes = max_nodes; ps->check.nodes = 0; verdict = 2; break;
        }
        if (ps->t.t.count > (size_t)max_table) { verdict = 2; break; } /* the memory guard */
        int left = s.slen + s.wlen; /* the goal: no face-down card (and no stock) */
        for (int t = 0; t < NT; t++) left += s.hid[t];
        if (!left) { verdict = 0; break; }
        uint64_t tab = tableau_bits(&s) | stock_bits(&s);
        for (int i = 0; i < NT && !ps->oom && !ps->late; i++) {
            if (s.len[i] == s.hid[i]) continue;
            int x = s.col[i][s.len[i] - 1];
            if (to_pool(g, x, tab)) {
                State *kid = pool_kid(ps);
                *kid = s;
                cut(kid, i, s.len[i] - 1);
                pool_child(ps, tab & ~(1ULL << x), i, -1);
            }
            for (int k = s.len[i] - 1;; k--) {
                pool_targets(ps, &s, tab, (Src){i, k, NULL, 0, 0}, s.col[i][k]);
                if (k == s.hid[i] || !builds(s.col[i][k - 1], s.col[i][k])) break;
            }
        }
        if (g->stock && !ps->oom && !ps->late) pool_waste_moves(ps, &s, tab);
        pool_flush(ps);
    }
    if (ps->late && verdict == 1) verdict = 2; /* children were dropped: no proof */
    if (ps->oom) verdict = -1;
    *nodes_out = ps->nodes + ps->check.nodes; *peak_out = (long)ps->t.positions;
    return verdict;
}

/* the lists stock and waste (the library's piles, base first) into s; -1 on error */
static int read_stock(PyObject *stock, PyObject *waste, State *s) {
    if (!PyList_Check(stock) || !PyList_Check(waste)) {
        PyErr_SetString(PyExc_ValueError, "stock and waste lists expected");
        return -1;
    }
    int n = read_cards(stock, s->stock, 52, "stock");
    if (n < 0) return -1;
    s->slen = (uint8_t)n;
    n = read_cards(waste, s->waste, 52, "waste");
    if (n < 0) return -1;
    s->wlen = (uint8_t)n;
    return 0;
}

/* free_pool(columns, hidden, up, down, empty_rank, max_nodes, max_table, seconds,
 *           stop=None, cleared=0, stock=None, waste=None, oracle=0) -> (code, nodes, peak)
 * code: 1 lost (the relaxed game cannot turn every card up), 0 it can, 2 unknown;
 * stop: a buffer whose first byte, once another thread sets it, ends the search
 * (unknown; see read_flag); cleared: search the game G+ instead; stock and waste
 * (lists, as solve's): keep them exact (stock_pool.py), with the check by G+ of
 * ``oracle`` states (0: none). nodes counts the checks' states too. */
static PyObject *py_free_pool(PyObject *self, PyObject *args) {
    PyObject *cols, *hidden;
    int up, down, empty_rank;
    long max_nodes, max_table; double seconds;
    PyObject *stop = NULL, *stock = Py_None, *waste = Py_None;
    int cleared = 0;
    long oracle = 0;
    if (!PyArg_ParseTuple(args, "OOiiilld|OiOOl", &cols, &hidden, &up, &down, &empty_rank,
                          &max_nodes, &max_table, &seconds, &stop, &cleared, &stock, &waste,
                          &oracle))
        return NULL;
    State s;
    memset(&s, 0, sizeof s);
    if (read_columns(cols, hidden, &s) < 0) return NULL;
    int exact = stock != Py_None;
    if (exact && read_stock(stock, waste, &s) < 0) return NULL;
    Pool g = {up, down, empty_rank, cleared, {0}, {0}, {0}, exact, exact ? oracle : 0};
    pool_masks(&g);
    long nodes = 0, peak = 0;
    int verdict;
    Py_buffer view;
    const volatile char *flag;
    int held = read_flag(stop, &view, &flag);
    if (held < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    double deadline = seconds > 0 ? now() + seconds : 0; /* the set-up counts too */
    PoolSearch ps;
    verdict = pool_open(&ps, &g, max_table, deadline, flag, 1)
                  ? pool_go(&ps, &s, max_nodes, max_table, &nodes, &peak)
                  : -1;
    pool_close(&ps);
    Py_END_ALLOW_THREADS
    if (held) PyBuffer_Release(&view);
    if (verdict < 0) return PyErr_NoMemory();
    return Py_BuildValue("(ill)", verdict, nodes, peak);
}

/* solve(columns, hidden, up, down, stock, waste, max_nodes, seconds, mode=0, seed=0,
 *       stop=None, check=0, level=0, iterations=0) -> (verdict, [(src, dst, n), ...],
 *       nodes, peak)
 * mode: bit 0 the streamlined moves, bit 1 the best-first search, bit 3 the
 * depth-first search over twin classes (_twins.h), bit 2 NRPA
 * (_nrpa.h: the streamlined moves; seed its random state, peak 0) at level (1 to
 * NRPA_MAX_LEVEL) with iterations (at least 1) a level; seed: with this
 * random state (restarts.py; 0: none) the depth-first search shuffles the children,
 * the best-first search adds noise to the estimate; stop: as free_pool's; check
 * (the depth-first searches): each new position's tableau is checked by G+ with
 * this many states while the checks pay (tableau_check.py, check_due; 0: none), a
 * dead one not searched; nodes counts the checks' states too */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *cols, *hidden, *up, *down, *stock, *waste;
    long max_nodes; double seconds; int mode = 0;
    unsigned long long seed = 0;
    PyObject *stop = NULL;
    long check = 0;
    int level = 0, iterations = 0;
    if (!PyArg_ParseTuple(args, "OOOOOOld|iKOlii", &cols, &hidden, &up, &down, &stock, &waste,
                          &max_nodes, &seconds, &mode, &seed, &stop, &check, &level,
                          &iterations))
        return NULL;
    if (check < 0) {
        PyErr_SetString(PyExc_ValueError, "check: the states of each check (0: none)");
        return NULL;
    }
    if ((mode & 4) && (level < 1 || level > NRPA_MAX_LEVEL || iterations < 1)) {
        PyErr_Format(PyExc_ValueError, "NRPA: level 1 to %d, at least 1 iteration",
                     NRPA_MAX_LEVEL);
        return NULL;
    }
    State s;
    memset(&s, 0, sizeof s);
    if (read_columns(cols, hidden, &s) < 0 || read_stock(stock, waste, &s) < 0) return NULL;
    for (int u = 0; u < 4; u++) {
        s.up[u] = (uint8_t)PyLong_AsLong(PyList_GetItem(up, u));
        s.down[u] = (uint8_t)PyLong_AsLong(PyList_GetItem(down, u));
    }
    if (PyErr_Occurred()) return NULL;
    Path p;
    memset(&p, 0, sizeof p);
    p.rng = (uint64_t)seed;
    long nodes = 0, peak = 0;
    int verdict;
    Py_buffer view;
    const volatile char *flag;
    int held = read_flag(stop, &view, &flag);
    if (held < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    Check chk, *use = NULL;
    if (check) { /* Gilbert's game: up and down foundations, Sevens into empty piles */
        Pool g = {1, 1, 7, 1, {0}, {0}, {0}, 0, 0};
        pool_masks(&g);
        use = &chk;
        if (!check_open(&chk, &g, check, 1, seconds > 0 ? now() + seconds : 0, flag)) use = NULL;
    }
    if (check && !use) verdict = -1;
    else if (mode & 4)
        verdict = nrpa(&s, level, iterations, max_nodes, seconds, flag, p.rng, &p, &nodes);
    else if (mode & 2) verdict = best_first(&s, max_nodes, seconds, flag, mode & 1, &p, &nodes, &peak);
    else verdict = search(&s, max_nodes, seconds, flag, mode, &p, use, &nodes, &peak);
    if (check) check_close(&chk);
    Py_END_ALLOW_THREADS
    if (held) PyBuffer_Release(&view);
    PyObject *lst = NULL;
    if (verdict >= 0) {
        size_t len = verdict == 0 ? p.ndone : 0;
        lst = PyList_New((Py_ssize_t)len);
        for (size_t i = 0; lst && i < len; i++)
            PyList_SET_ITEM(lst, (Py_ssize_t)i,
                            Py_BuildValue("(iii)", p.done[i].m.src, p.done[i].m.dst, p.done[i].m.n));
    }
    free(p.steps); free(p.frames); free(p.done);
    if (verdict < 0) return PyErr_NoMemory();
    if (!lst) return NULL;
    return Py_BuildValue("(iNll)", verdict, lst, nodes, peak);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Search a Gilbert position (see fast.py)."},
    {"free_pool", py_free_pool, METH_VARARGS, "The free-pool relaxation (pruning/free_pool.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_gilbert", NULL, -1, methods};

PyMODINIT_FUNC PyInit__gilbert(void) { return PyModule_Create(&module); }
