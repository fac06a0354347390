/* Compiled search for Bisley-like games: the same algorithm as engine.py with the
 * Strategy that applies to such games (safe foundation moves, dead cards, stubborn
 * sets, ordering, canonical transposition table), on a compact state.
 *
 * It is an accelerator, not a second source of truth: every winning line it finds
 * is replayed through the Python rules engine before it is returned, and tests
 * compare its verdicts with the Python engine. See solver/fast.py.
 *
 * Cards are 0..51 = suit * 13 + rank - 1. Move destinations: 0..12 a column,
 * 13 + suit the suit's up foundation, 17 + suit its down foundation.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCOL 13
#define MAXLEN 40
#define KEYLEN 72 /* 8 foundation bytes + 13 lengths + 48 cards, padded */
#include "_search.h" /* the transposition table (with KEYLEN), the clock */
#define UPT 60
#define DNT 61

typedef struct {
    uint8_t col[NCOL][MAXLEN];
    uint8_t len[NCOL];
    uint8_t up[4];   /* rank on top of the up foundation (0: empty) */
    uint8_t down[4]; /* rank on top of the down foundation (14: empty) */
    uint8_t has_up[4], has_down[4];
} State;

typedef struct { uint8_t src, dst; } Mv;

static int RANK(int c) { return c % 13 + 1; }
static int SUIT(int c) { return c / 13; }

/* ------------------------------------------------------------ keys */
/* the bytes of a key in use (make_key; the rest is padding): prefix-free, since each
 * column's length comes before its cards */
static int key_len(const uint8_t *k) {
    int p = 8;
    for (int i = 0; i < NCOL; i++) p += 1 + k[p] - 100;
    return p;
}

/* canonical key: foundations, then the columns sorted (each: length, cards) */
static int col_cmp(const State *s, int a, int b) {
    int la = s->len[a], lb = s->len[b];
    if (la != lb) return la - lb;
    return memcmp(s->col[a], s->col[b], la);
}

static int make_key(const State *s, uint8_t *k) {
    int order[NCOL];
    for (int i = 0; i < NCOL; i++) order[i] = i;
    for (int i = 1; i < NCOL; i++) {
        int v = order[i], j = i - 1;
        while (j >= 0 && col_cmp(s, order[j], v) > 0) { order[j + 1] = order[j]; j--; }
        order[j + 1] = v;
    }
    memset(k, 0xff, KEYLEN);
    int p = 0;
    for (int i = 0; i < 4; i++) { k[p++] = s->up[i]; k[p++] = s->down[i]; }
    for (int i = 0; i < NCOL; i++) {
        int c = order[i];
        k[p++] = 100 + s->len[c];
        copy_small(k + p, s->col[c], s->len[c]);
        p += s->len[c];
    }
    return p;
}

/* ------------------------------------------------------------ moves */
static void apply(State *s, Mv m) {
    int x = s->col[m.src][--s->len[m.src]];
    if (m.dst < NCOL) s->col[m.dst][s->len[m.dst]++] = (uint8_t)x;
    else if (m.dst < 17) s->up[m.dst - 13]++;
    else s->down[m.dst - 17]--;
}

static void undo(State *s, Mv m) {
    int x;
    if (m.dst < NCOL) x = s->col[m.dst][--s->len[m.dst]];
    else if (m.dst < 17) { int u = m.dst - 13; x = u * 13 + s->up[u] - 1; s->up[u]--; }
    else { int u = m.dst - 17; x = u * 13 + s->down[u] - 1; s->down[u]++; }
    s->col[m.src][s->len[m.src]++] = (uint8_t)x;
}

static int won(const State *s) {
    for (int u = 0; u < 4; u++) if (s->up[u] + 1 < s->down[u]) return 0;
    return 1;
}

/* all legal moves, in the library's order (source column, foundations first) */
static int generate(const State *s, Mv *out) {
    int n = 0, topcol[52];
    for (int c = 0; c < 52; c++) topcol[c] = -1;
    for (int i = 0; i < NCOL; i++) if (s->len[i]) topcol[s->col[i][s->len[i] - 1]] = i;
    for (int i = 0; i < NCOL; i++) {
        if (!s->len[i]) continue;
        int x = s->col[i][s->len[i] - 1], u = SUIT(x), r = RANK(x);
        if (s->has_up[u] && r == s->up[u] + 1) out[n++] = (Mv){(uint8_t)i, (uint8_t)(13 + u)};
        if (s->has_down[u] && r == s->down[u] - 1) out[n++] = (Mv){(uint8_t)i, (uint8_t)(17 + u)};
        int cand[2], nc = 0;
        if (r > 1) cand[nc++] = x - 1;
        if (r < 13) cand[nc++] = x + 1;
        /* destinations in column order */
        int d0 = nc > 0 ? topcol[cand[0]] : -1, d1 = nc > 1 ? topcol[cand[1]] : -1;
        if (d0 >= 0 && d1 >= 0 && d1 < d0) { int t = d0; d0 = d1; d1 = t; }
        if (d0 >= 0) out[n++] = (Mv){(uint8_t)i, (uint8_t)d0};
        if (d1 >= 0) out[n++] = (Mv){(uint8_t)i, (uint8_t)d1};
    }
    return n;
}

/* ------------------------------------------------------------ dead cards (dead_cards.py) */
static int has_dead_card(const State *s) {
    int col_of[52], idx_of[52], frontier[NCOL];
    for (int c = 0; c < 52; c++) col_of[c] = -1;
    for (int i = 0; i < NCOL; i++) {
        for (int j = 0; j < s->len[i]; j++) { col_of[s->col[i][j]] = i; idx_of[s->col[i][j]] = j; }
        frontier[i] = s->len[i];
    }
    int changed = 1;
    while (changed) {
        changed = 0;
        int low[4] = {14, 14, 14, 14}, high[4] = {0, 0, 0, 0};
        for (int i = 0; i < NCOL; i++)
            for (int j = 0; j < frontier[i]; j++) {
                int c = s->col[i][j], u = SUIT(c), r = RANK(c);
                if (r < low[u]) low[u] = r;
                if (r > high[u]) high[u] = r;
            }
        for (int i = 0; i < NCOL; i++) {
            int j = frontier[i] - 1;
            while (j >= 0) {
                int y = s->col[i][j], u = SUIT(y), r = RANK(y);
                int ok = (s->has_up[u] && low[u] >= r) || (s->has_down[u] && high[u] <= r);
                for (int d = -1; !ok && d <= 1; d += 2) {
                    int rr = r + d;
                    if (rr < 1 || rr > 13) continue;
                    int nb = u * 13 + rr - 1, cn = col_of[nb];
                    if (cn < 0 || (cn == i && idx_of[nb] < j)) continue;
                    if (frontier[cn] <= idx_of[nb] + 1) ok = 1;
                }
                if (!ok) break;
                j--;
            }
            if (j + 1 != frontier[i]) { frontier[i] = j + 1; changed = 1; }
        }
    }
    for (int i = 0; i < NCOL; i++) if (frontier[i]) return 1;
    return 0;
}

/* ------------------------------------------------------------ stubborn sets (stubborn.py) */
#define NCODE (52 * 64)
typedef struct { uint64_t w[NCODE / 64]; } Bits;
static int bit(const Bits *b, int i) { return (int)((b->w[i >> 6] >> (i & 63)) & 1); }
static void setbit(Bits *b, int i) { b->w[i >> 6] |= 1ULL << (i & 63); }

static int push_moving(int card, int *work, int n) {
    int r = RANK(card);
    work[n++] = card * 64 + UPT;
    work[n++] = card * 64 + DNT;
    if (r > 1) work[n++] = card * 64 + card - 1;
    if (r < 13) work[n++] = card * 64 + card + 1;
    return n;
}

static int push_touching(int card, int *work, int n) {
    int r = RANK(card);
    n = push_moving(card, work, n);
    if (r > 1) work[n++] = (card - 1) * 64 + card;
    if (r < 13) work[n++] = (card + 1) * 64 + card;
    return n;
}

/* closure of start; returns the number of enabled transitions in it, or -1 once
 * it reaches bound */
#define WORKLEN (NCODE * 12)
static int closure(const State *s, const int *where, const int *above, const Bits *enabled,
                   int start, int bound, Bits *out, int *work) {
    memset(out, 0, sizeof(Bits));
    int n = 0, count = 0;
    work[n++] = start;
    while (n) {
        int code = work[--n];
        if (bit(out, code)) continue;
        setbit(out, code);
        int x = code / 64, y = code % 64;
        if (bit(enabled, code)) {
            if (++count >= bound) return -1;
            n = push_touching(x, work, n);
            if (y < 52) n = push_touching(y, work, n);
            continue;
        }
        if (where[x] < 0) continue;
        if (above[x] >= 0) n = push_moving(above[x], work, n);
        else if (y < 52) {
            if (where[y] >= 0 && above[y] >= 0) n = push_moving(above[y], work, n);
        } else if (y == UPT) {
            if (RANK(x) - 1 > s->up[SUIT(x)]) work[n++] = (x - 1) * 64 + UPT;
        } else if (RANK(x) + 1 < s->down[SUIT(x)]) work[n++] = (x + 1) * 64 + DNT;
    }
    return count;
}

static int code_of(const State *s, Mv m) {
    int x = s->col[m.src][s->len[m.src] - 1];
    if (m.dst < NCOL) return x * 64 + s->col[m.dst][s->len[m.dst] - 1];
    return x * 64 + (m.dst < 17 ? UPT : DNT);
}

static int reduce(const State *s, Mv *moves, int n, int *work) {
    if (n < 2) return n;
    int where[52], above[52], codes[64];
    for (int c = 0; c < 52; c++) { where[c] = -1; above[c] = -1; }
    for (int i = 0; i < NCOL; i++)
        for (int j = 0; j < s->len[i]; j++) {
            where[s->col[i][j]] = i;
            above[s->col[i][j]] = j + 1 < s->len[i] ? s->col[i][j + 1] : -1;
        }
    Bits enabled, best, cur;
    memset(&enabled, 0, sizeof enabled);
    for (int i = 0; i < n; i++) { codes[i] = code_of(s, moves[i]); setbit(&enabled, codes[i]); }
    int best_size = n, have = 0;
    for (int i = 0; i < n; i++) {
        int size = closure(s, where, above, &enabled, codes[i], best_size, &cur, work);
        if (size >= 0) {
            best = cur; best_size = size; have = 1;
            if (size == 1) break;
        }
    }
    if (!have) return n;
    int k = 0;
    for (int i = 0; i < n; i++) if (bit(&best, codes[i])) moves[k++] = moves[i];
    return k;
}

/* ------------------------------------------------------------ ordering (ordering.py) */
static void order(const State *s, Mv *moves, int n) {
    if (n < 2) return;
    int want[52] = {0};
    for (int u = 0; u < 4; u++) {
        if (s->has_up[u] && s->up[u] < 13) want[u * 13 + s->up[u]] = 1;
        if (s->has_down[u] && s->down[u] > 1) want[u * 13 + s->down[u] - 2] = 1;
    }
    int score[64], idx[64];
    for (int i = 0; i < n; i++) {
        Mv m = moves[i];
        int v = 0;
        if (m.dst >= NCOL) v = -20;
        else {
            int rest = s->len[m.src] - 1;
            if (rest) {
                if (want[s->col[m.src][rest - 1]]) v -= 8;
                for (int j = 0; j < rest; j++) v -= want[s->col[m.src][j]];
            }
            for (int j = 0; j < s->len[m.dst]; j++) v += 3 * want[s->col[m.dst][j]];
        }
        score[i] = v; idx[i] = i;
    }
    for (int i = 1; i < n; i++) { /* stable insertion sort by score */
        int v = idx[i], j = i - 1;
        while (j >= 0 && score[idx[j]] > score[v]) { idx[j + 1] = idx[j]; j--; }
        idx[j + 1] = v;
    }
    Mv tmp[64];
    for (int i = 0; i < n; i++) tmp[i] = moves[idx[i]];
    memcpy(moves, tmp, n * sizeof(Mv));
}

static int children(const State *s, Mv *out, int *work) {
    int n = generate(s, out);
    if (!n) return 0;
    for (int i = 0; i < n; i++)
        if (out[i].dst >= NCOL) { out[0] = out[i]; return 1; } /* safe_moves rule 1 */
    if (has_dead_card(s)) return 0;
    n = reduce(s, out, n, work);
    order(s, out, n);
    return n;
}

/* ------------------------------------------------------------ search */
typedef struct { Mv moves[64]; int n, next; } Frame;

/* verdict: 0 winnable, 1 lost, 2 unknown, -1 out of memory */
static int search(State *s, long max_nodes, double seconds, Mv **line, int *line_len,
                  long *nodes_out, long *peak_out) {
    double deadline = seconds > 0 ? now() + seconds : 0; /* the set-up counts too */
    Table t;
    if (!table_init(&t, 0, seconds)) { table_free(&t); return -1; }
    int *work = malloc(WORKLEN * sizeof(int));
    if (!work) { table_free(&t); return -1; }
    uint8_t key[KEYLEN];
    table_insert(&t, key, make_key(s, key));
    size_t cap = 0;
    int depth = 0;
    Frame *stack = NULL;
    if (!grow((void **)&stack, &cap, 1024, sizeof(Frame))) { table_free(&t); free(work); return -1; }
    long nodes = 0;
    int verdict = 1;
    if (won(s)) verdict = 0;
    else {
        stack[0].n = children(s, stack[0].moves, work); stack[0].next = 0; depth = 1;
    }
    while (verdict == 1 && depth) {
        Frame *f = &stack[depth - 1];
        if (f->next == f->n) {
            depth--;
            if (depth) undo(s, stack[depth - 1].moves[stack[depth - 1].next - 1]);
            continue;
        }
        Mv m = f->moves[f->next++];
        apply(s, m);
        int ins = table_insert(&t, key, make_key(s, key));
        if (ins < 0) { verdict = -1; break; }
        if (!ins) { undo(s, m); continue; }
        nodes++;
        if (won(s)) { verdict = 0; break; }
        if ((max_nodes > 0 && nodes >= max_nodes) ||
            (nodes % 8 == 0 && out_of_time(deadline, NULL))) { verdict = 2; break; }
        if (!grow((void **)&stack, &cap, (size_t)depth + 1, sizeof(Frame))) { verdict = -1; break; }
        stack[depth].n = children(s, stack[depth].moves, work);
        stack[depth].next = 0;
        depth++;
    }
    *line_len = 0;
    *line = NULL;
    if (verdict == 0 && depth) {
        *line = malloc(depth * sizeof(Mv));
        if (!*line) verdict = -1;
        else
            for (int i = 0; i < depth; i++) (*line)[(*line_len)++] = stack[i].moves[stack[i].next - 1];
    }
    *nodes_out = nodes; *peak_out = (long)t.count;
    free(stack); free(work); table_free(&t);
    return verdict;
}

/* solve(columns, up, down, has_up, has_down, max_nodes, seconds)
 *   -> (verdict, [(src, dst), ...], nodes, peak) */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *cols, *up, *down, *hup, *hdown;
    long max_nodes; double seconds;
    if (!PyArg_ParseTuple(args, "OOOOOld", &cols, &up, &down, &hup, &hdown, &max_nodes, &seconds))
        return NULL;
    State s;
    memset(&s, 0, sizeof s);
    if (!PyList_Check(cols) || PyList_Size(cols) != NCOL) {
        PyErr_SetString(PyExc_ValueError, "13 columns expected");
        return NULL;
    }
    for (int i = 0; i < NCOL; i++) {
        PyObject *c = PyList_GetItem(cols, i);
        Py_ssize_t n = PyList_Size(c);
        if (n < 0 || n > MAXLEN - 20) { PyErr_SetString(PyExc_ValueError, "column too long"); return NULL; }
        s.len[i] = (uint8_t)n;
        for (Py_ssize_t j = 0; j < n; j++) {
            long v = PyLong_AsLong(PyList_GetItem(c, j));
            if (v < 0 || v >= 52) { PyErr_SetString(PyExc_ValueError, "bad card"); return NULL; }
            s.col[i][j] = (uint8_t)v;
        }
    }
    for (int u = 0; u < 4; u++) {
        s.up[u] = (uint8_t)PyLong_AsLong(PyList_GetItem(up, u));
        s.down[u] = (uint8_t)PyLong_AsLong(PyList_GetItem(down, u));
        s.has_up[u] = (uint8_t)PyObject_IsTrue(PyList_GetItem(hup, u));
        s.has_down[u] = (uint8_t)PyObject_IsTrue(PyList_GetItem(hdown, u));
    }
    if (PyErr_Occurred()) return NULL;
    Mv *line = NULL;
    int line_len = 0;
    long nodes = 0, peak = 0;
    int verdict;
    Py_BEGIN_ALLOW_THREADS
    verdict = search(&s, max_nodes, seconds, &line, &line_len, &nodes, &peak);
    Py_END_ALLOW_THREADS
    if (verdict < 0) { free(line); return PyErr_NoMemory(); }
    PyObject *lst = PyList_New(line_len);
    for (int i = 0; lst && i < line_len; i++)
        PyList_SET_ITEM(lst, i, Py_BuildValue("(ii)", line[i].src, line[i].dst));
    free(line);
    if (!lst) return NULL;
    return Py_BuildValue("(iNll)", verdict, lst, nodes, peak);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Search a Bisley-like position (see fast.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bisley", NULL, -1, methods};

PyMODINIT_FUNC PyInit__bisley(void) { return PyModule_Create(&module); }
