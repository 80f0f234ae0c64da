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

#include "sevens.h"
#include "text.h"

/* ------------------------------------------------------------ one die label (engine.part_moves) */
static int add(Set *out, const uint8_t *nb) { return set_add(out, nb, 0, 0) >= 0; }

static int part_boards(const uint8_t *b, int colour, int own, int v, Set *out) {
    uint8_t nb[SIZE];
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
            if (forward(b, pcs[i], v, nb) && !add(out, nb)) return 0;
            if (v == 4 && backward(b, pcs[i], v, nb) && !add(out, nb)) return 0;
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
        if (forward(b, a, v, nb) && !add(out, nb)) return 0;
        if (backward(b, a, v, nb) && !add(out, nb)) return 0;
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
        if (!set_init(&firsts, 256, out->pool)) return 0;
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

/* The successors of a parsed position into `out` (memory from the shared pool, pool.h), without
 * the GIL: 1, or 0 out of memory. */
static int search(const uint8_t *b, const int *colours, int ncol, int colour, const int *dice, int two_dice,
                  Set *out, Pool *pool) {
    int ok;
    Py_BEGIN_ALLOW_THREADS
    ok = set_init(out, 1024, pool) && turn_boards(b, colours, ncol, colour, dice, two_dice, out);
    Py_END_ALLOW_THREADS
    return ok;
}

/* The colour to move after `colour`. */
static int next_colour(const int *colours, int ncol, int colour) {
    int i0 = 0;
    for (int i = 0; i < ncol; i++)
        if (colours[i] == colour) i0 = i;
    return colours[(i0 + 1) % ncol];
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
    PyTypeObject *pt = (PyTypeObject *)ptype;
    /* A namedtuple is a tuple with no more fields of its own (its __slots__ are empty): made
     * as a tuple of 4 is, untracked (below). Anything else goes through its own tp_alloc. */
    int plain = pt->tp_basicsize == PyTuple_Type.tp_basicsize && pt->tp_itemsize == PyTuple_Type.tp_itemsize
                && !pt->tp_dictoffset && !pt->tp_weaklistoffset;
    PyObject *cols = PyTuple_GET_ITEM(args, 0), *list = NULL;
    PyObject *nxt = PyLong_FromLong(next_colour(colours, ncol, colour));
    Pool *pool = pool_take();
    Set out = {0};
    if (!nxt || !search(b, colours, ncol, colour, dice, two_dice, &out, pool)) {
        PyErr_NoMemory();
        goto done;
    }
    list = PyList_New((Py_ssize_t)out.count);
    for (size_t i = 0; list && i < out.count; i++) {
        PyObject *p = plain ? (PyObject *)PyObject_GC_NewVar(PyTupleObject, pt, 4) : pt->tp_alloc(pt, 4);
        PyObject *board = PyBytes_FromStringAndSize(NULL, SIZE);
        if (!p || !board) {
            Py_XDECREF(p);
            Py_XDECREF(board);
            Py_CLEAR(list);
            break;
        }
        set_board(&out, i, (uint8_t *)PyBytes_AS_STRING(board));
        Py_INCREF(cols); Py_INCREF(nxt); Py_INCREF(Py_None);
        PyTuple_SET_ITEM(p, 0, cols);
        PyTuple_SET_ITEM(p, 1, board);
        PyTuple_SET_ITEM(p, 2, nxt);
        PyTuple_SET_ITEM(p, 3, Py_None);
        /* A Position holds ints, bytes, None and the colours' tuple of ints and is never changed,
         * so it can never be part of a reference cycle: untracked, the 31,637 of a crowded roll
         * do not make the cycle collector walk them again and again while they pile up (it took
         * a fifth of the time; CPython untracks such tuples itself, but only when it walks them).
         * (PyObject_GC_NewVar's are untracked from the start.) */
        if (!plain) PyObject_GC_UnTrack(p);
        PyList_SET_ITEM(list, (Py_ssize_t)i, p);
    }
done:
    set_free(&out);
    pool_give(pool);
    Py_XDECREF(nxt);
    return list;
}

/* successor_text(colours, board, to_move, dice, two_dice) -> every successor's text, sorted, each
 * line ending in a newline: what the command line prints, in one string (no object per line). */
static PyObject *py_successor_text(PyObject *self, PyObject *args) {
    uint8_t b[SIZE];
    int colours[4], ncol, colour, dice[3], two_dice;
    PyObject *unused = NULL;
    if (!parse(args, b, colours, &ncol, &colour, dice, &two_dice, &unused)) return NULL;
    int nxt = next_colour(colours, ncol, colour);
    enum { LINE = 96 }; /* 4 groups of at most 4 items of 3 characters, the rest, the padding */
    Pool *pool = pool_take();
    Set out = {0};
    char *text = NULL;
    Line *lines = NULL;
    size_t size = 0;
    int ok = search(b, colours, ncol, colour, dice, two_dice, &out, pool);
    Py_BEGIN_ALLOW_THREADS
    if (ok) {
        text = pool_get(pool, out.count * LINE);
        lines = pool_get(pool, out.count * sizeof(Line));
        ok = text && lines;
    }
    if (ok) {
        size_t at = 0; /* the lines one after the other in `text`, each padded to 8n bytes */
        for (size_t n = 0; n < out.count; n++) {
            uint8_t nb[SIZE];
            set_board(&out, n, nb);
            char *t = text + at;
            int len = format_board(nb, colours, ncol, nxt, t), padded = (len + 8) & ~7;
            memset(t + len, 0, (size_t)(padded - len));
            lines[n] = (Line){line_key(t), t, len};
            at += (size_t)padded;
            size += (size_t)len + 1;
        }
        sort_lines(lines, out.count, 0);
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
    pool_put(pool, text, out.count * LINE);
    pool_put(pool, lines, out.count * sizeof(Line));
    set_free(&out);
    pool_give(pool);
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

PyMODINIT_FUNC PyInit__native(void) {
    sevens_init();
    return PyModule_Create(&moduledef);
}
