/* The Search type: search.h's inner loop as a Python object holding its table, history and
 * killers (companion/ai/search.py's Searcher drives it). Included by module.c only. */
#ifndef MAUNZ_SEARCH_TYPE_H
#define MAUNZ_SEARCH_TYPE_H

typedef struct {
    PyObject_HEAD
    Core core;
} SearchObject;

static int Search_init(SearchObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"variant", "weights", "tt_entries", "leaf_check", "lmr", NULL};
    int variant = STANDARD, leaf_check = 1, lmr = 0;
    long entries = 150000;
    PyObject *w = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|iOlpp", names, &variant, &w, &entries, &leaf_check, &lmr)
        || !get_variant(variant))
        return -1;
    if (entries < 1) {
        PyErr_SetString(PyExc_ValueError, "tt_entries must be at least 1");
        return -1;
    }
    Core *c = &self->core;
    tt_unmap(c);
    memset(c, 0, sizeof(Core));
    c->variant = variant;
    c->leaf_check = leaf_check;
    c->lmr = lmr;
    c->eval_kind = w == Py_None ? EVAL_SIMPLE : EVAL_LINEAR;
    if (w != Py_None && !get_weights(w, c->w)) return -1;
    size_t cap = 16;
    while (cap < (size_t)entries + (size_t)entries / 3 + 1) cap <<= 1; /* at most 3/4 full */
    c->tt = tt_map(cap);
    if (!c->tt) { PyErr_NoMemory(); return -1; }
    c->mask = cap - 1;
    c->max_entries = entries;
    c->deadline = INFINITY;
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    tt_unmap(&self->core);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Search_negamax(SearchObject *self, PyObject *args) {
    PyObject *o; int depth, ply; double alpha, beta; St s;
    if (!PyArg_ParseTuple(args, "Oiddi", &o, &depth, &alpha, &beta, &ply) || !get_state(o, &s)) return NULL;
    if (!self->core.tt) {
        PyErr_SetString(PyExc_RuntimeError, "Search was not initialised");
        return NULL;
    }
    Core *c = &self->core;
    c->timed_out = 0;
    c->has_deadline = isfinite(c->deadline);
    double score;
    Py_BEGIN_ALLOW_THREADS
    score = negamax(c, &s, depth, alpha, beta, ply);
    Py_END_ALLOW_THREADS
    if (c->timed_out) Py_RETURN_NONE;
    return PyFloat_FromDouble(score);
}

static PyObject *Search_clear_tt(SearchObject *self, PyObject *unused) {
    if (self->core.tt && !tt_clear(&self->core)) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *Search_get_nodes(SearchObject *self, void *x) { return PyLong_FromLongLong(self->core.nodes); }
static int Search_set_nodes(SearchObject *self, PyObject *v, void *x) {
    long long n = v ? PyLong_AsLongLong(v) : -1;
    if (n == -1 && (!v || PyErr_Occurred())) { if (!v) PyErr_SetString(PyExc_TypeError, "nodes cannot be deleted"); return -1; }
    self->core.nodes = n;
    return 0;
}
static PyObject *Search_get_deadline(SearchObject *self, void *x) { return PyFloat_FromDouble(self->core.deadline); }
static int Search_set_deadline(SearchObject *self, PyObject *v, void *x) {
    double d = v ? PyFloat_AsDouble(v) : -1.0;
    if (!v) { PyErr_SetString(PyExc_TypeError, "deadline cannot be deleted"); return -1; }
    if (d == -1.0 && PyErr_Occurred()) return -1;
    self->core.deadline = d;
    return 0;
}
static PyObject *Search_get_node_limit(SearchObject *self, void *x) { return PyLong_FromLongLong(self->core.node_limit); }
static int Search_set_node_limit(SearchObject *self, PyObject *v, void *x) {
    long long n = v ? PyLong_AsLongLong(v) : -1;
    if (n == -1 && (!v || PyErr_Occurred())) { if (!v) PyErr_SetString(PyExc_TypeError, "node_limit cannot be deleted"); return -1; }
    if (n < 0) { PyErr_SetString(PyExc_ValueError, "node_limit must be >= 0 (0: none)"); return -1; }
    self->core.node_limit = n;
    return 0;
}
static PyObject *Search_get_tt_len(SearchObject *self, void *x) { return PyLong_FromLong(self->core.count); }
static PyObject *Search_get_tt_peak(SearchObject *self, void *x) { return PyLong_FromLong(self->core.peak); }
static PyObject *Search_get_tt_bytes(SearchObject *self, void *x) {
    return PyLong_FromSize_t((self->core.mask + 1) * sizeof(TTE));
}

static PyMethodDef Search_methods[] = {
    {"negamax", (PyCFunction)Search_negamax, METH_VARARGS,
     "negamax(state, depth, alpha, beta, ply) -> score, or None when the deadline passed or the node limit was reached"},
    {"clear_tt", (PyCFunction)Search_clear_tt, METH_NOARGS, "empty the transposition table"},
    {NULL}};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, (setter)Search_set_nodes, "nodes searched", NULL},
    {"deadline", (getter)Search_get_deadline, (setter)Search_set_deadline, "time.perf_counter() deadline", NULL},
    {"node_limit", (getter)Search_get_node_limit, (setter)Search_set_node_limit,
     "stop (as at the deadline) once more nodes than this are searched; 0: no limit", NULL},
    {"tt_len", (getter)Search_get_tt_len, NULL, "entries in the transposition table", NULL},
    {"tt_peak", (getter)Search_get_tt_peak, NULL, "most entries the table held", NULL},
    {"tt_bytes", (getter)Search_get_tt_bytes, NULL, "bytes of the table's array", NULL},
    {NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "companion.games.maunz.csrc._native.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(variant=0, weights=None, tt_entries=150000, leaf_check=True, lmr=False): the search's inner"
              " loop; weights None means the simple material-and-centre evaluation",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

#endif
