/* A set of Katzenjammer boards (with a seven search's state: the piece moved last, the steps
 * left), for module.c. */
#ifndef KJ_SET_H
#define KJ_SET_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 56

/* The records lie densely in insertion order; the open-addressing index holds (hash tag, record
 * number + 1) in 8 bytes, so a lookup mostly stays in a small table instead of missing the cache
 * on a 64-byte record per probe. A record's slot is the low bits of its 32-bit tag, so growing
 * the index moves the entries without hashing a record again (at most 2^32 slots). */
typedef struct {
    uint8_t b[SIZE];
    int8_t last, rem;
    uint8_t pad[6];
} Rec; /* 64 bytes */

typedef struct {
    uint64_t *index;
    Rec *recs;
    size_t cap, count, rcap;
} Set;

static int set_init(Set *s, size_t cap) {
    s->cap = cap;
    s->count = 0;
    s->rcap = cap / 2;
    s->index = calloc(cap, sizeof(uint64_t));
    s->recs = malloc(s->rcap * sizeof(Rec));
    if (!s->index || !s->recs) {
        free(s->index);
        free(s->recs);
        s->index = NULL;
        s->recs = NULL;
        return 0;
    }
    return 1;
}

static void set_free(Set *s) {
    free(s->index);
    free(s->recs);
    s->index = NULL;
    s->recs = NULL;
}

/* The board's 7 words and the search state, each times its own odd constant, summed (independent
 * multiplies, not a chain: half the instructions of hashing word after word), then splitmix64's
 * finaliser, so every input bit reaches the tag's bits. A weak hash costs only probes: a match
 * is always checked against the whole record. */
static uint64_t board_hash(const uint8_t *b, int last, int rem) {
    uint64_t w[7];
    memcpy(w, b, SIZE);
    uint64_t h = (w[0] ^ 0x9E3779B97F4A7C15ULL) * 0xBF58476D1CE4E5B9ULL
               + (w[1] ^ 0x243F6A8885A308D3ULL) * 0x94D049BB133111EBULL
               + (w[2] ^ 0x13198A2E03707344ULL) * 0xD6E8FEB86659FD93ULL
               + (w[3] ^ 0xA4093822299F31D0ULL) * 0xFF51AFD7ED558CCDULL
               + (w[4] ^ 0x082EFA98EC4E6C89ULL) * 0xC4CEB9FE1A85EC53ULL
               + (w[5] ^ 0x452821E638D01377ULL) * 0x9FB21C651E98DF25ULL
               + (w[6] ^ 0xBE5466CF34E90C6CULL) * 0x2127599BF4325C37ULL
               + ((uint64_t)(uint8_t)last << 8 | (uint8_t)rem) * 0x880355F21E6D1965ULL;
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

/* 1: added, 0: already there, -1: out of memory */
static int set_add(Set *s, const uint8_t *b, int last, int rem) {
    if (2 * (s->count + 1) > s->cap) { /* grow at half full */
        size_t cap = s->cap * 2;
        uint64_t *index = calloc(cap, sizeof(uint64_t));
        Rec *recs = realloc(s->recs, cap / 2 * sizeof(Rec));
        if (!index || !recs) {
            free(index);
            if (recs) s->recs = recs;
            return -1;
        }
        for (size_t i = 0; i < s->cap; i++)
            if (s->index[i]) { /* the slot comes from the tag: no record is hashed again */
                size_t j = (size_t)(s->index[i] >> 32) & (cap - 1);
                while (index[j]) j = (j + 1) & (cap - 1);
                index[j] = s->index[i];
            }
        free(s->index);
        s->index = index;
        s->recs = recs;
        s->cap = cap;
        s->rcap = cap / 2;
    }
    uint64_t h = board_hash(b, last, rem), tag = h >> 32;
    size_t j = (size_t)tag & (s->cap - 1);
    while (s->index[j]) {
        if (s->index[j] >> 32 == tag) {
            const Rec *o = &s->recs[(s->index[j] & 0xFFFFFFFFU) - 1];
            if (o->last == last && o->rem == rem && memcmp(o->b, b, SIZE) == 0) return 0;
        }
        j = (j + 1) & (s->cap - 1);
    }
    Rec *r = &s->recs[s->count];
    memcpy(r->b, b, SIZE);
    r->last = (int8_t)last;
    r->rem = (int8_t)rem;
    memset(r->pad, 0, sizeof r->pad);
    s->index[j] = tag << 32 | (uint64_t)(s->count + 1);
    s->count++;
    return 1;
}

#endif
