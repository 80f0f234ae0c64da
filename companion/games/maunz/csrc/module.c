/* companion.games.maunz.csrc._native: the compiled maunz. kernel (rules.h), its move generation,
 * perft and random playouts, and the search's inner loop (search.h), for Python.
 * companion/games/native.py decides whether it is used; the pure-Python modules stay the
 * reference, and tests/test_maunz_native.py checks that both play the same game. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "mt.h"
#include "rules.h"
#include "search.h"
#include "solve.h"

static PyObject *KIND_K, *KIND_C; /* the Move kinds 'k' and 'c' */

/* ------------------------------------------------------------------ states in and out */
static int get_state(PyObject *o, St *s) {
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) < 8) {
        PyErr_SetString(PyExc_TypeError, "a maunz. state is a tuple of at least 8 ints");
        return 0;
    }
    uint64_t m[4];
    long p[4];
    for (int i = 0; i < 4; i++) {
        m[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(o, i));
        if (m[i] == (uint64_t)-1 && PyErr_Occurred()) return 0;
        if (m[i] & ~FULL) {
            PyErr_SetString(PyExc_ValueError, "a maunz. bed mask has bits beyond square 35");
            return 0;
        }
    }
    for (int i = 0; i < 4; i++) {
        p[i] = PyLong_AsLong(PyTuple_GET_ITEM(o, 4 + i));
        if (p[i] == -1 && PyErr_Occurred()) return 0;
        if (p[i] < 0 || p[i] > 15) {
            PyErr_SetString(PyExc_ValueError, "a maunz. pool count lies outside 0-15");
            return 0;
        }
    }
    s->mk = m[0]; s->mc = m[1]; s->tk = m[2]; s->tc = m[3];
    s->mkp = (int)p[0]; s->mcp = (int)p[1]; s->tkp = (int)p[2]; s->tcp = (int)p[3];
    return 1;
}

/* The 8 fields into items[0..7] of a fresh tuple (of any tuple type). */
static int fill_state(PyObject *t, const St *s) {
    PyObject *v[8] = {PyLong_FromUnsignedLongLong(s->mk), PyLong_FromUnsignedLongLong(s->mc),
                      PyLong_FromUnsignedLongLong(s->tk), PyLong_FromUnsignedLongLong(s->tc),
                      PyLong_FromLong(s->mkp), PyLong_FromLong(s->mcp), PyLong_FromLong(s->tkp),
                      PyLong_FromLong(s->tcp)};
    int ok = 1;
    for (int i = 0; i < 8; i++) {
        if (!v[i]) ok = 0;
        PyTuple_SET_ITEM(t, i, v[i]);
    }
    return ok;
}

static PyObject *state_tuple(const St *s) {
    PyObject *t = PyTuple_New(8);
    if (!t) return NULL;
    if (!fill_state(t, s)) { Py_DECREF(t); return NULL; }
    return t;
}

static int get_variant(int v) {
    if (v < 0 || v > 2) {
        PyErr_Format(PyExc_ValueError, "no maunz. rules variant %d (0 standard, 1 opponent-cats-win, 2 kids)", v);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ the kernel's verbs */
static PyObject *py_boop(PyObject *self, PyObject *args) {
    PyObject *o; int cat, sq; St s;
    if (!PyArg_ParseTuple(args, "Opi", &o, &cat, &sq) || !get_state(o, &s)) return NULL;
    if (sq < 0 || sq >= SQUARES || ((s.mk | s.mc | s.tk | s.tc) >> sq & 1)) {
        PyErr_Format(PyExc_ValueError, "square %d is not an empty square of the bed", sq);
        return NULL;
    }
    St a = boop(&s, cat ? CAT_BIT : 0, sq);
    return state_tuple(&a);
}

static PyObject *options_list(const uint64_t *opts, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(opts[i]);
        if (!x) { Py_DECREF(l); return NULL; }
        PyList_SET_ITEM(l, i, x);
    }
    return l;
}

static PyObject *py_settle(PyObject *self, PyObject *args) {
    PyObject *o; int variant = STANDARD, n; St a; uint64_t opts[MAX_OPTS];
    if (!PyArg_ParseTuple(args, "O|i", &o, &variant) || !get_variant(variant) || !get_state(o, &a)) return NULL;
    int r = settle(&a, variant, opts, &n);
    if (r) return PyLong_FromLong(r);
    return options_list(opts, n);
}

static PyObject *py_take(PyObject *self, PyObject *args) {
    PyObject *o; unsigned long long choice; int variant = STANDARD; St a;
    if (!PyArg_ParseTuple(args, "OK|i", &o, &choice, &variant) || !get_variant(variant) || !get_state(o, &a))
        return NULL;
    St c = take(&a, choice, variant);
    return state_tuple(&c);
}

/* engine.successors: [(Move, Position)] built straight into the engine's tuple types. */
static PyObject *new_tuple_of(PyTypeObject *type, Py_ssize_t n) {
    return type->tp_alloc(type, n);
}

static PyObject *make_position(PyTypeObject *ptype, const St *c, int nxt, int winner) {
    PyObject *p = new_tuple_of(ptype, 10);
    if (!p) return NULL;
    PyObject *t = PyLong_FromLong(nxt), *w = PyLong_FromLong(winner);
    PyTuple_SET_ITEM(p, 8, t);
    PyTuple_SET_ITEM(p, 9, w);
    if (!t || !w || !fill_state(p, c)) { Py_DECREF(p); return NULL; }
    return p;
}

static PyObject *make_move(PyTypeObject *mtype, int cat, int sq, uint64_t choice) {
    PyObject *m = new_tuple_of(mtype, 3);
    if (!m) return NULL;
    PyObject *kind = cat ? KIND_C : KIND_K, *q = PyLong_FromLong(sq), *ch = PyLong_FromUnsignedLongLong(choice);
    Py_INCREF(kind);
    PyTuple_SET_ITEM(m, 0, kind);
    PyTuple_SET_ITEM(m, 1, q);
    PyTuple_SET_ITEM(m, 2, ch);
    if (!q || !ch) { Py_DECREF(m); return NULL; }
    return m;
}

static int append_pair(PyObject *out, PyObject *a, PyObject *b) {
    if (!a || !b) { Py_XDECREF(a); Py_XDECREF(b); return 0; }
    PyObject *pair = PyTuple_Pack(2, a, b);
    Py_DECREF(a);
    Py_DECREF(b);
    if (!pair) return 0;
    int rc = PyList_Append(out, pair);
    Py_DECREF(pair);
    return rc == 0;
}

static int tuple_type(PyObject *t, const char *what) {
    if (!PyType_Check(t) || !PyType_IsSubtype((PyTypeObject *)t, &PyTuple_Type)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple type", what);
        return 0;
    }
    return 1;
}

static PyObject *py_successors(PyObject *self, PyObject *args) {
    PyObject *o, *pt, *mt; int variant; St s;
    if (!PyArg_ParseTuple(args, "OiOO", &o, &variant, &pt, &mt) || !get_variant(variant) || !get_state(o, &s)
        || !tuple_type(pt, "Position") || !tuple_type(mt, "Move"))
        return NULL;
    if (PyTuple_GET_SIZE(o) < 10) {
        PyErr_SetString(PyExc_TypeError, "successors needs a whole Position (10 fields)");
        return NULL;
    }
    long turn = PyLong_AsLong(PyTuple_GET_ITEM(o, 8));
    if (turn == -1 && PyErr_Occurred()) return NULL;
    int nxt = (int)turn ^ 1;
    PyTypeObject *ptype = (PyTypeObject *)pt, *mtype = (PyTypeObject *)mt;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    uint64_t opts[MAX_OPTS];
    int codes[72], np = placements(&s, codes);
    for (int p = 0; p < np; p++) {
        int n, sq = codes[p] & 63, kind = codes[p] & CAT_BIT;
        St a = boop(&s, kind, sq);
        int r = settle(&a, variant, opts, &n);
        if (r || !n) {
            St c = hand_over(&a);
            int winner = r > 0 ? (int)turn : (r < 0 ? nxt : -1);
            if (!append_pair(out, make_move(mtype, kind, sq, 0), make_position(ptype, &c, nxt, winner)))
                goto fail;
        } else {
            for (int i = 0; i < n; i++) {
                St c = take(&a, opts[i], variant);
                if (!append_pair(out, make_move(mtype, kind, sq, opts[i]), make_position(ptype, &c, nxt, -1)))
                    goto fail;
            }
        }
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* movegen.expand: (winning code, []) or (-1, [(code, child or None)]). */
static PyObject *py_expand(PyObject *self, PyObject *args) {
    PyObject *o; int variant = STANDARD; St s;
    if (!PyArg_ParseTuple(args, "O|i", &o, &variant) || !get_variant(variant) || !get_state(o, &s)) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    uint64_t opts[MAX_OPTS];
    int codes[72], np = placements(&s, codes);
    for (int p = 0; p < np; p++) {
        int n, code = codes[p];
        St a = boop(&s, code & CAT_BIT, code & 63);
        int r = settle(&a, variant, opts, &n);
        if (r > 0) {
            Py_DECREF(out);
            return Py_BuildValue("(i[])", code);
        }
        if (r < 0) {
            Py_INCREF(Py_None);
            if (!append_pair(out, PyLong_FromLong(code), Py_None)) goto fail;
        } else if (n) {
            for (int i = 0; i < n; i++) {
                St c = take(&a, opts[i], variant);
                if (!append_pair(out, PyLong_FromLongLong(code | (long long)opts[i] << 7), state_tuple(&c)))
                    goto fail;
            }
        } else {
            St c = hand_over(&a);
            if (!append_pair(out, PyLong_FromLong(code), state_tuple(&c))) goto fail;
        }
    }
    return Py_BuildValue("(iN)", -1, out);
fail:
    Py_DECREF(out);
    return NULL;
}

static PyObject *py_placements(PyObject *self, PyObject *args) {
    PyObject *o; St s;
    if (!PyArg_ParseTuple(args, "O", &o) || !get_state(o, &s)) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int codes[72], np = placements(&s, codes);
    for (int p = 0; p < np; p++) {
        PyObject *x = PyLong_FromLong(codes[p]);
        if (!x || PyList_Append(out, x)) { Py_XDECREF(x); Py_DECREF(out); return NULL; }
        Py_DECREF(x);
    }
    return out;
}

/* movegen.play: 1, -1, or [(code, child)]. */
static PyObject *py_play(PyObject *self, PyObject *args) {
    PyObject *o; int pcode, variant = STANDARD, n; St s; uint64_t opts[MAX_OPTS];
    if (!PyArg_ParseTuple(args, "Oi|i", &o, &pcode, &variant) || !get_variant(variant) || !get_state(o, &s))
        return NULL;
    int sq = pcode & 63;
    if (sq >= SQUARES || ((s.mk | s.mc | s.tk | s.tc) >> sq & 1)) {
        PyErr_Format(PyExc_ValueError, "placement code %d is not on an empty square", pcode);
        return NULL;
    }
    St a = boop(&s, pcode & CAT_BIT, sq);
    int r = settle(&a, variant, opts, &n);
    if (r) return PyLong_FromLong(r);
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    if (!n) {
        St c = hand_over(&a);
        if (!append_pair(out, PyLong_FromLong(pcode), state_tuple(&c))) goto fail;
    }
    for (int i = 0; i < n; i++) {
        St c = take(&a, opts[i], variant);
        if (!append_pair(out, PyLong_FromLongLong(pcode | (long long)opts[i] << 7), state_tuple(&c))) goto fail;
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static uint64_t perft(const St *s, int depth, int variant) {
    uint64_t total = 0, opts[MAX_OPTS];
    int codes[72], np = placements(s, codes);
    for (int p = 0; p < np; p++) {
        int n;
        St a = boop(s, codes[p] & CAT_BIT, codes[p] & 63);
        int r = settle(&a, variant, opts, &n);
        if (r) {
            total += depth == 1; /* a won position has no moves below it */
        } else if (depth == 1) {
            total += n ? (uint64_t)n : 1;
        } else if (n) {
            for (int i = 0; i < n; i++) {
                St c = take(&a, opts[i], variant);
                total += perft(&c, depth - 1, variant);
            }
        } else {
            St c = hand_over(&a);
            total += perft(&c, depth - 1, variant);
        }
    }
    return total;
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *o; int depth, variant = STANDARD; St s;
    if (!PyArg_ParseTuple(args, "Oi|i", &o, &depth, &variant) || !get_variant(variant) || !get_state(o, &s))
        return NULL;
    if (depth < 1) {
        PyErr_SetString(PyExc_ValueError, "perft depth must be at least 1");
        return NULL;
    }
    uint64_t n;
    Py_BEGIN_ALLOW_THREADS
    n = perft(&s, depth, variant);
    Py_END_ALLOW_THREADS
    return PyLong_FromUnsignedLongLong(n);
}

/* playout.random_game, n times from one state, drawing from CPython's Mersenne Twister whose
 * state (Random.getstate()[1]) is given and returned. */
static PyObject *py_random_games(PyObject *self, PyObject *args) {
    PyObject *o, *mts; int turn0, games, variant = STANDARD; St s0;
    if (!PyArg_ParseTuple(args, "OiO!i|i", &o, &turn0, &PyTuple_Type, &mts, &games, &variant)
        || !get_variant(variant) || !get_state(o, &s0))
        return NULL;
    if (PyTuple_GET_SIZE(mts) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "the generator state must be Random.getstate()[1] (625 ints)");
        return NULL;
    }
    MT rng;
    for (int i = 0; i <= MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(mts, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) return NULL;
        if (i < MT_N) rng.mt[i] = (uint32_t)v;
        else rng.index = (int)v;
    }
    int *winners = PyMem_Malloc(sizeof(int) * 2 * (size_t)(games > 0 ? games : 1));
    if (!winners) return PyErr_NoMemory();
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (int g = 0; g < games && !failed; g++) {
        St s = s0;
        int turn = turn0, ply;
        uint64_t opts[MAX_OPTS];
        for (ply = 1; ply < 10000; ply++) {
            uint64_t occ = s.mk | s.mc | s.tk | s.tc;
            int sq;
            do sq = (int)(mt_random(&rng) * 36); while (occ >> sq & 1);
            int cat = s.mcp && (!s.mkp || mt_random(&rng) < 0.5);
            St a = boop(&s, cat ? CAT_BIT : 0, sq);
            int n, r = settle(&a, variant, opts, &n);
            if (r) {
                winners[2 * g] = r > 0 ? turn : turn ^ 1;
                winners[2 * g + 1] = ply;
                break;
            }
            s = n ? take(&a, opts[(int)(mt_random(&rng) * n)], variant) : hand_over(&a);
            turn ^= 1;
        }
        if (ply >= 10000) failed = 1;
    }
    Py_END_ALLOW_THREADS
    if (failed) {
        PyMem_Free(winners);
        PyErr_SetString(PyExc_RuntimeError, "random game did not end");
        return NULL;
    }
    PyObject *res = PyList_New(games), *st = PyTuple_New(MT_N + 1);
    if (!res || !st) goto fail;
    for (int g = 0; g < games; g++) {
        PyObject *x = Py_BuildValue("(ii)", winners[2 * g], winners[2 * g + 1]);
        if (!x) goto fail;
        PyList_SET_ITEM(res, g, x);
    }
    for (int i = 0; i <= MT_N; i++) {
        PyObject *x = PyLong_FromUnsignedLong(i < MT_N ? rng.mt[i] : (unsigned long)rng.index);
        if (!x) goto fail;
        PyTuple_SET_ITEM(st, i, x);
    }
    PyMem_Free(winners);
    return Py_BuildValue("(NN)", res, st);
fail:
    PyMem_Free(winners);
    Py_XDECREF(res);
    Py_XDECREF(st);
    return NULL;
}

static PyObject *py_winning_squares(PyObject *self, PyObject *args) {
    PyObject *o; int variant = STANDARD, first_only = 0; St s;
    if (!PyArg_ParseTuple(args, "O|ip", &o, &variant, &first_only) || !get_variant(variant) || !get_state(o, &s))
        return NULL;
    return PyLong_FromLong(winning_squares(&s, variant, first_only));
}

/* ------------------------------------------------------------------ the puzzle solver (solve.h) */
static int get_horizon(int n, long long budget) {
    if (n < 1 || n > 8 || budget < 0) {
        PyErr_Format(PyExc_ValueError, "a proof needs a horizon of 1-8 turns and a budget >= 0 (got %d, %lld)",
                     n, budget);
        return 0;
    }
    if (!sv_begin(budget)) {
        PyErr_NoMemory();
        return 0;
    }
    return 1;
}

static PyObject *py_solve_win(PyObject *self, PyObject *args) {
    PyObject *o; int n, variant = STANDARD; long long budget = 0; St s;
    if (!PyArg_ParseTuple(args, "Oi|iL", &o, &n, &variant, &budget) || !get_variant(variant) || !get_state(o, &s)
        || !get_horizon(n, budget))
        return NULL;
    int w;
    Py_BEGIN_ALLOW_THREADS
    w = sv_win(&s, n, variant);
    sv_end();
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(iL)", w, sv_nodes);
}

static PyObject *py_solve_root(PyObject *self, PyObject *args) {
    PyObject *o; int n, variant = STANDARD; long long budget = 0; St s;
    if (!PyArg_ParseTuple(args, "Oi|iL", &o, &n, &variant, &budget) || !get_variant(variant) || !get_state(o, &s)
        || !get_horizon(n, budget))
        return NULL;
    long long (*rows)[3] = malloc(sizeof(long long[3]) * 72 * MAX_OPTS);
    if (!rows) {
        sv_end();
        return PyErr_NoMemory();
    }
    int count;
    Py_BEGIN_ALLOW_THREADS
    count = sv_root(&s, n, variant, rows);
    sv_end();
    Py_END_ALLOW_THREADS
    PyObject *out = Py_None;
    if (count >= 0) {
        out = PyList_New(count);
        for (int i = 0; out && i < count; i++) {
            PyObject *row = Py_BuildValue("(LiL)", rows[i][0], (int)rows[i][1], rows[i][2]);
            if (!row) { Py_CLEAR(out); break; }
            PyList_SET_ITEM(out, i, row);
        }
    } else {
        Py_INCREF(out);
    }
    free(rows);
    if (!out) return NULL;
    return Py_BuildValue("(NL)", out, sv_nodes);
}

static int get_weights(PyObject *w, double *out) {
    PyObject *seq = PySequence_Fast(w, "the weights must be a sequence of numbers");
    if (!seq) return 0;
    if (PySequence_Fast_GET_SIZE(seq) != NFEAT) {
        PyErr_Format(PyExc_ValueError, "the evaluation takes %d weights, got %zd", NFEAT, PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return 0;
    }
    for (int i = 0; i < NFEAT; i++) {
        out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1.0 && PyErr_Occurred()) { Py_DECREF(seq); return 0; }
    }
    Py_DECREF(seq);
    return 1;
}

static PyObject *py_features(PyObject *self, PyObject *args) {
    PyObject *o; int variant = STANDARD, f[NFEAT]; St s;
    if (!PyArg_ParseTuple(args, "O|i", &o, &variant) || !get_variant(variant) || !get_state(o, &s)) return NULL;
    features(&s, variant, f);
    PyObject *t = PyTuple_New(NFEAT);
    if (!t) return NULL;
    for (int i = 0; i < NFEAT; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(f[i]));
    return t;
}

static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    PyObject *o, *w; int variant; St s; double wt[NFEAT];
    if (!PyArg_ParseTuple(args, "OiO", &o, &variant, &w) || !get_variant(variant) || !get_state(o, &s)
        || !get_weights(w, wt))
        return NULL;
    return PyFloat_FromDouble(evaluate_linear(&s, variant, wt));
}

static PyObject *py_simple_evaluate(PyObject *self, PyObject *args) {
    PyObject *o; St s;
    if (!PyArg_ParseTuple(args, "O", &o) || !get_state(o, &s)) return NULL;
    return PyLong_FromLong((long)evaluate_simple(&s));
}

#include "search_type.h"

static PyMethodDef methods[] = {
    {"boop", py_boop, METH_VARARGS, "boop(state, cat, square) -> state after the pushes"},
    {"settle", py_settle, METH_VARARGS, "settle(after, variant=0) -> 1, -1 or the step-4 options"},
    {"take", py_take, METH_VARARGS, "take(after, choice, variant=0) -> next state"},
    {"successors", py_successors, METH_VARARGS, "successors(position, variant, Position, Move) -> [(move, position)]"},
    {"expand", py_expand, METH_VARARGS, "expand(state, variant=0) -> (win code, []) or (-1, [(code, child)])"},
    {"placements", py_placements, METH_VARARGS, "placements(state) -> placement codes"},
    {"play", py_play, METH_VARARGS, "play(state, pcode, variant=0) -> 1, -1 or [(code, child)]"},
    {"perft", py_perft, METH_VARARGS, "perft(state, depth, variant=0) -> leaf count (state not won)"},
    {"random_games", py_random_games, METH_VARARGS,
     "random_games(state, turn, mt_state, n, variant=0) -> ([(winner, plies)], mt_state)"},
    {"winning_squares", py_winning_squares, METH_VARARGS, "winning_squares(state, variant=0, first_only=False)"},
    {"solve_win", py_solve_win, METH_VARARGS,
     "solve_win(state, n, variant=0, budget=0) -> (1 wins within n turns / 0 not / -1 budget out, nodes)"},
    {"solve_root", py_solve_root, METH_VARARGS,
     "solve_root(state, n, variant=0, budget=0) -> ([(code, verdict, refuting reply)] or None, nodes)"},
    {"features", py_features, METH_VARARGS, "features(state, variant=0) -> the evaluation's features"},
    {"evaluate", py_evaluate, METH_VARARGS, "evaluate(state, variant, weights) -> score"},
    {"simple_evaluate", py_simple_evaluate, METH_VARARGS, "simple_evaluate(state) -> score"},
    {NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_native",
                                       "The compiled maunz. kernel (see companion/games/native.py).", -1,
                                       methods};

PyMODINIT_FUNC PyInit__native(void) {
    rules_init();
    search_init();
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    KIND_K = PyUnicode_InternFromString("k");
    KIND_C = PyUnicode_InternFromString("c");
    Py_INCREF(&SearchType);
    if (!KIND_K || !KIND_C || PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
