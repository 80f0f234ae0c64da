/* The board and its single actions for module.c: the C twin of board.py. A board is 56 bytes as
 * Python holds it (40 ring fields holding 0 or a piece: colour + 1, fresh ones colour + 5; then
 * four stalls of four 0/1 fields); set.h packs it into three words. */
#ifndef KJ_BOARD_H
#define KJ_BOARD_H

#include <stdint.h>
#include <string.h>

#define RING 40
#define STALL 40
static const int START[4] = {0, 10, 20, 30};
static const char COLOURS[4] = {'r', 'b', 'g', 'k'};

#include "set.h"

/* ------------------------------------------------------------ the single actions (board.py) */
static int nest_count(const uint8_t *b, int c) {
    int n = 4;
    for (int i = 0; i < RING; i++)
        if (b[i] && ((b[i] - 1) & 3) == c) n--;
    for (int i = 0; i < 4; i++) n -= b[STALL + 4 * c + i];
    return n;
}

static int stall_full(const uint8_t *b, int c) {
    const uint8_t *s = b + STALL + 4 * c;
    return s[0] && s[1] && s[2] && s[3];
}

/* Where ring piece a lands n steps forward, as board.forward rules it (one place for the single
 * die's move and a seven's segment, sevens.h): its stall field (>= STALL) when the steps past its
 * Start fit a free run of its stall, else a ring field; -1 when a barrier (>= 5) is passed.
 * `passed`: the ring fields stepped on after a (a seven clears them). */
static int forward_to(const uint8_t *b, int a, int n, int *passed) {
    int colour = (b[a] - 1) & 3, start = START[colour];
    int dist = ((start - a) % RING + RING) % RING;
    if (!dist) dist = RING;
    if (n > dist) {
        int r = n - dist, base = STALL + 4 * colour, free_ = 1;
        for (int t = 0; t < r && t < 4; t++)
            if (b[base + t]) free_ = 0;
        if (r <= 4 && free_) {
            for (int t = 1; t <= dist; t++)
                if (b[(a + t) % RING] >= 5) return -1;
            *passed = dist;
            return base + r - 1;
        }
    }
    for (int t = 1; t <= n; t++)
        if (b[(a + t) % RING] >= 5) return -1;
    *passed = n;
    return (a + n) % RING;
}

/* board.forward of a single die (a seven's segments: sevens.h's forward7): 1 and nb set, or 0 */
static int forward(const uint8_t *b, int a, int n, uint8_t *nb) {
    if (a >= STALL) {
        int base = (a - STALL) & ~3, i = a - STALL - base, j = i + n;
        if (j > 3) return 0;
        for (int t = i + 1; t <= j; t++)
            if (b[STALL + base + t]) return 0;
        memcpy(nb, b, SIZE);
        nb[a] = 0;
        nb[STALL + base + j] = 1;
        return 1;
    }
    int colour = (b[a] - 1) & 3, passed, to = forward_to(b, a, n, &passed);
    if (to < 0) return 0;
    memcpy(nb, b, SIZE);
    nb[a] = 0;
    nb[to] = to >= STALL ? 1 : (uint8_t)(colour + 1);
    return 1;
}

/* board.backward of a single die */
static int backward(const uint8_t *b, int a, int n, uint8_t *nb) {
    if (a >= RING) return 0;
    int colour = (b[a] - 1) & 3;
    if (n > ((a - START[colour]) % RING + RING) % RING) return 0;
    for (int t = 1; t <= n; t++)
        if (b[((a - t) % RING + RING) % RING] >= 5) return 0;
    int p = ((a - n) % RING + RING) % RING;
    memcpy(nb, b, SIZE);
    nb[a] = 0;
    nb[p] = (uint8_t)(colour + 1);
    return 1;
}

static void swap(const uint8_t *b, int a, int x, uint8_t *nb) {
    memcpy(nb, b, SIZE);
    int ca = (b[a] - 1) & 3, cx = (b[x] - 1) & 3;
    nb[a] = (uint8_t)(cx + 1);
    nb[x] = (uint8_t)(ca + 1);
}

#endif
