/* Nested rollout policy adaptation for Gilbert (solver/nrpa.py has the method,
 * its sources and the measurements). Included by _gilbert.c after the best-first
 * search: it uses its State, children(), estimate(), make_key() and make_step().
 *
 * A rollout plays from the root to the end: at each position, of the children
 * (the streamlined steps, children()) that lead to no position this rollout has
 * made before, it takes one at random with probability proportional to
 * exp(w[code] + NRPA_BIAS * (estimate before - estimate after)), where code names
 * the card moved and where it goes. A rollout scores -estimate of its last
 * position (a win ends it). Level 0 is one rollout; level l runs level l - 1
 * `iterations` times from a copy of its policy, keeps the best sequence so far
 * and moves the copy's weights towards it after each (adapt). The top level is
 * run again and again from the zero policy until a win or the budget's end. */

#include <math.h>

#define NRPA_CODES (52 * 56) /* card * 56 + where: up, down, empty column, onto card */
#define NRPA_STEPS 512       /* steps of a rollout at most */
#define NRPA_KIDS 64         /* children a step chooses from at most */
#define NRPA_MAX_LEVEL 4     /* the deepest level solve() takes (nrpa.py has the lanes') */
#ifndef NRPA_ALPHA
#define NRPA_ALPHA 1.0
#endif
#ifndef NRPA_BIAS
#define NRPA_BIAS 0.25
#endif
#define NRPA_SLOTS 16384     /* the rollout's table of positions (hashes) */

typedef struct {
    int n;                              /* steps */
    double score;
    Step st[NRPA_STEPS];
    uint8_t nk[NRPA_STEPS], pick[NRPA_STEPS];
    uint16_t code[NRPA_STEPS][NRPA_KIDS]; /* the children's codes, */
    double bias[NRPA_STEPS][NRPA_KIDS];   /* and their biases */
} NSeq;

typedef struct {
    uint64_t rng;
    long nodes, max_nodes;   /* steps taken by rollouts */
    double deadline;
    const volatile char *flag;
    int out;                 /* out of budget */
    int iterations;          /* of each level above 0 */
    uint64_t *slot; uint32_t *gen; uint32_t now_gen; int used;
    NSeq *best[NRPA_MAX_LEVEL + 1];
    double *pol[NRPA_MAX_LEVEL + 1];
    double *w0;
} Nrpa;

/* the code of move m from s (after its step's stock moves): the card it moves
 * and where to */
static int nrpa_code(const State *s, Mv m) {
    int card;
    if (m.src == WASTE) card = s->waste[s->wlen - 1];
    else if (m.src < T0) card = found_top(s, m.src);
    else card = s->col[m.src - T0][s->len[m.src - T0] - m.n];
    int where;
    if (m.dst < 4) where = 0;
    else if (m.dst < T0) where = 1;
    else if (!s->len[m.dst - T0]) where = 2;
    else where = 3 + s->col[m.dst - T0][s->len[m.dst - T0] - 1];
    return card * 56 + where;
}

/* enters s into the rollout's table: 0 if it was there (or the table is full) */
static int nrpa_visit(Nrpa *r, const State *s) {
    if (r->used >= NRPA_SLOTS / 2) return 0;
    uint8_t key[KEYLEN]; /* the table's key leaves out the waste's size */
    uint64_t h = hash_key(key, make_key(s, key)) ^ (s->wlen * 0x9E3779B97F4A7C15ULL);
    if (!h) h = 1;
    size_t i = h & (NRPA_SLOTS - 1);
    while (r->gen[i] == r->now_gen) {
        if (r->slot[i] == h) return 0;
        i = (i + 1) & (NRPA_SLOTS - 1);
    }
    r->gen[i] = r->now_gen; r->slot[i] = h; r->used++;
    return 1;
}

/* v[i] = exp(w[code[i]] + bias[i] - the largest of them), i < m; their sum */
static double nrpa_weights(const double *w, const uint16_t *code, const double *bias, int m,
                           double *v) {
    double top = -1e300, z = 0;
    for (int i = 0; i < m; i++) { v[i] = w[code[i]] + bias[i]; if (v[i] > top) top = v[i]; }
    for (int i = 0; i < m; i++) { v[i] = exp(v[i] - top); z += v[i]; }
    return z;
}

static double nrpa_uniform(Nrpa *r) { return (double)(rng_next(&r->rng) >> 11) * (1.0 / 9007199254740992.0); }

/* one rollout under policy w into q; its score (1e9: won) */
static double nrpa_rollout(Nrpa *r, const State *root, const double *w, NSeq *q) {
    State s = *root;
    r->now_gen++; r->used = 0;
    if (!r->now_gen) { memset(r->gen, 0, NRPA_SLOTS * sizeof(uint32_t)); r->now_gen = 1; }
    nrpa_visit(r, &s);
    q->n = 0;
    Step kids[MAXMOVES * 4], ok[NRPA_KIDS];
    State next[NRPA_KIDS];
    double v[NRPA_KIDS];
    while (q->n < NRPA_STEPS && !won(&s)) {
        if (r->max_nodes > 0 && r->nodes >= r->max_nodes) { r->out = 1; break; }
        int n = children(&s, kids, 1), m = 0, e0 = estimate(&s), j = q->n;
        for (int i = 0; i < n && m < NRPA_KIDS; i++) {
            State c = s;
            for (int k = 0; k < kids[i].k; k++) apply(&c, next_stock_move(&c));
            int code = nrpa_code(&c, kids[i].m);
            apply(&c, kids[i].m);
            if (!nrpa_visit(r, &c)) continue;
            ok[m] = kids[i];
            q->code[j][m] = (uint16_t)code;
            q->bias[j][m] = NRPA_BIAS * (e0 - estimate(&c));
            next[m++] = c;
        }
        if (!m) break;
        double x = nrpa_uniform(r) * nrpa_weights(w, q->code[j], q->bias[j], m, v);
        int pick = m - 1;
        for (int i = 0; i < m; i++) { x -= v[i]; if (x <= 0) { pick = i; break; } }
        q->st[j] = ok[pick]; q->nk[j] = (uint8_t)m; q->pick[j] = (uint8_t)pick;
        q->n++;
        s = next[pick];
        r->nodes++;
    }
    q->score = won(&s) ? 1e9 : -(double)estimate(&s);
    return q->score;
}

static void nrpa_copy(NSeq *to, const NSeq *from) {
    to->n = from->n; to->score = from->score;
    size_t n = (size_t)from->n;
    memcpy(to->st, from->st, n * sizeof(Step));
    memcpy(to->nk, from->nk, n); memcpy(to->pick, from->pick, n);
    memcpy(to->code, from->code, n * sizeof from->code[0]);
    memcpy(to->bias, from->bias, n * sizeof from->bias[0]);
}

/* moves w towards q's choices (Rosin's Adapt, with the bias in the probabilities) */
static void nrpa_adapt(Nrpa *r, double *w, const NSeq *q) {
    memcpy(r->w0, w, NRPA_CODES * sizeof(double));
    double v[NRPA_KIDS];
    for (int j = 0; j < q->n; j++) {
        int m = q->nk[j];
        double z = nrpa_weights(r->w0, q->code[j], q->bias[j], m, v);
        for (int i = 0; i < m; i++) w[q->code[j][i]] -= NRPA_ALPHA * v[i] / z;
        w[q->code[j][q->pick[j]]] += NRPA_ALPHA;
    }
}

/* level of NRPA from policy pol; the best sequence in r->best[level] */
static double nrpa_level(Nrpa *r, const State *root, int level, const double *pol) {
    if (level == 0) {
        if ((r->max_nodes > 0 && r->nodes >= r->max_nodes) || out_of_time(r->deadline, r->flag)) {
            r->out = 1;
            r->best[0]->n = 0;
            return r->best[0]->score = -1e300;
        }
        return nrpa_rollout(r, root, pol, r->best[0]);
    }
    double *w = r->pol[level];
    memcpy(w, pol, NRPA_CODES * sizeof(double));
    double best = -1e300;
    r->best[level]->n = 0;
    r->best[level]->score = best;
    for (int i = 0; i < r->iterations && !r->out; i++) {
        double score = nrpa_level(r, root, level - 1, w);
        if (r->out && score < 1e9) break;
        if (score >= best) { best = score; nrpa_copy(r->best[level], r->best[level - 1]); }
        if (best >= 1e9) break;
        nrpa_adapt(r, w, r->best[level]);
    }
    return best;
}

/* NRPA from root at level (at most NRPA_MAX_LEVEL) with iterations a level,
 * within max_nodes steps (0: no bound) and seconds, with the
 * random state seed (nonzero); the winning line's moves in p.
 * verdict: 0 winnable, 2 unknown, -1 out of memory */
static int nrpa(State *root, int level, int iterations, long max_nodes, double seconds,
                const volatile char *flag, uint64_t seed, Path *p, long *nodes_out) {
    Nrpa r;
    memset(&r, 0, sizeof r);
    r.iterations = iterations;
    r.deadline = seconds > 0 ? now() + seconds : 0;
    r.flag = flag; r.max_nodes = max_nodes; r.rng = seed ? seed : 1;
    int verdict = 2, ok = 1, found = 0;
    r.slot = malloc(NRPA_SLOTS * sizeof(uint64_t));
    r.gen = calloc(NRPA_SLOTS, sizeof(uint32_t));
    r.w0 = malloc(NRPA_CODES * sizeof(double));
    ok = r.slot && r.gen && r.w0;
    for (int l = 0; l <= level; l++) {
        r.best[l] = ok ? malloc(sizeof(NSeq)) : NULL;
        r.pol[l] = ok ? calloc(NRPA_CODES, sizeof(double)) : NULL;
        ok = ok && r.best[l] && r.pol[l];
    }
    if (!ok) verdict = -1;
    else if (won(root)) { verdict = 0; p->ndone = 0; }
    else {
        double *zero = r.pol[0]; /* level 0 keeps no policy of its own */
        while (!r.out) {
            if (nrpa_level(&r, root, level, zero) >= 1e9) { verdict = 0; found = 1; break; }
        }
    }
    if (found) {
        const NSeq *q = r.best[level];
        State s = *root;
        p->ndone = 0;
        for (int j = 0; j < q->n && verdict == 0; j++)
            if (!make_step(&s, p, q->st[j])) verdict = -1;
        /* the line is replayed in Python: a win too late for that is given up */
        if (verdict == 0 && r.deadline > 0 && now() + p->ndone * VERIFY_SECONDS >= r.deadline)
            verdict = 2;
    }
    *nodes_out = r.nodes;
    free(r.slot); free(r.gen); free(r.w0);
    for (int l = 0; l <= level; l++) { free(r.best[l]); free(r.pol[l]); }
    return verdict;
}
