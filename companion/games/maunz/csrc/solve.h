/* The exact solver of the maunz. puzzles: "the player to move wins by force within n of their own
 * turns". The C twin of companion/ai/solve.py (the reference, which tests/test_solve_native.py
 * checks it against): the same proof, the same order of moves, so the same refutations.
 *
 * No evaluation, no time cut: every move of both sides, every graduation and retirement choice.
 * What keeps it fast enough for n <= 4 is only exact: the win-at-once test looks at cat
 * placements alone (a kitten cannot push a cat, so it cannot make a cat line), a bound (cats on
 * the bed grow by at most one a turn, and a win needs three), a table of proven facts about
 * states, and the order in which the defender's replies are tried (the ones that leave the
 * attacker no win at once, fewest threats first), which changes how soon a refutation is found,
 * never whether there is one. A node budget (0: none) lets the puzzle miner give up on a
 * position; a proof either finishes or says it did not (-1), it is never cut short to a guess. */
#ifndef MAUNZ_SOLVE_H
#define MAUNZ_SOLVE_H

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "rules.h"

#define SV_SLOTS (1u << 18) /* 10 MB of proven facts, held only while a proof runs */
#define SV_REPLIES 1024     /* replies kept for ordering; beyond that they are tried in place */

typedef struct {
    uint64_t mk, mc, tk, tc;
    uint32_t key;           /* pools and variant */
    uint16_t used;          /* 1 once a fact is stored here (the table starts zeroed) */
    uint8_t win_at, lose_to; /* the mover wins within win_at turns (0 unknown); not within lose_to */
} SvE;

/* Per thread: module.c lets other threads run during a proof (the review's thread proves its
 * mistakes while the table proves a reply), so each proof has its own facts. The table lives
 * from sv_begin to sv_end, one proof: a Pi with little memory holds it only while it proves, and a
 * thread that ends holds nothing (a table kept per thread was never freed). It is mapped straight
 * from the kernel, not malloc'd: its zeroed pages come only as a proof touches them (a small
 * proof costs a few pages, not 10 MB) and munmap gives them all back (malloc would keep a freed
 * 10 MB block in its arena once its threshold has grown). A fresh table per proof also makes
 * whether a budget suffices depend on the position alone (the miner's set must come out the
 * same from the same seed). */
static __thread SvE *sv_tt;
static __thread long long sv_nodes, sv_budget;

static inline uint32_t sv_key(const St *s, int variant) {
    return (uint32_t)(s->mkp | s->mcp << 4 | s->tkp << 8 | s->tcp << 12 | variant << 16);
}

static inline SvE *sv_slot(const St *s) {
    uint64_t h = s->mk * 0x9E3779B97F4A7C15ULL;
    h ^= (s->mc + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
    h ^= (s->tk ^ (uint64_t)(s->mkp | s->mcp << 4 | s->tkp << 8 | s->tcp << 12) << 40) * 0x94D049BB133111EBULL;
    h ^= (s->tc + 0x2545F4914F6CDD1DULL) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    return &sv_tt[h & (SV_SLOTS - 1)];
}

/* A new proof (0: out of memory); every sv_begin that succeeded is followed by one sv_end. */
static int sv_begin(long long budget) {
    void *m = mmap(NULL, SV_SLOTS * sizeof(SvE), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return 0;
    sv_tt = (SvE *)m;
    sv_nodes = 0;
    sv_budget = budget;
    return 1;
}

static void sv_end(void) {
    munmap(sv_tt, SV_SLOTS * sizeof(SvE));
    sv_tt = NULL;
}

/* Does the mover win with this very placement's step 3? Only cat placements can make a cat line
 * or the eighth cat, unless the line is there already (pushed by the opponent). */
static inline int sv_win1(const St *s, int variant) {
    uint64_t empty = ~(s->mk | s->mc | s->tk | s->tc) & FULL;
    if (variant == KIDS) {
        if (!s->mkp) return 0;
        while (empty) {
            int sq = lowsq(empty);
            empty &= empty - 1;
            St a = boop(s, 0, sq);
            if (has_line(a.mk)) return 1;
        }
        return 0;
    }
    int line = has_line(s->mc);
    if (line && s->mkp) return 1; /* a kitten cannot push the line apart */
    if (!s->mcp || (!line && popcount(s->mc) < 2)) return 0;
    while (empty) {
        int sq = lowsq(empty);
        empty &= empty - 1;
        St a = boop(s, CAT_BIT, sq);
        if (cats_win(a.mc)) return 1;
    }
    return 0;
}

/* The defender's replies are tried fewest attacker threats first: squares where a cat would
 * complete a line of the attacker's cats, then the attacker's cats on the bed. */
static inline int sv_threat(const St *g) {
    uint64_t empty = ~(g->mk | g->mc | g->tk | g->tc) & FULL;
    return popcount(pair_ends(g->mc, empty)) * 16 + popcount(g->mc);
}

static int sv_win(const St *s, int n, int variant);

/* The defender moves at c: does every reply lose within n turns of the attacker? 1 yes, 0 no
 * (*refute: the first refuting reply's code, when asked), -1 the budget ran out. */
static int sv_all_lose(const St *c, int n, int variant, long long *refute) {
    uint64_t opts[MAX_OPTS];
    int codes[72], np = placements(c, codes);
    /* The defender's own win at once refutes: the first such placement, in move order. */
    if (sv_win1(c, variant)) {
        for (int p = 0; p < np; p++) {
            int code = codes[p], k;
            St a = boop(c, code & CAT_BIT, code & 63);
            if (settle(&a, variant, opts, &k) > 0) {
                if (refute) *refute = code;
                return 0;
            }
        }
    }
    St hard[SV_REPLIES];
    long long hcode[SV_REPLIES];
    int hkey[SV_REPLIES], nh = 0;
    for (int p = 0; p < np; p++) {
        int code = codes[p], k;
        St a = boop(c, code & CAT_BIT, code & 63);
        int r = settle(&a, variant, opts, &k);
        if (r < 0) continue; /* the defender lines up the attacker's cats and loses */
        int nc = k ? k : 1;
        for (int i = 0; i < nc; i++) {
            St g = k ? take(&a, opts[i], variant) : hand_over(&a);
            long long gcode = k ? (code | (long long)opts[i] << 7) : code;
            sv_nodes++;
            if (n > 0 && sv_win1(&g, variant)) continue; /* the attacker wins at once */
            if (n <= 1) { /* no time left for the attacker: this reply refutes */
                if (refute) *refute = gcode;
                return 0;
            }
            if (nh < SV_REPLIES) {
                hard[nh] = g;
                hcode[nh] = gcode;
                hkey[nh] = sv_threat(&g);
                nh++;
            } else {
                int w = sv_win(&g, n, variant);
                if (w <= 0) {
                    if (!w && refute) *refute = gcode;
                    return w < 0 ? -1 : 0;
                }
            }
        }
    }
    if (sv_budget && sv_nodes > sv_budget) return -1;
    /* Stable order by threats (insertion of indices: the same order as solve.py's sort). */
    int order[SV_REPLIES];
    for (int i = 0; i < nh; i++) {
        int j = i;
        while (j > 0 && hkey[order[j - 1]] > hkey[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (int t = 0; t < nh; t++) {
        int i = order[t];
        int w = sv_win(&hard[i], n, variant);
        if (w < 0) return -1;
        if (!w) {
            if (refute) *refute = hcode[i];
            return 0;
        }
    }
    return 1;
}

/* Does the mover (not yet won) force a win within n of their own turns? 1, 0, or -1 (budget). */
static int sv_win(const St *s, int n, int variant) {
    if (n <= 0) return 0;
    if (sv_win1(s, variant)) return 1;
    if (n == 1) return 0;
    /* Cats come onto the bed one a turn (the placement); a win needs three of them. */
    if (variant != KIDS && popcount(s->mc) + n < 3) return 0;
    SvE *e = sv_slot(s);
    uint32_t key = sv_key(s, variant);
    int hit = e->used && e->key == key && e->mk == s->mk && e->mc == s->mc && e->tk == s->tk
              && e->tc == s->tc;
    if (hit) {
        if (e->win_at && e->win_at <= n) return 1;
        if (e->lose_to >= n) return 0;
    }
    if (sv_budget && ++sv_nodes > sv_budget) return -1;
    uint64_t opts[MAX_OPTS];
    int codes[72], np = placements(s, codes), res = 0, found = 0;
    /* Shorter wins first: a win within k is one within n, and is found with far less work. */
    for (int k = hit && e->lose_to >= 2 ? e->lose_to + 1 : 2; k <= n && !found; k++) {
        for (int p = 0; p < np && !found; p++) {
            int code = codes[p], m;
            St a = boop(s, code & CAT_BIT, code & 63);
            int r = settle(&a, variant, opts, &m);
            if (r) continue; /* a win was seen by sv_win1; -1 loses at once */
            int nc = m ? m : 1;
            for (int i = 0; i < nc; i++) {
                St c = m ? take(&a, opts[i], variant) : hand_over(&a);
                int w = sv_all_lose(&c, k - 1, variant, NULL);
                if (w < 0) return -1;
                if (w) {
                    found = k;
                    break;
                }
            }
        }
    }
    res = found ? 1 : 0;
    e = sv_slot(s); /* the slot may have been taken by a deeper state meanwhile */
    if (!(e->used && e->key == key && e->mk == s->mk && e->mc == s->mc && e->tk == s->tk
          && e->tc == s->tc)) {
        e->mk = s->mk; e->mc = s->mc; e->tk = s->tk; e->tc = s->tc;
        e->key = key; e->used = 1; e->win_at = 0; e->lose_to = 0;
    }
    if (found) {
        if (!e->win_at || e->win_at > found) e->win_at = (uint8_t)found;
    } else if (e->lose_to < n) {
        e->lose_to = (uint8_t)n;
    }
    return res;
}

/* The verdict on each first move, in move order: out[i] = {code, 1 wins within n / 0 refuted /
 * -1 loses at once (opponent-cats-win), the refuting reply's code (-1 none)}. Returns the number
 * of moves, or -1 when the budget ran out. out holds at least 72 * MAX_OPTS rows. */
static int sv_root(const St *s, int n, int variant, long long (*out)[3]) {
    uint64_t opts[MAX_OPTS];
    int codes[72], np = placements(s, codes), count = 0;
    for (int p = 0; p < np; p++) {
        int code = codes[p], m;
        St a = boop(s, code & CAT_BIT, code & 63);
        int r = settle(&a, variant, opts, &m);
        if (r) {
            out[count][0] = code; out[count][1] = r > 0 ? 1 : -1; out[count][2] = -1;
            count++;
            continue;
        }
        int nc = m ? m : 1;
        for (int i = 0; i < nc; i++) {
            St c = m ? take(&a, opts[i], variant) : hand_over(&a);
            long long refute = -1;
            int w = sv_all_lose(&c, n - 1, variant, &refute);
            if (w < 0) return -1;
            out[count][0] = m ? (code | (long long)opts[i] << 7) : code;
            out[count][1] = w;
            out[count][2] = w ? -1 : refute;
            count++;
        }
    }
    return count;
}

#endif
