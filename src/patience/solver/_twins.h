/* The complete search over twin classes (Gilbert; included by _gilbert.c, which
 * defines State, Step, Path and the moves). pruning/twins.py has the proof; in short:
 *
 * Twins are the two cards of one rank and colour (6D and 6H); they take the same
 * cards. A *flexible pair*: an ordered run up to the top of its column lies on one
 * twin (its first card builds on it) and the other is a column's top card. The run can move onto the other twin and back, one move each way (a
 * *flip*), so the two positions have one verdict; and a flip changes no other
 * pair's flexibility. A position with k pairs is one of the 2^k of its *class*
 * (each pair's run on either twin); the class's canonical position has every run
 * on the twin with the lower card number. The search's table holds canonical
 * positions, and a class's children are those of all its positions, which are
 * the canonical position's children and, per pair (L covered by run R, H on top;
 * with R flipped onto H, L is on top and R's top card t on H's column):
 *   N1  L to a foundation;
 *   N2  a card onto L: the canonical position's moves onto H, made onto L;
 *   N4  a run ending at L onto t.
 * Every other move of every position of the class gives a child in the class of a
 * canonical position's child (pruning/twins.py). */

/* the twin of card c: clubs-spades, diamonds-hearts */
static int twin_of(int c) {
    static const uint8_t OTHER[4] = {3, 2, 1, 0};
    return OTHER[SUIT(c)] * 13 + RANK(c) - 1;
}

/* the lowest index of column t whose card has an ordered run on it up to the top
 * (a layout may hold face-up cards out of order; a game's play never makes them) */
static int run_from(const State *s, int t) {
    return s->len[t] - movable_count(s, t);
}

/* the column whose top card is each card (-1: none) */
static void tops_of(const State *s, int8_t *at) {
    memset(at, -1, 52);
    for (int t = 0; t < NT; t++)
        if (s->len[t]) at[s->col[t][s->len[t] - 1]] = (int8_t)t;
}

/* the hearts and spades whose twin (a diamond, a club: the lower card number) is a
 * column's top card: the only covered twins that twin_canonical flips */
static uint64_t flippable(const State *s) {
    uint64_t tops = 0;
    for (int t = 0; t < NT; t++)
        if (s->len[t]) tops |= 1ULL << s->col[t][s->len[t] - 1];
    return (tops & 0x1FFF) << 39 | (tops >> 13 & 0x1FFF) << 26;
}

/* puts every flexible pair's run on the twin with the lower card number, each flip
 * a move on the path; 0 when out of memory. It is called after every step, so it
 * reads each column's run once, from the top down, and only looks for a card of
 * flippable(s) (perf: the scan by tops_of and run_from was a quarter of a class
 * search's time); the flip is that of the lowest such card of the first column. */
static int twin_canonical(State *s, Path *p) {
    for (;;) {
        uint64_t want = flippable(s);
        if (!want) return 1;
        Mv flip = {0, 0, 0};
        for (int a = 0; a < NT && !flip.n; a++) {
            int low = -1;
            for (int i = s->len[a] - 2; i >= s->hid[a] && builds(s->col[a][i], s->col[a][i + 1]); i--)
                if (want >> s->col[a][i] & 1) low = i;
            if (low < 0) continue;
            int other = twin_of(s->col[a][low]), b = 0;
            while (!s->len[b] || s->col[b][s->len[b] - 1] != other) b++;
            flip = (Mv){(uint8_t)(T0 + a), (uint8_t)(T0 + b), (uint8_t)(s->len[a] - 1 - low)};
        }
        if (!flip.n) return 1;
        if (!grow((void **)&p->done, &p->dcap, p->ndone + 1, sizeof(Done))) return 0;
        apply(s, flip); /* the run's column keeps its covered twin: nothing turns up */
        p->done[p->ndone++] = (Done){flip, 0};
    }
}

/* the moves N1, N2 and N4 of each flexible pair of the canonical s, each after its
 * flip, added to its n children kids: N1 after kids' leading foundation moves (as
 * the children are ordered), the others at the end; returns how many it added */
static int twin_steps(const State *s, Step *kids, int n) {
    if (n == 1 && kids[0].m.dst < 4 && kids[0].m.src >= T0 && kids[0].m.src < STOCK) {
        int t = kids[0].m.src - T0;
        if (RANK(s->col[t][s->len[t] - 1]) == 1)
            return 0; /* safe_moves rule 2: the Ace alone, in every position of the class */
    }
    int8_t at[52];
    tops_of(s, at);
    Wants w;
    Step *out = kids + n, first[2 * 26];
    int c = 0, nfirst = 0, have_w = 0;
    for (int a = 0; a < NT; a++)
        for (int i = s->len[a] ? run_from(s, a) : 0; i < s->len[a] - 1; i++) {
            int low = s->col[a][i], b = at[twin_of(low)];
            if (b < 0) continue;
            Mv flip = {(uint8_t)(T0 + a), (uint8_t)(T0 + b), (uint8_t)(s->len[a] - 1 - i)};
            if (!have_w) { wants(s, &w); have_w = 1; }
            /* N1: the foundations want what they want in the canonical position */
            if (w.wantf[low] & 1) first[nfirst++] = (Step){{flip.src, (uint8_t)SUIT(low), 1}, 0, flip};
            if (w.wantf[low] & 2)
                first[nfirst++] = (Step){{flip.src, (uint8_t)(4 + SUIT(low)), 1}, 0, flip};
            /* N2: what goes onto the other twin (not the run itself) goes onto low */
            for (int j = 0; j < n; j++)
                if (kids[j].m.dst == flip.dst && kids[j].m.src != flip.src && !kids[j].pre.n)
                    out[c++] = (Step){{kids[j].m.src, flip.src, kids[j].m.n}, kids[j].k, flip};
            /* N4: after the flip the column ends at low; a run of it onto the run's top */
            int top = s->col[a][s->len[a] - 1];
            for (int k = 1; i - k + 1 >= s->hid[a]; k++) {
                int head = s->col[a][i - k + 1];
                if (k > 1 && !builds(head, s->col[a][i - k + 2])) break;
                if (builds(top, head)) out[c++] = (Step){{flip.src, flip.dst, (uint8_t)k}, 0, flip};
            }
        }
    int lead = 0;
    while (lead < n && kids[lead].m.dst < T0) lead++;
    memmove(kids + lead + nfirst, kids + lead, (size_t)(n - lead + c) * sizeof(Step));
    memcpy(kids + lead, first, (size_t)nfirst * sizeof(Step));
    return nfirst + c;
}
