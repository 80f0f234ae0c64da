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
 * on a 64-byte record per probe. */
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

static uint64_t rec_hash(const Rec *r) {
    uint64_t w[7], h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uint8_t)r->last << 8 ^ (uint64_t)(uint8_t)r->rem;
    memcpy(w, r->b, SIZE);
    for (int i = 0; i < 7; i++) {
        h ^= w[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 29;
    }
    h ^= h >> 30; /* splitmix64's finaliser: every input bit reaches the index bits */
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
            if (s->index[i]) {
                size_t j = (size_t)(s->index[i] >> 32) & (cap - 1);
                /* the tag keeps only 32 bits of the hash: re-hash the record for the wider index */
                j = rec_hash(&recs[(s->index[i] & 0xFFFFFFFFU) - 1]) & (cap - 1);
                while (index[j]) j = (j + 1) & (cap - 1);
                index[j] = s->index[i];
            }
        free(s->index);
        s->index = index;
        s->recs = recs;
        s->cap = cap;
        s->rcap = cap / 2;
    }
    Rec r;
    memcpy(r.b, b, SIZE);
    r.last = (int8_t)last;
    r.rem = (int8_t)rem;
    memset(r.pad, 0, sizeof r.pad);
    uint64_t h = rec_hash(&r), tag = h >> 32;
    size_t j = h & (s->cap - 1);
    while (s->index[j]) {
        if (s->index[j] >> 32 == tag) {
            const Rec *o = &s->recs[(s->index[j] & 0xFFFFFFFFU) - 1];
            if (o->last == r.last && o->rem == r.rem && memcmp(o->b, r.b, SIZE) == 0) return 0;
        }
        j = (j + 1) & (s->cap - 1);
    }
    s->recs[s->count] = r;
    s->index[j] = tag << 32 | (uint64_t)(s->count + 1);
    s->count++;
    return 1;
}

#endif
