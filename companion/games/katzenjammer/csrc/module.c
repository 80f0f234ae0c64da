/* companion.games.katzenjammer.csrc._native: Katzenjammer's successor generation in C -- every
 * distinct board one legal turn reaches (a seven's boards by a memoised search over (board, piece
 * moved last, steps left)) and their text. The C twin of engine.turn_boards / board.py /
 * sevens.py / notation.format_position (the reference); companion/games/native.py decides whether
 * it runs, and tests/test_katzenjammer_native.py checks both give the same successors. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
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

/* board.forward: 1 and nb/na set, or 0 */
static int forward(const uint8_t *b, int a, int n, int seven, uint8_t *nb, int *na) {
    if (a >= STALL) {
        int base = (a - STALL) & ~3, i = a - STALL - base, j = i + n;
        if (j > 3) return 0;
        for (int t = i + 1; t <= j; t++)
            if (b[STALL + base + t]) return 0;
        memcpy(nb, b, SIZE);
        nb[a] = 0;
        nb[STALL + base + j] = 1;
        *na = STALL + base + j;
        return 1;
    }
    int colour = (b[a] - 1) & 3, start = START[colour];
    int dist = ((start - a) % RING + RING) % RING;
    if (!dist) dist = RING;
    if (n > dist) {
        int r = n - dist, base = STALL + 4 * colour, free_ = 1;
        for (int t = 0; t < r && t < 4; t++)
            if (b[base + t]) free_ = 0;
        if (r <= 4 && free_) {
            for (int t = 1; t <= dist; t++)
                if (b[(a + t) % RING] >= 5) return 0;
            memcpy(nb, b, SIZE);
            nb[a] = 0;
            if (seven)
                for (int t = 1; t <= dist; t++) nb[(a + t) % RING] = 0;
            nb[base + r - 1] = 1;
            *na = base + r - 1;
            return 1;
        }
    }
    for (int t = 1; t <= n; t++)
        if (b[(a + t) % RING] >= 5) return 0;
    int p = (a + n) % RING;
    memcpy(nb, b, SIZE);
    nb[a] = 0;
    if (seven)
        for (int t = 1; t < n; t++) nb[(a + t) % RING] = 0;
    nb[p] = (uint8_t)(colour + 1);
    *na = p;
    return 1;
}

/* board.backward */
static int backward(const uint8_t *b, int a, int n, int seven, uint8_t *nb, int *na) {
    if (a >= RING) return 0;
    int colour = (b[a] - 1) & 3;
    if (n > ((a - START[colour]) % RING + RING) % RING) return 0;
    for (int t = 1; t <= n; t++)
        if (b[((a - t) % RING + RING) % RING] >= 5) return 0;
    int p = ((a - n) % RING + RING) % RING;
    memcpy(nb, b, SIZE);
    nb[a] = 0;
    if (seven)
        for (int t = 1; t < n; t++) nb[((a - t) % RING + RING) % RING] = 0;
    nb[p] = (uint8_t)(colour + 1);
    *na = p;
    return 1;
}

static void swap(const uint8_t *b, int a, int x, uint8_t *nb) {
    memcpy(nb, b, SIZE);
    int ca = (b[a] - 1) & 3, cx = (b[x] - 1) & 3;
    nb[a] = (uint8_t)(cx + 1);
    nb[x] = (uint8_t)(ca + 1);
}

/* ------------------------------------------------------------ sevens (sevens.py) */
typedef struct {
    Set seen;
    Set *out;
    int colour, own, dir, failed;
    uint8_t moves[9];
} Seven;

static void seven_walk(Seven *S, const uint8_t *b, int last, int rem);

/* The pieces that may take part: S->moves[v] says whether a ring field holding v does (own: the
 * colour's pieces, fresh ones too; foreign: other colours' pieces that are not fresh). */
static int movers(const Seven *S, const uint8_t *b, int *out) {
    int n = 0;
    for (int i = 0; i < RING; i++)
        if (S->moves[b[i]]) out[n++] = i;
    if (S->own)
        for (int i = STALL + 4 * S->colour; i < STALL + 4 * S->colour + 3; i++)
            if (b[i]) out[n++] = i;
    return n;
}

/* The states one segment leads to from a state of the walk, packed, with their hashes. At most
 * 16 pieces are on the ring and 3 in a stall may step, each with at most 7 segment lengths. */
#define MAX_KIDS (19 * 7)
typedef struct {
    Rec r;
    uint64_t h;
    int8_t last, rem;
} Kid;

static void kid(Kid *k, const uint8_t *nb, int last, int rem) {
    k->last = (int8_t)last;
    k->rem = (int8_t)rem;
    if (rem == 0) pack(nb, 0, 0, &k->r); /* a finished seven: a successor, as the set `out` keeps it */
    else pack(nb, last, rem, &k->r);
}

/* As sevens.py: a piece that cannot reach its own Start with the steps left goes one step at a
 * time (k single steps of it are one k-step segment: each field stepped on captures, a fresh piece
 * blocks), and the state after such a step forgets which piece moved last ("mergeable": moving it
 * on is the longer segment). Near its Start a longer segment would enter the stall where single
 * steps go round, so there every segment length is walked at once and the piece is remembered
 * unless it cannot reach the Start any more.
 *
 * A state's next states are made first, all of them, and then looked up in the sets (the seen
 * states, or the successors when the seven is used up) in the same order as one at a time: the
 * lookups are cache misses (the sets outgrow the core's cache), and asking for every slot before
 * reading any lets the memory fetch them side by side instead of one after the other. */
static void seven_walk(Seven *S, const uint8_t *b, int last, int rem) {
    int m[RING + 4], nm = movers(S, b, m), fwd = S->dir > 0, nk = 0;
    Kid kids[MAX_KIDS];
    uint8_t nb[SIZE];
    for (int i = 0; i < nm; i++) {
        int a = m[i], na;
        if (a == last) continue; /* consecutive segments move different pieces */
        if (a >= RING) {         /* one step on in the stall */
            if (!fwd || ((a - RING) & 3) == 3 || b[a + 1]) continue;
            memcpy(nb, b, SIZE);
            nb[a] = 0;
            nb[a + 1] = 1;
            kid(&kids[nk++], nb, -1, rem - 1);
            continue;
        }
        int colour = (b[a] - 1) & 3, start = START[colour];
        if (fwd) {
            int to_start = (start - a + RING) % RING;
            if (0 < to_start && to_start < rem) {
                for (int k = 1; k <= rem; k++) {
                    if (!forward(b, a, k, 1, nb, &na)) continue;
                    int merge = na >= RING || (start - na + RING) % RING >= rem - k;
                    kid(&kids[nk++], nb, merge || k == rem ? -1 : na, rem - k);
                }
                continue;
            }
            na = (a + 1) % RING;
        } else {
            if (a == start) continue; /* never back across its own Start */
            na = (a + RING - 1) % RING;
        }
        if (b[na] >= 5) continue;
        memcpy(nb, b, SIZE);
        nb[a] = 0;
        nb[na] = (uint8_t)(colour + 1);
        kid(&kids[nk++], nb, -1, rem - 1);
    }
    for (int i = 0; i < nk; i++) {
        kids[i].h = rec_hash(&kids[i].r);
        set_prefetch(kids[i].rem ? &S->seen : S->out, kids[i].h);
    }
    for (int i = 0; i < nk && !S->failed; i++) {
        Kid *k = &kids[i];
        int added = set_add_rec(k->rem ? &S->seen : S->out, &k->r, k->h);
        if (added < 0) S->failed = 1;
        else if (added && k->rem) {
            unpack(&k->r, nb);
            seven_walk(S, nb, k->last, k->rem);
        }
    }
}

static int sevens(const uint8_t *b, int colour, int own, Set *out) {
    for (int dir = 1; dir >= -1; dir -= 2) {
        if (own && dir < 0) break; /* a 7 moves own pieces forward only */
        Seven S = {.out = out, .colour = colour, .own = own, .dir = dir};
        for (int v = 1; v <= 8; v++)
            S.moves[v] = (uint8_t)(own ? v == colour + 1 || v == colour + 5 : v <= 4 && v != colour + 1);
        if (!set_init(&S.seen, 1024)) return 0;
        if (set_add(&S.seen, b, -1, 7) < 0) S.failed = 1;
        else seven_walk(&S, b, -1, 7);
        set_free(&S.seen);
        if (S.failed) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ one die label (engine.part_moves) */
static int add(Set *out, const uint8_t *nb) { return set_add(out, nb, 0, 0) >= 0; }

static int part_boards(const uint8_t *b, int colour, int own, int v, Set *out) {
    uint8_t nb[SIZE];
    int na;
    if (v == 7) return sevens(b, colour, own, out);
    if (own) {
        if (v == 6) {
            for (int a = 0; a < RING; a++) {
                if (!b[a] || ((b[a] - 1) & 3) != colour) continue;
                for (int x = 0; x < RING; x++)
                    if (b[x] && b[x] < 5 && b[x] - 1 != colour) {
                        swap(b, a, x, nb);
                        if (!add(out, nb)) return 0;
                    }
            }
            return 1;
        }
        if (v == 5 && b[START[colour]] < 5 && nest_count(b, colour) > 0) {
            memcpy(nb, b, SIZE);
            nb[START[colour]] = (uint8_t)(colour + 5);
            if (!add(out, nb)) return 0;
        }
        int pcs[8], np = 0;
        for (int i = 0; i < RING; i++)
            if (b[i] && ((b[i] - 1) & 3) == colour) pcs[np++] = i;
        for (int i = 0; i < 4; i++)
            if (b[STALL + 4 * colour + i]) pcs[np++] = STALL + 4 * colour + i;
        for (int i = 0; i < np; i++) {
            if (forward(b, pcs[i], v, 0, nb, &na) && !add(out, nb)) return 0;
            if (v == 4 && backward(b, pcs[i], v, 0, nb, &na) && !add(out, nb)) return 0;
        }
        return 1;
    }
    if (v == 6) {
        int cands[RING], nc = 0;
        for (int i = 0; i < RING; i++)
            if (b[i] && (b[i] < 5 || b[i] - 5 == colour)) cands[nc++] = i;
        for (int j = 0; j < nc; j++)
            for (int k = j + 1; k < nc; k++)
                if (((b[cands[j]] - 1) & 3) != ((b[cands[k]] - 1) & 3)) {
                    swap(b, cands[j], cands[k], nb);
                    if (!add(out, nb)) return 0;
                }
        return 1;
    }
    for (int a = 0; a < RING; a++) {
        if (!(b[a] && b[a] < 5 && b[a] - 1 != colour)) continue;
        if (forward(b, a, v, 0, nb, &na) && !add(out, nb)) return 0;
        if (backward(b, a, v, 0, nb, &na) && !add(out, nb)) return 0;
    }
    return 1;
}

/* engine.labels as (own, value) pairs */
static int labels(const int *dice, int *own, int *val, int *singles) {
    int a = dice[0], b = dice[1], c = dice[2], pv = (a == b || a == c) ? a : (b == c ? b : 0), n = 0;
    *singles = pv == 0;
    if (!pv) {
        int vs[3] = {a, b, c};
        for (int d = 1; d <= 9; d++)
            if (vs[0] == d || vs[1] == d || vs[2] == d) { own[n] = 1; val[n++] = d; }
    } else if (pv == 5) {
        for (int d = 1; d <= 9; d++) { own[n] = 1; val[n++] = d; }
        for (int d = 1; d <= 9; d++)
            if (d != 5) { own[n] = 0; val[n++] = d; }
    } else {
        own[n] = 0;
        val[n++] = pv;
    }
    return n;
}

/* engine.turn_boards */
static int turn_boards(const uint8_t *b, const int *colours, int ncol, int colour, const int *dice, int two_dice,
                       Set *out) {
    int own[18], val[18], singles, nl = labels(dice, own, val, &singles);
    for (int l = 0; l < nl; l++) {
        if (!(two_dice && singles)) { /* one die: its boards are the successors, straight into out */
            if (!part_boards(b, colour, own[l], val[l], out)) return 0;
            continue;
        }
        Set firsts;
        if (!set_init(&firsts, 256)) return 0;
        if (!part_boards(b, colour, own[l], val[l], &firsts)) { set_free(&firsts); return 0; }
        for (size_t i = 0; i < firsts.count; i++) {
            uint8_t nb[SIZE];
            set_board(&firsts, i, nb);
            if (!add(out, nb)) { set_free(&firsts); return 0; }
            int over = 0;
            for (int c = 0; c < ncol; c++) over |= stall_full(nb, colours[c]);
            if (over) continue;
            for (int l2 = 0; l2 < nl; l2++)
                if (l2 != l && !part_boards(nb, colour, own[l2], val[l2], out)) { set_free(&firsts); return 0; }
        }
        set_free(&firsts);
    }
    if (out->count == 0 && !add(out, b)) return 0; /* the void roll: the board as it is */
    return 1;
}

/* ------------------------------------------------------------ Python */
static int parse(PyObject *args, uint8_t *board, int *colours, int *ncol, int *colour, int *dice, int *two_dice,
                 PyObject **extra) {
    PyObject *cols, *dic;
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "Oy*iOp|O", &cols, &buf, colour, &dic, two_dice, extra)) return 0;
    int ok = buf.len == SIZE;
    if (ok) memcpy(board, buf.buf, SIZE);
    PyBuffer_Release(&buf);
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "a Katzenjammer board is %d bytes", SIZE);
        return 0;
    }
    for (int i = 0; i < SIZE; i++)
        if ((i < RING && board[i] > 8) || (i >= RING && board[i] > 1)) {
            PyErr_Format(PyExc_ValueError, "board byte %d holds %d, not a piece", i, board[i]);
            return 0;
        }
    if (!PyTuple_Check(cols) || PyTuple_GET_SIZE(cols) < 1 || PyTuple_GET_SIZE(cols) > 4 || !PyTuple_Check(dic)
        || PyTuple_GET_SIZE(dic) != 3) {
        PyErr_SetString(PyExc_TypeError, "colours must be a tuple of 1-4 ints and dice a tuple of 3 ints");
        return 0;
    }
    *ncol = (int)PyTuple_GET_SIZE(cols);
    for (int i = 0; i < *ncol; i++) {
        colours[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(cols, i));
        if (colours[i] < 0 || colours[i] > 3) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a colour is 0-3 (r, b, g, k)");
            return 0;
        }
    }
    for (int i = 0; i < 3; i++) {
        dice[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(dic, i));
        if (dice[i] < 1 || dice[i] > 9) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a die shows 1-9");
            return 0;
        }
    }
    if (*colour < 0 || *colour > 3) {
        PyErr_SetString(PyExc_ValueError, "the colour to move is 0-3 (r, b, g, k)");
        return 0;
    }
    return 1;
}

/* successors(colours, board, to_move, dice, two_dice, Position) -> [Position(colours, board, next, None)] */
static PyObject *py_successors(PyObject *self, PyObject *args) {
    uint8_t b[SIZE];
    int colours[4], ncol, colour, dice[3], two_dice;
    PyObject *ptype = NULL;
    if (!parse(args, b, colours, &ncol, &colour, dice, &two_dice, &ptype)) return NULL;
    if (!ptype || !PyType_Check(ptype) || !PyType_IsSubtype((PyTypeObject *)ptype, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "successors needs the Position type");
        return NULL;
    }
    PyObject *cols = PyTuple_GET_ITEM(args, 0);
    int i0 = 0;
    for (int i = 0; i < ncol; i++)
        if (colours[i] == colour) i0 = i;
    PyObject *nxt = PyLong_FromLong(colours[(i0 + 1) % ncol]);
    Set out;
    if (!nxt || !set_init(&out, 1024)) { Py_XDECREF(nxt); return PyErr_NoMemory(); }
    int ok;
    Py_BEGIN_ALLOW_THREADS
    ok = turn_boards(b, colours, ncol, colour, dice, two_dice, &out);
    Py_END_ALLOW_THREADS
    if (!ok) { set_free(&out); Py_DECREF(nxt); return PyErr_NoMemory(); }
    PyObject *list = PyList_New((Py_ssize_t)out.count);
    if (!list) goto fail;
    Py_ssize_t n = 0;
    PyTypeObject *pt = (PyTypeObject *)ptype;
    for (size_t i = 0; i < out.count; i++) {
        uint8_t nb[SIZE];
        set_board(&out, i, nb);
        PyObject *p = pt->tp_alloc(pt, 4), *board = PyBytes_FromStringAndSize((const char *)nb, SIZE);
        if (!p || !board) { Py_XDECREF(p); Py_XDECREF(board); goto fail; }
        Py_INCREF(cols); Py_INCREF(nxt); Py_INCREF(Py_None);
        PyTuple_SET_ITEM(p, 0, cols);
        PyTuple_SET_ITEM(p, 1, board);
        PyTuple_SET_ITEM(p, 2, nxt);
        PyTuple_SET_ITEM(p, 3, Py_None);
        /* A Position holds ints, bytes, None and the colours' tuple of ints and is never changed,
         * so it can never be part of a reference cycle: untracked, the 31,637 of a crowded roll
         * do not make the cycle collector walk them again and again while they pile up (it took
         * a fifth of the time; CPython untracks such tuples itself, but only when it walks them). */
        PyObject_GC_UnTrack(p);
        PyList_SET_ITEM(list, n++, p);
    }
    set_free(&out);
    Py_DECREF(nxt);
    return list;
fail:
    set_free(&out);
    Py_DECREF(nxt);
    Py_XDECREF(list);
    return NULL;
}

/* notation.format_position of one successor, into buf; its length. One pass over the ring sorts
 * its pieces by colour (in field order, as the text lists them); a colour's nest is what is
 * neither on the ring nor in its stall. */
static int format_board(const uint8_t *b, const int *colours, int ncol, int nxt, char *buf) {
    uint8_t ring[4][RING];
    int on_ring[4] = {0, 0, 0, 0}, n = 0;
    for (int i = 0; i < RING; i++)
        if (b[i]) {
            int c = (b[i] - 1) & 3;
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

/* A line to sort: its text and length. The order is Python's sorted() on the text (ASCII: byte
 * order). (A key of the first bytes does not help: the 31,637 lines of the crowded roll have only
 * 293 different first ten characters.) */
typedef struct {
    const char *text;
    int len;
} Line;

static int cmp_lines(const void *a, const void *b) { return strcmp(((const Line *)a)->text, ((const Line *)b)->text); }

/* successor_text(colours, board, to_move, dice, two_dice) -> every successor's text, sorted, each
 * line ending in a newline: what the command line prints, in one string (no object per line),
 * written straight into the string's own buffer. */
static PyObject *py_successor_text(PyObject *self, PyObject *args) {
    uint8_t b[SIZE];
    int colours[4], ncol, colour, dice[3], two_dice;
    PyObject *unused = NULL;
    if (!parse(args, b, colours, &ncol, &colour, dice, &two_dice, &unused)) return NULL;
    int i0 = 0;
    for (int i = 0; i < ncol; i++)
        if (colours[i] == colour) i0 = i;
    int nxt = colours[(i0 + 1) % ncol];
    Set out;
    if (!set_init(&out, 1024)) return PyErr_NoMemory();
    enum { LINE = 96 }; /* 4 groups of at most 4 items of 3 characters, and the rest */
    char *text = NULL;
    Line *lines = NULL;
    size_t size = 0;
    int ok;
    Py_BEGIN_ALLOW_THREADS
    ok = turn_boards(b, colours, ncol, colour, dice, two_dice, &out);
    if (ok) {
        text = malloc(out.count * LINE);
        lines = malloc(out.count * sizeof(Line));
        ok = text && lines;
    }
    if (ok) {
        for (size_t n = 0; n < out.count; n++) {
            uint8_t nb[SIZE];
            set_board(&out, n, nb);
            char *t = text + n * LINE;
            lines[n].len = format_board(nb, colours, ncol, nxt, t);
            lines[n].text = t;
            size += (size_t)lines[n].len + 1;
        }
        qsort(lines, out.count, sizeof(Line), cmp_lines);
    }
    Py_END_ALLOW_THREADS
    PyObject *result = ok ? PyUnicode_New((Py_ssize_t)size, 127) : PyErr_NoMemory();
    if (result) {
        char *dst = (char *)PyUnicode_1BYTE_DATA(result);
        for (size_t n = 0; n < out.count; n++) {
            memcpy(dst, lines[n].text, (size_t)lines[n].len);
            dst += lines[n].len;
            *dst++ = '\n';
        }
    }
    free(text);
    free(lines);
    set_free(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"successors", py_successors, METH_VARARGS,
     "successors(colours, board, to_move, dice, two_dice, Position) -> every distinct position one turn reaches"},
    {"successor_text", py_successor_text, METH_VARARGS,
     "successor_text(colours, board, to_move, dice, two_dice) -> their text, sorted, a line each"},
    {NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_native",
                                       "Katzenjammer's compiled successor generation (see companion/games/native.py).",
                                       -1, methods};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&moduledef); }
