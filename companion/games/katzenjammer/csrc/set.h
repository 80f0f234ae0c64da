/* A set of Katzenjammer boards (with a seven search's state: the piece moved last, the steps
 * left), for module.c. */
#ifndef KJ_SET_H
#define KJ_SET_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

#define SIZE 56

/* A record is the board packed into three words with the search state in their spare bits (24
 * bytes, not 64: less memory to walk -- the crowded roll's sets outgrow the core's cache, and
 * the lookups' cache misses are most of the time -- and a record compares in three word
 * compares). Every ring field holds 0-8 and every stall field 0-1 (checked where a board comes
 * in from Python), so two words of fields share one word's bytes losslessly: each byte lane
 * keeps a field of the first word in its low four bits and one of the second above them; shifts
 * and masks pack and unpack the lanes whatever the byte order. */
typedef struct {
    uint64_t k[3];
} Rec;

#define LOW4 0x0F0F0F0F0F0F0F0FULL
#define LOW1 0x0101010101010101ULL

/* The search state (last + 1: 0-40, the piece moved last being a ring field or -1; steps left:
 * 0-7) goes into the two free top bits of the third word's byte lanes, five lanes' worth. */
static uint64_t rec_state(int last, int rem) {
    uint64_t v = (uint64_t)(last + 1) | (uint64_t)rem << 6, st = 0;
    for (int i = 0; i < 5; i++) st |= (v >> (2 * i) & 3) << (8 * i + 6);
    return st;
}
#define REC_STATE 0x000000C0C0C0C0C0ULL /* every state bit */

static void pack(const uint8_t *b, int last, int rem, Rec *r) {
    uint64_t w[7];
    memcpy(w, b, SIZE);
    r->k[0] = w[0] | w[1] << 4;
    r->k[1] = w[2] | w[3] << 4;
    r->k[2] = w[4] | w[5] << 4 | w[6] << 5 | rec_state(last, rem); /* ring 32-39, the stalls' 0/1 above them */
}

/* Ring field f (0-39) of a record set to v (0-8): its four bits are byte lane f % 8 of word
 * f / 16, the low half for f % 16 < 8, the high half above. The seven search writes a next
 * state's record straight from its parent's this way: copying the 56 bytes and packing them
 * again was a quarter of the walk's time in the profile (bytes stored, then read back as
 * words, stall the core). */
static void rec_put(Rec *r, int f, uint64_t v) {
    int s = (f & 7) << 3 | (f & 8) >> 1;
    r->k[f >> 4] = (r->k[f >> 4] & ~(0xFULL << s)) | v << s;
}

/* The bit of stall field f (40-55: STALL + 4 * colour + place) in a record's third word. */
static uint64_t rec_stall_bit(int f) { return 1ULL << (((f - 40) & 7) << 3 | (4 + ((f - 40) >> 3))); }

static void unpack(const Rec *r, uint8_t *b) {
    uint64_t w[7] = {r->k[0] & LOW4, r->k[0] >> 4 & LOW4, r->k[1] & LOW4, r->k[1] >> 4 & LOW4,
                     r->k[2] & LOW4, r->k[2] >> 4 & LOW1, r->k[2] >> 5 & LOW1};
    memcpy(b, w, SIZE);
}

/* The records lie densely in insertion order; the open-addressing index holds (an 8-bit hash
 * tag, record number + 1 in 24 bits) in 4 bytes, so that a lookup mostly stays in a small table
 * (the crowded roll's sets outgrow the core's cache: a smaller index misses less) instead of
 * missing the cache on a record per probe. Growing the index hashes the records again. */
typedef struct {
    uint32_t *index;
    Rec *recs;
    size_t cap, count;
    int shift; /* 64 - log2(cap): a hash's top bits are its slot */
    Pool *pool; /* where the memory comes from and goes back to (pool.h; NULL: malloc) */
} Set;

#define SET_MAX ((size_t)1 << 24) /* records a set holds at most (the crowded roll: 31,637) */

/* An index of `cap` empty slots. */
static uint32_t *set_index(Pool *pool, size_t cap) {
    uint32_t *index = pool_get(pool, cap * sizeof(uint32_t));
    if (index) memset(index, 0, cap * sizeof(uint32_t));
    return index;
}

static int set_init(Set *s, size_t cap, Pool *pool) {
    s->cap = cap;
    s->shift = 64 - __builtin_ctzll(cap);
    s->count = 0;
    s->pool = pool;
    s->index = set_index(pool, cap);
    s->recs = pool_get(pool, cap / 2 * sizeof(Rec));
    if (!s->index || !s->recs) {
        pool_put(pool, s->index, cap * sizeof(uint32_t));
        pool_put(pool, s->recs, cap / 2 * sizeof(Rec));
        s->index = NULL;
        s->recs = NULL;
        return 0;
    }
    return 1;
}

static void set_free(Set *s) {
    pool_put(s->pool, s->index, s->cap * sizeof(uint32_t));
    pool_put(s->pool, s->recs, s->cap / 2 * sizeof(Rec));
    s->index = NULL;
    s->recs = NULL;
}

/* The board of record i. */
static void set_board(const Set *s, size_t i, uint8_t *b) { unpack(&s->recs[i], b); }

/* Each word of the record times its own odd constant, summed: a product's high bits depend on
 * all of its word's bits, so the slot is taken from the top bits (set_pos) and the tag from the
 * 8 bits below them (set_tag). (A finaliser mixing the bits down to the low ones cost more than
 * the lookup it served.) A weak hash costs only probes: a match is always checked against the
 * whole record. */
static uint64_t rec_hash(const Rec *r) {
    return r->k[0] * 0x9E3779B97F4A7C15ULL + r->k[1] * 0xBF58476D1CE4E5B9ULL + r->k[2] * 0x94D049BB133111EBULL;
}

static size_t set_pos(const Set *s, uint64_t h) { return (size_t)(h >> s->shift); }
static uint32_t set_tag(const Set *s, uint64_t h) { return (uint32_t)(h >> (s->shift - 8)) << 24; }

/* The index twice as large (and room for twice the records): 1, or 0 out of memory. Out of the
 * way of the lookups (noinline), which are the time. */
static __attribute__((noinline)) int set_grow(Set *s) {
    Set big = {.cap = s->cap * 2, .count = s->count, .shift = s->shift - 1, .pool = s->pool};
    big.index = s->count + 1 < SET_MAX ? set_index(s->pool, big.cap) : NULL;
    big.recs = big.index ? pool_get(s->pool, big.cap / 2 * sizeof(Rec)) : NULL;
    if (!big.recs) {
        pool_put(s->pool, big.index, big.cap * sizeof(uint32_t));
        return 0;
    }
    memcpy(big.recs, s->recs, s->count * sizeof(Rec));
    for (size_t i = 0; i < s->count; i++) {
        uint64_t h = rec_hash(&big.recs[i]);
        size_t j = set_pos(&big, h);
        while (big.index[j]) j = (j + 1) & (big.cap - 1);
        big.index[j] = set_tag(&big, h) | (uint32_t)(i + 1);
    }
    set_free(s);
    *s = big;
    return 1;
}

/* A packed record `r` with its hash `h`: 1 added, 0 already there, -1 out of memory. */
static int set_add_rec(Set *s, const Rec *rp, uint64_t h) {
    if (2 * (s->count + 1) > s->cap && !set_grow(s)) return -1; /* grow at half full */
    const Rec r = *rp;
    uint32_t tag = set_tag(s, h);
    size_t j = set_pos(s, h);
    uint32_t e;
    while ((e = s->index[j])) {
        if ((e & 0xFF000000U) == tag) {
            const Rec *o = &s->recs[(e & 0xFFFFFFU) - 1];
            if (o->k[0] == r.k[0] && o->k[1] == r.k[1] && o->k[2] == r.k[2]) return 0;
        }
        j = (j + 1) & (s->cap - 1);
    }
    s->recs[s->count] = r;
    s->index[j] = tag | (uint32_t)(s->count + 1);
    s->count++;
    return 1;
}

/* 1: added, 0: already there, -1: out of memory */
static int set_add(Set *s, const uint8_t *b, int last, int rem) {
    Rec r;
    pack(b, last, rem, &r);
    return set_add_rec(s, &r, rec_hash(&r));
}

#endif
