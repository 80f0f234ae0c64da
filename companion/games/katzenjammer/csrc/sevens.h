/* A seven's boards for module.c, the C twin of sevens.py: a memoised search over (board, piece
 * moved last, steps left), its states packed as set.h's records. */
#ifndef KJ_SEVENS_H
#define KJ_SEVENS_H

#include "board.h"

typedef struct {
    Set seen;
    Set *out;
    int colour, own, dir, failed;
    uint8_t moves[9];
} Seven;

/* The pieces that may take part: S->moves[v] is 1 when a ring field holding v does (own: the
 * colour's pieces, fresh ones too; foreign: other colours' pieces that are not fresh), else 0.
 * Counted without a branch: which fields hold a mover is what a branch would mispredict. */
static int movers(const Seven *S, const uint8_t *b, int *out) {
    int n = 0;
    for (int i = 0; i < RING; i++) {
        out[n] = i;
        n += S->moves[b[i]];
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

/* A next state's record gets its search state; a finished seven (no steps left) is a successor
 * and gets the state every board of the set `out` has (set_add's last 0, rem 0). */
static void kid_state(Kid *k, int last, int rem) {
    k->last = (int8_t)last;
    k->rem = (int8_t)rem;
    k->r.k[2] |= rem ? rec_state(last, rem) : rec_state(0, 0);
}

/* board.forward of ring piece a by n steps as a seven moves it (every field stepped on is
 * cleared), written into r from the parent's record p: 1 and r/na set, or 0. */
static int forward7(const uint8_t *b, const Rec *p, int a, int n, Rec *r, int *na) {
    int colour = (b[a] - 1) & 3, start = START[colour];
    int dist = ((start - a) % RING + RING) % RING;
    if (!dist) dist = RING;
    if (n > dist) {
        int rest = n - dist, base = STALL + 4 * colour, free_ = 1;
        for (int t = 0; t < rest && t < 4; t++)
            if (b[base + t]) free_ = 0;
        if (rest <= 4 && free_) {
            for (int t = 1; t <= dist; t++)
                if (b[(a + t) % RING] >= 5) return 0;
            *r = *p;
            rec_put(r, a, 0);
            for (int t = 1; t <= dist; t++) rec_put(r, (a + t) % RING, 0);
            r->k[2] |= rec_stall_bit(base + rest - 1);
            *na = base + rest - 1;
            return 1;
        }
    }
    for (int t = 1; t <= n; t++)
        if (b[(a + t) % RING] >= 5) return 0;
    *r = *p;
    rec_put(r, a, 0);
    for (int t = 1; t < n; t++) rec_put(r, (a + t) % RING, 0);
    *na = (a + n) % RING;
    rec_put(r, *na, (uint64_t)(colour + 1));
    return 1;
}

static void seven_walk(Seven *S, const Rec *state, int last, int rem);

/* The next states of every state, looked up in sets side by side: the lookups are cache misses
 * (the crowded roll's sets outgrow the core's cache), so the index slots of all of a state's
 * next states are asked for first, then the records those slots name, then the lookups run, and
 * only then does the walk go on from the new ones (in the same order: the set of states reached
 * and the successors are the same whatever the order). */
static void seven_steps(Seven *S, Kid *kids, int nk) {
    int fresh[MAX_KIDS], nf = 0;
    for (int i = 0; i < nk; i++) {
        kids[i].h = rec_hash(&kids[i].r);
        set_prefetch(kids[i].rem ? &S->seen : S->out, kids[i].h);
    }
    for (int i = 0; i < nk; i++) set_prefetch_rec(kids[i].rem ? &S->seen : S->out, kids[i].h);
    for (int i = 0; i < nk; i++) {
        int added = set_add_rec(kids[i].rem ? &S->seen : S->out, &kids[i].r, kids[i].h);
        if (added < 0) {
            S->failed = 1;
            return;
        }
        if (added && kids[i].rem) fresh[nf++] = i;
    }
    for (int j = 0; j < nf && !S->failed; j++) seven_walk(S, &kids[fresh[j]].r, kids[fresh[j]].last, kids[fresh[j]].rem);
}

/* As sevens.py: a piece that cannot reach its own Start with the steps left goes one step at a
 * time (k single steps of it are one k-step segment: each field stepped on captures, a fresh piece
 * blocks), and the state after such a step forgets which piece moved last ("mergeable": moving it
 * on is the longer segment). Near its Start a longer segment would enter the stall where single
 * steps go round, so there every segment length is walked at once and the piece is remembered
 * unless it cannot reach the Start any more. */
static void seven_walk(Seven *S, const Rec *state, int last, int rem) {
    uint8_t b[SIZE];
    unpack(state, b);
    Rec p = *state;
    p.k[2] &= ~REC_STATE;
    int m[RING + 4], nm = movers(S, b, m), fwd = S->dir > 0, nk = 0;
    Kid kids[MAX_KIDS];
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
    seven_steps(S, kids, nk);
}

static int sevens(const uint8_t *b, int colour, int own, Set *out) {
    for (int dir = 1; dir >= -1; dir -= 2) {
        if (own && dir < 0) break; /* a 7 moves own pieces forward only */
        Seven S = {.out = out, .colour = colour, .own = own, .dir = dir};
        for (int v = 1; v <= 8; v++)
            S.moves[v] = (uint8_t)(own ? v == colour + 1 || v == colour + 5 : v <= 4 && v != colour + 1);
        Rec first;
        pack(b, -1, 7, &first);
        if (!set_init(&S.seen, 1024, out->pool)) return 0;
        if (set_add_rec(&S.seen, &first, rec_hash(&first)) < 0) S.failed = 1;
        else seven_walk(&S, &first, -1, 7);
        set_free(&S.seen);
        if (S.failed) return 0;
    }
    return 1;
}

#endif
