/* The maunz. rules on bitboards: the C twin of companion/games/maunz/kernel.py (the reference).
 * Every function mirrors the Python one of the same name, in the same order of results, because
 * the cross-check tests (tests/test_maunz_native.py) compare the two move by move.
 *
 * A state is the mover's view: my/their kittens and cats (36-bit masks, a1 = bit 0, f6 = bit 35)
 * and the four pool counts. */
#ifndef MAUNZ_RULES_H
#define MAUNZ_RULES_H

#include <stdint.h>

#define SQUARES 36
#define FULL ((1ULL << SQUARES) - 1)
#define PIECES 8
#define STANDARD 0
#define OPPONENT_CATS_WIN 1
#define KIDS 2
#define CAT_BIT 64
#define MAX_OPTS 64 /* lines of three among <= 8 pieces plus 8 single pieces */

typedef struct {
    uint64_t mk, mc, tk, tc;
    int mkp, mcp, tkp, tcp;
} St;

/* The push table of board.py: for each square its neighbours and the squares they are pushed to
 * (-1: off the bed). */
static uint64_t NB[SQUARES];
static int8_t PN[SQUARES][8], PD[SQUARES][8], NPUSH[SQUARES];
static uint64_t H_START, V_START, D_START, A_START;
static const int LINE_K[4] = {1, 6, 7, 5}; /* board.LINE_STEPS' order: H, V, D, A */
static uint64_t LINE_ST[4];

static void rules_init(void) {
    static const int DIR[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    for (int sq = 0; sq < SQUARES; sq++) {
        int f = sq % 6, r = sq / 6, n = 0;
        NB[sq] = 0;
        for (int d = 0; d < 8; d++) {
            int nf = f + DIR[d][0], nr = r + DIR[d][1];
            if (nf < 0 || nf > 5 || nr < 0 || nr > 5) continue;
            int tf = nf + DIR[d][0], tr = nr + DIR[d][1];
            PN[sq][n] = (int8_t)(nr * 6 + nf);
            PD[sq][n] = (tf < 0 || tf > 5 || tr < 0 || tr > 5) ? -1 : (int8_t)(tr * 6 + tf);
            NB[sq] |= 1ULL << (nr * 6 + nf);
            n++;
        }
        NPUSH[sq] = (int8_t)n;
    }
    H_START = V_START = D_START = A_START = 0;
    for (int f = 0; f < 6; f++)
        for (int r = 0; r < 6; r++) {
            uint64_t b = 1ULL << (r * 6 + f);
            if (f < 4) H_START |= b;
            if (r < 4) V_START |= b;
            if (f < 4 && r < 4) D_START |= b;
            if (f >= 2 && r < 4) A_START |= b;
        }
    LINE_ST[0] = H_START; LINE_ST[1] = V_START; LINE_ST[2] = D_START; LINE_ST[3] = A_START;
}

static inline int popcount(uint64_t m) { return __builtin_popcountll(m); }
static inline int lowsq(uint64_t m) { return __builtin_ctzll(m); }

/* The placements open to the player to move: each empty square with each kind in hand, as codes
 * square | kind (a kitten 0, a cat CAT_BIT), squares ascending and the kitten first -- the order
 * of movegen.py, which move generation, perft and the search all keep. Their number (<= 72). */
static inline int placements(const St *s, int *codes) {
    int n = 0;
    uint64_t empty = ~(s->mk | s->mc | s->tk | s->tc) & FULL;
    while (empty) {
        int sq = lowsq(empty);
        empty &= empty - 1;
        if (s->mkp) codes[n++] = sq;
        if (s->mcp) codes[n++] = sq | CAT_BIT;
    }
    return n;
}

static inline int has_line(uint64_t m) {
    return ((m & m >> 1 & m >> 2 & H_START) | (m & m >> 6 & m >> 12) | (m & m >> 7 & m >> 14 & D_START)
            | (m & m >> 5 & m >> 10 & A_START)) != 0;
}

static inline int cats_win(uint64_t cats) { return has_line(cats) || popcount(cats) == PIECES; }

/* Steps 1-2: place and push (kernel.boop). */
static inline St boop(const St *s, int cat, int sq) {
    St a = *s;
    uint64_t bit = 1ULL << sq, occ = a.mk | a.mc | a.tk | a.tc, movable;
    if (cat) {
        a.mc |= bit;
        a.mcp--;
        movable = occ & NB[sq];
    } else {
        a.mk |= bit;
        a.mkp--;
        movable = (a.mk | a.tk) & NB[sq]; /* kittens cannot boop cats */
    }
    if (!movable) return a;
    for (int i = 0; i < NPUSH[sq]; i++) {
        uint64_t nbit = 1ULL << PN[sq][i];
        if (!(movable & nbit)) continue;
        int d = PD[sq][i];
        if (d >= 0) {
            uint64_t dbit = 1ULL << d;
            if (occ & dbit) continue; /* blocked */
            if (a.mk & nbit) a.mk ^= nbit | dbit;
            else if (a.tk & nbit) a.tk ^= nbit | dbit;
            else if (a.mc & nbit) a.mc ^= nbit | dbit;
            else a.tc ^= nbit | dbit;
        } else { /* off the bed: back to its owner's pool */
            if (a.mk & nbit) { a.mk ^= nbit; a.mkp++; }
            else if (a.tk & nbit) { a.tk ^= nbit; a.tkp++; }
            else if (a.mc & nbit) { a.mc ^= nbit; a.mcp++; }
            else { a.tc ^= nbit; a.tcp++; }
        }
    }
    return a;
}

/* board.lines_in: every line of three in m, direction by direction, ascending start square. */
static inline int lines_in(uint64_t m, uint64_t *out, int n) {
    for (int d = 0; d < 4; d++) {
        int k = LINE_K[d];
        uint64_t shape = 1ULL | 1ULL << k | 1ULL << (2 * k);
        uint64_t starts = m & m >> k & m >> (2 * k) & LINE_ST[d];
        while (starts) {
            out[n++] = shape << lowsq(starts);
            starts &= starts - 1;
        }
    }
    return n;
}

static inline int singles(uint64_t m, uint64_t *out, int n) {
    while (m) {
        out[n++] = m & -m;
        m &= m - 1;
    }
    return n;
}

/* Steps 3-4 (kernel.settle): 1 the mover won, -1 the opponent won, else 0 and the step-4
 * options in opts (*n of them; 0 when the turn takes none). */
static inline int settle(const St *a, int variant, uint64_t *opts, int *n) {
    *n = 0;
    if (variant == KIDS) {
        if (has_line(a->mk)) return 1;
        if (a->mkp || a->mcp) return 0;
        *n = singles(a->mk, opts, 0);
        return 0;
    }
    uint64_t m = a->mk | a->mc;
    int k = 0;
    if (has_line(m)) {
        if (cats_win(a->mc)) return 1;
        uint64_t lines[MAX_OPTS];
        int nl = lines_in(m, lines, 0);
        for (int i = 0; i < nl; i++)
            if (lines[i] & a->mk) opts[k++] = lines[i];
    } else if (popcount(a->mc) == PIECES) {
        return 1;
    }
    if (!(a->mkp || a->mcp)) k = singles(m, opts, k);
    *n = k;
    if (variant == OPPONENT_CATS_WIN && has_line(a->tc)) return -1;
    return 0;
}

static inline St hand_over(const St *a) {
    St c = {a->tk, a->tc, a->mk, a->mc, a->tkp, a->tcp, a->mkp, a->mcp};
    return c;
}

/* Step 4 carried out and the turn handed over (kernel.take). */
static inline St take(const St *a, uint64_t choice, int variant) {
    St c;
    c.mk = a->tk; c.mc = a->tc; c.tkp = a->mkp;
    c.tk = a->mk & ~choice;
    c.mkp = a->tkp; c.mcp = a->tcp;
    if (variant == KIDS) {
        c.tc = a->mc; c.tkp = a->mkp + 1; c.tcp = a->mcp;
    } else {
        c.tc = a->mc & ~choice; c.tcp = a->mcp + popcount(choice);
    }
    return c;
}

static inline int mover_wins(const St *a, int variant) {
    return variant == KIDS ? has_line(a->mk) : cats_win(a->mc);
}

/* movegen.pair_ends: squares of e completing a line of three with two squares of m. */
static inline uint64_t pair_ends(uint64_t m, uint64_t e) {
    uint64_t out = 0;
    for (int d = 0; d < 4; d++) {
        int k = LINE_K[d];
        uint64_t st = LINE_ST[d], m1 = m >> k, m2 = m >> (2 * k);
        out |= (m & m1 & e >> (2 * k) & st) << (2 * k);
        out |= (m & e >> k & m2 & st) << k;
        out |= e & m1 & m2 & st;
    }
    return out;
}

/* movegen.winning_squares: placements that win at once next to two of the mover's pieces. */
static inline int winning_squares(const St *s, int variant, int first_only) {
    uint64_t empty = ~(s->mk | s->mc | s->tk | s->tc) & FULL, cands;
    int cat;
    if (variant == KIDS) {
        if (!s->mkp || popcount(s->mk) < 2) return 0;
        cands = pair_ends(s->mk, empty);
        cat = 0;
    } else {
        if (!s->mcp) return (has_line(s->mc) && s->mkp) ? 1 : 0;
        int n = popcount(s->mc);
        if (n == PIECES - 1 || has_line(s->mc)) cands = empty;
        else if (n < 2) return 0;
        else cands = pair_ends(s->mc, empty);
        cat = CAT_BIT;
    }
    int count = 0;
    while (cands) {
        int sq = lowsq(cands);
        cands &= cands - 1;
        St a = boop(s, cat, sq);
        if (mover_wins(&a, variant)) {
            count++;
            if (first_only) return 1;
        }
    }
    return count;
}

#endif
