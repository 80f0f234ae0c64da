/* Memory blocks kept from one call to the next, for set.h and module.c. The crowded roll's sets
 * and text take some 5 MB; asked from malloc each call, that memory came fresh from the kernel
 * every time (glibc returns large blocks to it when they are freed): the page faults, clearing
 * the pages and giving them back were nearly a tenth of the call in the profile. A pool keeps
 * the largest few blocks instead (at most POOL_BLOCKS of at most POOL_KEEP, for the life of the
 * process). A fresh process (the command line) still meets every page once.
 *
 * The search runs without the GIL, so two threads may search at once: a call takes the one pool
 * with an atomic exchange and gives it back at the end; a call that finds it taken (another
 * thread is searching) makes a pool of its own, freed at its end when the shared one is back. */
#ifndef KJ_POOL_H
#define KJ_POOL_H

#include <stdlib.h>

#define POOL_BLOCKS 8
#define POOL_KEEP ((size_t)8 << 20) /* a larger block (a huge two-dice roll) goes back to malloc */

typedef struct {
    void *p[POOL_BLOCKS];
    size_t size[POOL_BLOCKS];
} Pool;

static Pool *pool_shared;

/* The pool for this call (NULL: use malloc), and back with it. */
static Pool *pool_take(void) {
    Pool *pl = __atomic_exchange_n(&pool_shared, NULL, __ATOMIC_ACQUIRE);
    return pl ? pl : calloc(1, sizeof(Pool));
}

static void pool_give(Pool *pl) {
    Pool *none = NULL;
    if (!pl || __atomic_compare_exchange_n(&pool_shared, &none, pl, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) return;
    for (int i = 0; i < POOL_BLOCKS; i++) free(pl->p[i]); /* another thread's pool went back first */
    free(pl);
}

/* A block of at least `size` bytes: the smallest kept one that is large enough, else malloc's. */
static void *pool_get(Pool *pl, size_t size) {
    int best = -1;
    for (int i = 0; pl && i < POOL_BLOCKS; i++)
        if (pl->p[i] && pl->size[i] >= size && (best < 0 || pl->size[i] < pl->size[best])) best = i;
    if (best < 0) return malloc(size);
    void *p = pl->p[best];
    pl->p[best] = NULL;
    return p;
}

/* Block p of `size` bytes is no longer used: kept in place of the smallest kept one (or an empty
 * place) when it is larger, else freed. */
static void pool_put(Pool *pl, void *p, size_t size) {
    if (!p) return;
    int low = -1;
    for (int i = 0; pl && i < POOL_BLOCKS; i++) {
        if (!pl->p[i]) {
            low = i;
            break;
        }
        if (low < 0 || pl->size[i] < pl->size[low]) low = i;
    }
    if (low < 0 || size > POOL_KEEP || (pl->p[low] && pl->size[low] >= size)) {
        free(p);
        return;
    }
    free(pl->p[low]);
    pl->p[low] = p;
    pl->size[low] = size;
}

#endif
