/* The command line's text of the successors for module.c: notation.format_position of each
 * board, and the lines sorted as Python's sorted() sorts them (byte order: the text is ASCII). */
#ifndef KJ_TEXT_H
#define KJ_TEXT_H

#include "board.h"

/* The ring fields 8w to 8w + 7 that hold a piece, as bit 8i of the result for field 8w + i:
 * eight fields at once (a field holds 0-8, so a piece has one of its low four bits set). A
 * branch per field mispredicted on every other piece and was most of the formatting's time. */
static uint64_t ring_pieces(const uint8_t *b, int w) {
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--) x = x << 8 | b[8 * w + i];
    return (x | x >> 1 | x >> 2 | x >> 3) & LOW1;
}

/* notation.format_position of one successor, into buf; its length. One pass over the ring's
 * pieces sorts them by colour (in field order, as the text lists them); a colour's nest is what
 * is neither on the ring nor in its stall. */
static int format_board(const uint8_t *b, const int *colours, int ncol, int nxt, char *buf) {
    uint8_t ring[4][RING];
    int on_ring[4] = {0, 0, 0, 0}, n = 0;
    for (int w = 0; w < RING / 8; w++)
        for (uint64_t hit = ring_pieces(b, w); hit; hit &= hit - 1) {
            int i = 8 * w + (__builtin_ctzll(hit) >> 3), c = (b[i] - 1) & 3;
            ring[c][on_ring[c]++] = (uint8_t)i;
        }
    for (int ci = 0; ci < ncol; ci++) {
        int c = colours[ci], items = 0;
        const uint8_t *stall = b + STALL + 4 * c;
        if (ci) buf[n++] = ' ';
        buf[n++] = COLOURS[c];
        buf[n++] = ':';
        for (int i = 4 - on_ring[c] - stall[0] - stall[1] - stall[2] - stall[3]; i > 0; i--) {
            if (items++) buf[n++] = ',';
            buf[n++] = 'n';
        }
        for (int k = 0; k < on_ring[c]; k++) {
            int i = ring[c][k];
            if (items++) buf[n++] = ',';
            if (i >= 10) buf[n++] = (char)('0' + i / 10);
            buf[n++] = (char)('0' + i % 10);
            if (b[i] >= 5) buf[n++] = '*';
        }
        for (int i = 0; i < 4; i++)
            if (stall[i]) {
                if (items++) buf[n++] = ',';
                buf[n++] = 's';
                buf[n++] = (char)('1' + i);
            }
    }
    buf[n++] = ' ';
    buf[n++] = COLOURS[nxt];
    buf[n++] = ' ';
    buf[n++] = '-';
    buf[n] = 0;
    return n;
}

/* A line to sort: its text, NUL-terminated and padded with NULs to a multiple of 8 bytes (so
 * that any 8 bytes of it from a multiple of 8 on can be read as one number), its length, and
 * `key`: 8 of its bytes as a big-endian number, which orders as the text does. */
typedef struct {
    uint64_t key;
    const char *text;
    int len;
} Line;

static uint64_t line_key(const char *p) {
    uint64_t k = 0;
    for (int i = 0; i < 8; i++) k = k << 8 | (unsigned char)p[i];
    return k;
}

static void line_swap(Line *a, Line *b) {
    Line t = *a;
    *a = *b;
    *b = t;
}

/* The lines sorted by their text from byte d on (all of them agree on the first d, a multiple
 * of 8; each key holds bytes d to d + 7): a multikey quicksort (Bentley and Sedgewick) on 8 bytes
 * at a time, which reads each line's text about once per 8 bytes where qsort with strcmp compared
 * the long common beginnings over and over (the crowded roll's 31,637 lines have only 293
 * different first ten characters). The text of the crowded roll came a quarter faster. */
static void sort_lines(Line *a, size_t n, int d) {
    while (n > 12) {
        uint64_t x = a[0].key, y = a[n / 2].key, z = a[n - 1].key;
        uint64_t v = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y)); /* the median */
        size_t lt = 0, i = 0, gt = n;
        while (i < gt) {
            if (a[i].key < v) line_swap(&a[lt++], &a[i++]);
            else if (a[i].key > v) line_swap(&a[i], &a[--gt]);
            else i++;
        }
        sort_lines(a, lt, d);
        sort_lines(a + gt, n - gt, d);
        if (!(v & 0xFF)) return; /* the equal ones end within these 8 bytes: they are the same line */
        a += lt;
        n = gt - lt;
        d += 8;
        for (size_t j = 0; j < n; j++) a[j].key = line_key(a[j].text + d);
    }
    for (size_t i = 1; i < n; i++) /* a few lines: insertion */
        for (size_t j = i; j > 0; j--) {
            Line *p = &a[j - 1], *q = &a[j];
            if (p->key < q->key || (p->key == q->key && strcmp(p->text + d, q->text + d) <= 0)) break;
            line_swap(p, q);
        }
}

#endif
