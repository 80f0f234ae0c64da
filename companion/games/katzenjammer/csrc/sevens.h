/* A seven's boards for module.c, the C twin of sevens.py: a memoised search over (board, piece
 * moved last, steps left), its states packed as set.h's records. */
#ifndef KJ_SEVENS_H
#define KJ_SEVENS_H

#include "board.h"

typedef struct {
    Set seen;
    Set *out;
    int colour, own, dir, nvalues;
    uint64_t values[4]; /* what a ring field of a piece that moves holds (see movers) */
} Seven;

/* The pieces that may take part, found in the packed record: S->values lists the values a ring
 * field of a piece that moves holds (own: the colour's pieces, fresh ones too; foreign: other
 * colours' pieces that are not fresh). Each word's nibbles are compared with a value at once
 * (a nibble of x ^ v...v is 0 where it held v): measured a few per cent of the search faster
 * than reading the 40 fields one by one. Then the own pieces in the stall that may step on. */
#define NIBBLES_1 0x1111111111111111ULL
#define NIBBLES_7 0x7777777777777777ULL
#define NIBBLES_8 0x8888888888888888ULL
static uint64_t zero_nibbles(uint64_t x) { return ~(((x & NIBBLES_7) + NIBBLES_7) | x) & NIBBLES_8; }

static int movers(const Seven *S, const Rec *r, const uint8_t *b, int *out) {
    const uint64_t words[3] = {r->k[0], r->k[1], r->k[2] & LOW4}; /* the third: fields 32-39 only */
    int n = 0;
    for (int w = 0; w < 3; w++) {
        uint64_t hit = 0;
        for (int v = 0; v < S->nvalues; v++) hit |= zero_nibbles(words[w] ^ S->values[v] * NIBBLES_1);
        for (; hit; hit &= hit - 1) { /* nibble q of word w: byte lane q / 2, its high half when q is odd */
            int q = __builtin_ctzll(hit) >> 2;
            out[n++] = 16 * w + (q >> 1) + 8 * (q & 1);
        }
    }
    if (S->own)
        for (int i = STALL + 4 * S->colour; i < STALL + 4 * S->colour + 3; i++)
            if (b[i]) out[n++] = i;
    return n;
}

/* The states one segment leads to from a state of the walk, with their hashes. At most 16
 * pieces are on the ring and 3 in a stall may step, each with at most 7 segment lengths. */
#define MAX_KIDS (19 * 7)
typedef struct {
    Rec r;
    uint64_t h;
    int8_t last, rem;
} Kid;

/* A next state's record gets its search state: STATE_BITS[rem][last + 1], rec_state's bits, from
 * a table (sevens_init: once, when the module loads) as every one of the crowded roll's 243,000
 * next states needs them. A finished seven (no steps left) is a successor and gets the state every
 * board of the set `out` has (set_add's last 0, rem 0). */
static uint64_t STATE_BITS[8][RING + 1];

static void sevens_init(void) {
    for (int rem = 0; rem < 8; rem++)
        for (int last = -1; last < RING; last++) STATE_BITS[rem][last + 1] = rem ? rec_state(last, rem) : rec_state(0, 0);
}

static void kid_state(Kid *k, int last, int rem) {
    k->last = (int8_t)last;
    k->rem = (int8_t)rem;
    k->r.k[2] |= STATE_BITS[rem][last + 1];
}

/* board.forward of ring piece a by n steps as a seven moves it (every field stepped on is
 * cleared), written into r from the parent's record p: 1 and r/na set, or 0. */
static int forward7(const uint8_t *b, const Rec *p, int a, int n, Rec *r, int *na) {
    int colour = (b[a] - 1) & 3, passed, to = forward_to(b, a, n, &passed);
    if (to < 0) return 0;
    *r = *p;
    rec_put(r, a, 0);
    for (int t = 1; t <= passed; t++) rec_put(r, (a + t) % RING, 0);
    if (to >= STALL)
        r->k[2] |= rec_stall_bit(to);
    else
        rec_put(r, to, (uint64_t)(colour + 1));
    *na = to;
    return 1;
}

/* As sevens.py: a piece that cannot reach its own Start with the steps left goes one step at a
 * time (k single steps of it are one k-step segment: each field stepped on captures, a fresh piece
 * blocks), and the state after such a step forgets which piece moved last ("mergeable": moving it
 * on is the longer segment). Near its Start a longer segment would enter the stall where single
 * steps go round, so there every segment length is walked at once and the piece is remembered
 * unless it cannot reach the Start any more. */
static int seven_kids(const Seven *S, const Rec *state, int last, int rem, Kid *kids) {
    uint8_t b[SIZE];
    unpack(state, b);
    Rec p = *state;
    p.k[2] &= ~REC_STATE;
    int m[RING + 4], nm = movers(S, state, b, m), fwd = S->dir > 0, nk = 0;
    for (int i = 0; i < nm; i++) {
        int a = m[i], na;
        if (a == last) continue; /* consecutive segments move different pieces */
        if (a >= RING) {         /* one step on in the stall */
            if (!fwd || ((a - RING) & 3) == 3 || b[a + 1]) continue;
            Kid *k = &kids[nk++];
            k->r = p;
            k->r.k[2] ^= rec_stall_bit(a) | rec_stall_bit(a + 1);
            kid_state(k, -1, rem - 1);
            continue;
        }
        int colour = (b[a] - 1) & 3, start = START[colour];
        if (fwd) {
            int to_start = (start - a + RING) % RING;
            if (0 < to_start && to_start < rem) {
                for (int k = 1; k <= rem; k++) {
                    if (!forward7(b, &p, a, k, &kids[nk].r, &na)) continue;
                    int merge = na >= RING || (start - na + RING) % RING >= rem - k;
                    kid_state(&kids[nk++], merge || k == rem ? -1 : na, rem - k);
                }
                continue;
            }
            na = (a + 1) % RING;
        } else {
            if (a == start) continue; /* never back across its own Start */
            na = (a + RING - 1) % RING;
        }
        if (b[na] >= 5) continue;
        Kid *k = &kids[nk++];
        k->r = p;
        rec_put(&k->r, a, 0);
        rec_put(&k->r, na, (uint64_t)(colour + 1));
        kid_state(k, -1, rem - 1);
    }
    return nk;
}

/* The states still to go on from, with that many steps left: record numbers in the set of seen
 * states and the piece each moved last. */
typedef struct {
    uint32_t *at;
    int8_t *last;
    size_t n, cap;
} Level;

static int level_push(Level *l, size_t at, int last) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        uint32_t *a = realloc(l->at, cap * sizeof(uint32_t));
        if (a) l->at = a;
        int8_t *b = a ? realloc(l->last, cap) : NULL;
        if (!b) return 0;
        l->last = b;
        l->cap = cap;
    }
    l->at[l->n] = (uint32_t)at;
    l->last[l->n++] = (int8_t)last;
    return 1;
}

/* The next states of a batch of states looked up one after the other, with nothing else in
 * between: the sets outgrow the core's cache, so every lookup is a cache miss, and in a tight
 * loop of independent lookups the core has many of them on their way at once. (Asking for the
 * slots ahead with prefetch instructions measured no faster on top of that.) A new state goes
 * to the level of its steps left. */
static int seven_lookups(Seven *S, Kid *kids, int nk, Level *levels) {
    for (int i = 0; i < nk; i++) kids[i].h = rec_hash(&kids[i].r);
    for (int i = 0; i < nk; i++) {
        Kid *k = &kids[i];
        int added = set_add_rec(k->rem ? &S->seen : S->out, &k->r, k->h);
        if (added < 0 || (added && k->rem && !level_push(&levels[k->rem], S->seen.count - 1, k->last))) return 0;
    }
    return 1;
}

/* The walk level by level, most steps left first: a segment takes at least one step, so every
 * state of a level has been found before the level is walked; each state is walked once, as a
 * depth-first walk would, and the successors are the same. Breadth first, the lookups of many
 * states' next states line up for seven_lookups (a depth-first walk, which went on from each
 * new state at once, took a tenth longer). */
#define BATCH 1024
static int seven_walk(Seven *S, const Rec *first) {
    Level levels[8] = {{0}};
    Kid *kids = malloc((BATCH + MAX_KIDS) * sizeof(Kid));
    int ok = kids && set_add_rec(&S->seen, first, rec_hash(first)) >= 0 && level_push(&levels[7], 0, -1);
    for (int rem = 7; ok && rem > 0; rem--) {
        Level *l = &levels[rem];
        int nk = 0;
        for (size_t i = 0; ok && i < l->n; i++) {
            nk += seven_kids(S, &S->seen.recs[l->at[i]], l->last[i], rem, kids + nk);
            if (nk >= BATCH || i + 1 == l->n) {
                ok = seven_lookups(S, kids, nk, levels);
                nk = 0;
            }
        }
    }
    for (int r = 0; r < 8; r++) {
        free(levels[r].at);
        free(levels[r].last);
    }
    free(kids);
    return ok;
}

static int sevens(const uint8_t *b, int colour, int own, Set *out) {
    for (int dir = 1; dir >= -1; dir -= 2) {
        if (own && dir < 0) break; /* a 7 moves own pieces forward only */
        Seven S = {.out = out, .colour = colour, .own = own, .dir = dir};
        for (int v = 1; v <= 8; v++)
            if (own ? v == colour + 1 || v == colour + 5 : v <= 4 && v != colour + 1) S.values[S.nvalues++] = (uint64_t)v;
        Rec first;
        pack(b, -1, 7, &first);
        if (!set_init(&S.seen, 1024, out->pool)) return 0;
        int ok = seven_walk(&S, &first);
        set_free(&S.seen);
        if (!ok) return 0;
    }
    return 1;
}

#endif
