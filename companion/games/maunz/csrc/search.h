/* The search's inner loop: the C twin of companion/ai/search.py's Searcher.negamax (alpha-beta
 * negamax, a bounded transposition table, killer and history move ordering, the leaf win check)
 * and of companion/ai/evaluate.py. It mirrors the Python node for node -- the same move order,
 * the same table policy (a full table keeps what it has), the same float arithmetic -- so that a
 * search at a fixed depth gives the same move, score and node count on both paths (tested).
 * Iterative deepening, the root and the levels stay in Python. */
#ifndef MAUNZ_SEARCH_H
#define MAUNZ_SEARCH_H

#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "rules.h"

#define WIN 100000.0
#define MATE_BOUND (WIN - 1000.0)
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define MAX_PLY 128
#define LMR_DEPTH 3 /* search.py: reduce from this depth on, after this many placements */
#define LMR_AFTER 3
#define NFEAT 10
#define EVAL_LINEAR 0
#define EVAL_SIMPLE 1

static uint64_t INNER, CORE;

static void search_init(void) {
    INNER = CORE = 0;
    for (int f = 0; f < 6; f++)
        for (int r = 0; r < 6; r++) {
            if (f >= 1 && f <= 4 && r >= 1 && r <= 4) INNER |= 1ULL << (r * 6 + f);
            if (f >= 2 && f <= 3 && r >= 2 && r <= 3) CORE |= 1ULL << (r * 6 + f);
        }
}

static inline int pairs(uint64_t m, uint64_t e) {
    int n = 0;
    for (int d = 0; d < 4; d++) {
        int k = LINE_K[d];
        uint64_t a1 = m >> k, a2 = m >> (2 * k);
        n += popcount(((m & a1 & e >> (2 * k)) | (m & e >> k & a2) | (e & a1 & a2)) & LINE_ST[d]);
    }
    return n;
}

/* evaluate.features, in its order. */
static inline void features(const St *s, int variant, int *f) {
    uint64_t me = s->mk | s->mc, them = s->tk | s->tc, empty = ~(me | them) & FULL;
    St opp = hand_over(s);
    int tw = winning_squares(&opp, variant, 0);
    f[0] = (popcount(s->mc) + s->mcp) - (popcount(s->tc) + s->tcp);
    f[1] = popcount(s->mc) - popcount(s->tc);
    f[2] = popcount(s->mk) - popcount(s->tk);
    f[3] = popcount(me & INNER) - popcount(them & INNER);
    f[4] = popcount(me & CORE) - popcount(them & CORE);
    f[5] = popcount(s->mc & INNER) - popcount(s->tc & INNER);
    f[6] = pairs(me, empty) - pairs(them, empty);
    f[7] = pairs(s->mc, empty) - pairs(s->tc, empty);
    f[8] = tw < 2 ? tw : 2;
    f[9] = s->mcp ? 1 : 0;
}

/* evaluate.evaluate: the weighted sum, added left to right (as the Python loop does). */
static inline double evaluate_linear(const St *s, int variant, const double *w) {
    int f[NFEAT];
    features(s, variant, f);
    double acc = 0.0;
    for (int i = 0; i < NFEAT; i++) acc += w[i] * (double)f[i];
    return acc;
}

/* evaluate.simple_evaluate: the ladder's material-and-centre baseline. */
static inline double evaluate_simple(const St *s) {
    uint64_t me = s->mk | s->mc, them = s->tk | s->tc;
    return (double)(100 * ((popcount(s->mc) + s->mcp) - (popcount(s->tc) + s->tcp))
                    + 10 * (popcount(me) - popcount(them))
                    + 5 * (popcount(me & INNER) - popcount(them & INNER)));
}

/* The transposition table: open addressing over a power-of-two array at most ~3/4 full. */
typedef struct {
    uint64_t mk, mc, tk, tc;
    uint16_t pools;
    int8_t depth, flag;
    uint8_t used;
    double score;
    int64_t code;
} TTE;

typedef struct {
    int variant, leaf_check, eval_kind, lmr;
    double w[NFEAT];
    TTE *tt;
    size_t mask;
    long max_entries, count, peak;
    int64_t history[128];
    int killers[MAX_PLY][2], nkill[MAX_PLY];
    long long nodes, node_limit; /* node_limit 0: none (search.py's node budget) */
    double deadline;
    int has_deadline, timed_out;
} Core;

static inline uint16_t pools_of(const St *s) {
    return (uint16_t)(s->mkp | s->mcp << 4 | s->tkp << 8 | s->tcp << 12);
}

static inline size_t tt_hash(const St *s) {
    uint64_t h = s->mk * 0x9E3779B97F4A7C15ULL;
    h ^= (s->mc + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
    h ^= (s->tk ^ (uint64_t)pools_of(s) << 40) * 0x94D049BB133111EBULL;
    h ^= (s->tc + 0x2545F4914F6CDD1DULL) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 31;
    return (size_t)h;
}

/* The slot holding s, or the empty slot where it would go. */
static inline TTE *tt_slot(Core *c, const St *s) {
    uint16_t p = pools_of(s);
    size_t i = tt_hash(s) & c->mask;
    for (;;) {
        TTE *e = &c->tt[i];
        if (!e->used || (e->mk == s->mk && e->mc == s->mc && e->tk == s->tk && e->tc == s->tc && e->pools == p))
            return e;
        i = (i + 1) & c->mask;
    }
}

/* The table comes straight from the kernel (mmap): its pages are zero until touched and go back
 * on munmap. Through malloc a freed table would raise glibc's mmap threshold, and the next
 * search's calloc would zero all 15 MB by hand -- milliseconds of a medium hint. */
static TTE *tt_map(size_t slots) {
    void *p = mmap(NULL, slots * sizeof(TTE), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : (TTE *)p;
}

static void tt_unmap(Core *c) {
    if (c->tt) munmap(c->tt, (c->mask + 1) * sizeof(TTE));
    c->tt = NULL;
}

static int tt_clear(Core *c) {
    if (c->count) {
        size_t slots = c->mask + 1;
        tt_unmap(c);
        c->tt = tt_map(slots);
    }
    c->count = 0;
    return c->tt != NULL;
}

static void tt_store(Core *c, const St *s, int depth, int flag, double score, int64_t code, int ply) {
    TTE *e = tt_slot(c, s);
    if (!e->used) {
        if (c->count >= c->max_entries) return; /* full: keep what we have */
        e->used = 1;
        e->mk = s->mk; e->mc = s->mc; e->tk = s->tk; e->tc = s->tc; e->pools = pools_of(s);
        if (++c->count > c->peak) c->peak = c->count;
    }
    if (score > MATE_BOUND) score += ply;
    else if (score < -MATE_BOUND) score -= ply;
    e->depth = (int8_t)depth; e->flag = (int8_t)flag; e->score = score; e->code = code;
}

static inline double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts); /* the clock of time.perf_counter() on Linux */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline double leaf(Core *c, const St *s, int ply) {
    c->nodes++;
    if (c->leaf_check && winning_squares(s, c->variant, 1)) return WIN - ply;
    return c->eval_kind == EVAL_SIMPLE ? evaluate_simple(s) : evaluate_linear(s, c->variant, c->w);
}

static double negamax(Core *c, const St *s, int depth, double alpha, double beta, int ply) {
    if (depth <= 0) return leaf(c, s, ply);
    c->nodes++;
    if (c->node_limit && c->nodes > c->node_limit) { /* the same node on both paths: deterministic */
        c->timed_out = 1;
        return 0.0;
    }
    if ((depth == 1 || !(c->nodes & 31)) && c->has_deadline && now_s() > c->deadline) {
        c->timed_out = 1;
        return 0.0;
    }
    const int variant = c->variant;
    int64_t tt_move = -1;
    TTE *e = tt_slot(c, s);
    if (e->used) {
        tt_move = e->code;
        if (e->depth >= depth) {
            double sc = e->score;
            if (sc > MATE_BOUND) sc -= ply;
            else if (sc < -MATE_BOUND) sc += ply;
            if (e->flag == EXACT || (e->flag == LOWER && sc >= beta) || (e->flag == UPPER && sc <= alpha))
                return sc;
        }
    }
    if (winning_squares(s, variant, 1)) return WIN - ply;
    int tt_place = tt_move >= 0 ? (int)(tt_move & 127) : -1;
    const int *killers = ply < MAX_PLY ? c->killers[ply] : NULL;
    int nk = ply < MAX_PLY ? c->nkill[ply] : 0;
    /* placements with their priorities, sorted by (priority, code) descending */
    int found[72], codes[72], nf = placements(s, found), np = 0;
    int64_t pri[72];
    for (int f = 0; f < nf; f++) { /* insertion sort, as they come in movegen.py's order */
        int pc = found[f];
        int64_t p;
        if (pc == tt_place) p = 1LL << 40;
        else if ((nk > 0 && killers[0] == pc) || (nk > 1 && killers[1] == pc)) p = 1LL << 30;
        else p = c->history[pc];
        int i = np++;
        while (i > 0 && (pri[i - 1] < p || (pri[i - 1] == p && codes[i - 1] < pc))) {
            pri[i] = pri[i - 1];
            codes[i] = codes[i - 1];
            i--;
        }
        pri[i] = p;
        codes[i] = pc;
    }
    double best = -10 * WIN, alpha0 = alpha; /* search.py: -INF = -10 WIN */
    int64_t best_code = -1;
    int cut = 0, lmr = c->lmr && depth >= LMR_DEPTH;
    uint64_t opts[MAX_OPTS];
    for (int i = 0; i < np && !cut; i++) {
        int pc = codes[i], n;
        St a = boop(s, pc & CAT_BIT, pc & 63);
        int r = settle(&a, variant, opts, &n);
        if (r == 1) {
            best = WIN - ply;
            best_code = pc;
            break;
        }
        int nchild = r == -1 ? 1 : (n ? n : 1);
        /* late move reduction: a plain placement late in the order, not the table's nor a killer */
        int reduce = lmr && i >= LMR_AFTER && pri[i] < (1LL << 30) && r == 0 && n == 0;
        if (r == 0 && n > 1 && tt_move >= 0 && tt_place == pc) {
            /* the table's choice first, the others in their order */
            for (int j = 0; j < n; j++)
                if ((int64_t)(pc | (int64_t)opts[j] << 7) == tt_move) {
                    uint64_t keep = opts[j];
                    memmove(opts + 1, opts, (size_t)j * sizeof(uint64_t));
                    opts[0] = keep;
                    break;
                }
        }
        for (int j = 0; j < nchild; j++) {
            double score;
            int64_t code;
            if (r == -1) {
                code = pc;
                score = -(WIN - ply - 1);
            } else {
                St child;
                if (n) {
                    code = pc | (int64_t)opts[j] << 7;
                    child = take(&a, opts[j], variant);
                } else {
                    code = pc;
                    child = hand_over(&a);
                }
                if (reduce) {
                    score = -negamax(c, &child, depth - 2, -beta, -alpha, ply + 1);
                    if (c->timed_out) return 0.0;
                    if (score > alpha) score = -negamax(c, &child, depth - 1, -beta, -alpha, ply + 1);
                } else {
                    score = -negamax(c, &child, depth - 1, -beta, -alpha, ply + 1);
                }
                if (c->timed_out) return 0.0;
            }
            if (score > best) {
                best = score;
                best_code = code;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) {
                        c->history[pc] += (int64_t)depth * depth;
                        if (ply < MAX_PLY) {
                            int *k = c->killers[ply];
                            int present = (c->nkill[ply] > 0 && k[0] == pc) || (c->nkill[ply] > 1 && k[1] == pc);
                            if (!present) {
                                k[1] = k[0];
                                k[0] = pc;
                                if (c->nkill[ply] < 2) c->nkill[ply]++;
                            }
                        }
                        cut = 1;
                        break;
                    }
                }
            }
        }
    }
    int flag = best <= alpha0 ? UPPER : (best >= beta ? LOWER : EXACT);
    tt_store(c, s, depth, flag, best, best_code, ply);
    return best;
}

#endif
