"""The GPIO reed matrix scanned through gpiozero itself, on MockFactory pins whose column
inputs follow an electrical model of the diode matrix; the debouncer; the MCP23017 backend at
register level on a fake SMBus."""
from __future__ import annotations

import errno

import pytest
from gpiozero.pins.mock import MockFactory, MockPin
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import Debouncer
from hardware.interfaces import HardwareError
from hardware.reed import GpioReedGrid, Mcp23017ReedGrid
from wiring.pins import load_pins

PINS = load_pins()
ROWS, COLS = PINS.reed_rows, PINS.reed_cols


class Matrix:
    """Switches at (row, col); with diodes (anode at the column, cathode at the row) current
    only flows column -> row. Without diodes every closed switch is a plain wire."""

    def __init__(self, factory, diodes: bool = True) -> None:
        self.closed: set[tuple[int, int]] = set()
        self.diodes = diodes
        self.cols: list[ColumnPin] = []
        self.rows = [factory.pin(f"GPIO{p}", pin_class=RowPin, matrix=self) for p in ROWS]
        self.cols = [factory.pin(f"GPIO{p}", pin_class=ColumnPin, matrix=self, col=c)
                     for c, p in enumerate(COLS)]

    def close_squares(self, squares) -> None:
        self.closed = {divmod(sq, 6) for sq in squares}
        self.settle()

    def settle(self) -> None:
        """The column lines follow the switches and the driven rows: a line that changes level
        gives its edge (gpiozero's callbacks, as the pin library would call them)."""
        for col in self.cols:
            if col.function == "input" and col.pull == "up":
                col.drive_low() if self.pulled_low(col.col) else col.drive_high()

    def pulled_low(self, col: int) -> bool:
        low_rows = {r for r, pin in enumerate(self.rows)
                    if pin.function == "output" and not pin.state}
        if self.diodes:
            return any((r, col) in self.closed for r in low_rows)
        # no diodes: the column is low if any chain of closed switches joins it to a low row
        seen_cols, seen_rows, frontier = {col}, set(), [("c", col)]
        while frontier:
            kind, i = frontier.pop()
            for r, c in self.closed:
                if kind == "c" and c == i and r not in seen_rows:
                    seen_rows.add(r)
                    frontier.append(("r", r))
                elif kind == "r" and r == i and c not in seen_cols:
                    seen_cols.add(c)
                    frontier.append(("c", c))
        return bool(seen_rows & low_rows)


class RowPin(MockPin):
    def __init__(self, factory, info, matrix=None) -> None:
        self.matrix = matrix
        super().__init__(factory, info)

    def _change_state(self, value):
        changed = super()._change_state(value)
        if changed and self.matrix is not None:
            self.matrix.settle()
        return changed


class ColumnPin(MockPin):
    def __init__(self, factory, info, matrix=None, col=0) -> None:
        self.matrix, self.col = matrix, col
        super().__init__(factory, info)

    def _get_state(self):
        if self._function == "input" and self.matrix is not None:
            if self.matrix.pulled_low(self.col):
                return False
            return self._pull == "up"
        return super()._get_state()


def make(diodes=True, debounce=1):
    factory = MockFactory()
    matrix = Matrix(factory, diodes)
    grid = GpioReedGrid(ROWS, COLS, pin_factory=factory, debounce=debounce)
    return factory, matrix, grid


def test_each_square_maps_to_its_bit():
    _, matrix, grid = make()
    for sq in range(36):
        matrix.close_squares({sq})
        assert grid.scan() == 1 << sq
    matrix.close_squares(set())
    assert grid.scan() == 0
    grid.close()


def test_rows_idle_high_and_columns_pulled_up():
    _, matrix, grid = make()
    assert all(p.function == "output" and p.state == 1 for p in matrix.rows)
    assert all(p.function == "input" and p.pull == "up" for p in matrix.cols)
    matrix.close_squares({0, 35})
    grid.scan()
    # after a scan all rows are driven low together (armed: a column edge means a change)
    assert all(p.state == 0 for p in matrix.rows)
    # each row was selected alone once during the scan: none, row, none, then armed
    assert all([s.state for s in p.states[-4:]] == [True, False, True, False] for p in matrix.rows)
    grid.close()


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 35), min_size=16, max_size=16))
def test_sixteen_pieces_read_back_exactly_with_diodes(squares):
    _, matrix, grid = make()
    matrix.close_squares(squares)
    assert grid.scan() == sum(1 << s for s in squares)
    grid.close()


def test_without_diodes_the_model_ghosts():
    # a1, b1, a2 closed: scanning rank 2 sees b2 through b1 -> a1 -> a2 (the classic ghost)
    _, matrix, grid = make(diodes=False)
    matrix.close_squares({0, 1, 6})
    assert grid.scan() == (1 << 0) | (1 << 1) | (1 << 6) | (1 << 7)
    grid.close()
    _, matrix, grid = make(diodes=True)
    matrix.close_squares({0, 1, 6})
    assert grid.scan() == (1 << 0) | (1 << 1) | (1 << 6)
    grid.close()


def test_poll_debounces_through_the_scanner():
    _, matrix, grid = make(debounce=3)
    matrix.close_squares({14})
    assert [grid.poll() for _ in range(3)] == [0, 0, 1 << 14]
    assert grid.raw() == 1 << 14
    matrix.close_squares(set())
    assert grid.poll() == 1 << 14
    matrix.close_squares({14})  # chatter: back before the count was reached
    assert grid.poll() == 1 << 14
    grid.close()


def test_close_is_idempotent_and_releases_pins():
    factory, _, grid = make()
    grid.close()
    grid.close()
    # the pins are free again: a second grid can claim them
    again = GpioReedGrid(ROWS, COLS, pin_factory=factory)
    again.close()


def test_pin_claimed_twice_names_the_pins():
    factory, _, grid = make()
    with pytest.raises(HardwareError, match=r"reed grid: cannot claim GPIOs rows="):
        GpioReedGrid(ROWS, COLS, pin_factory=factory)
    grid.close()


# --------------------------------------------------------------------------- debouncer
class NaiveDebouncer:
    def __init__(self, n):
        self.n, self.stable, self.runs = n, 0, [0] * 36

    def update(self, raw):
        for i in range(36):
            bit = (raw >> i) & 1
            if bit != (self.stable >> i) & 1:
                self.runs[i] += 1
                if self.runs[i] >= self.n:
                    self.stable ^= 1 << i
                    self.runs[i] = 0
            else:
                self.runs[i] = 0
        return self.stable


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5), st.lists(st.integers(0, (1 << 36) - 1), max_size=40))
def test_debouncer_matches_per_square_definition(n, scans):
    fast, ref = Debouncer(n), NaiveDebouncer(n)
    for raw in scans:
        assert fast.update(raw) == ref.update(raw)


def test_debouncer_needs_n_consecutive_equal_scans():
    d = Debouncer(3)
    assert [d.update(x) for x in (1, 1, 0, 1, 1, 1)] == [0, 0, 0, 0, 0, 1]
    d.reset(0b100)
    assert d.stable == 0b100
    with pytest.raises(ValueError):
        Debouncer(0)


def test_debounce_module_is_micropython_friendly():
    import ast

    import hardware.debounce as mod
    tree = ast.parse(open(mod.__file__).read())
    banned = (ast.Import, ast.ImportFrom, ast.JoinedStr, ast.AnnAssign)
    assert not [n for n in ast.walk(tree) if isinstance(n, banned)]
    funcs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    assert not any(f.decorator_list or f.returns for f in funcs)
    assert not any(a.annotation for f in funcs for a in f.args.args)


# --------------------------------------------------------------------------- MCP23017
class FakeMcpBus:
    """An MCP23017 at register level (IOCON.BANK=0) with the same diode matrix: port A rows,
    port B columns."""

    def __init__(self, address=0x20, closed=()):
        self.address = address
        self.regs = [0] * 0x16
        self.regs[0x00] = self.regs[0x01] = 0xFF  # IODIR power-on: all inputs
        self.closed = set(closed)
        self.log = []
        self.closed_bus = False

    def write_byte_data(self, addr, reg, value):
        if addr != self.address:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.log.append(("w", reg, value))
        self.regs[reg] = value
        if reg == 0x12:
            self.regs[0x14] = value  # writing GPIO writes the latch

    def read_byte_data(self, addr, reg):
        if addr != self.address:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.log.append(("r", reg))
        if reg == 0x13:  # GPIOB: columns, pulled up, low where a driven-low row has a reed
            value = 0xFF if self.regs[0x0D] == 0x3F else 0x00
            for r in range(6):
                row_out = not (self.regs[0x00] >> r) & 1
                if row_out and not (self.regs[0x14] >> r) & 1:
                    for c in range(6):
                        if r * 6 + c in self.closed:
                            value &= ~(1 << c)
            return value
        return self.regs[reg]

    def close(self):
        self.closed_bus = True


def test_mcp23017_configures_registers_and_scans():
    bus = FakeMcpBus(closed={0, 7, 35})
    grid = Mcp23017ReedGrid(1, 0x20, bus=bus, debounce=1)
    # OLATA high before IODIRA makes the rows outputs; IODIRB inputs; GPPUB pull-ups
    assert bus.log[:4] == [("w", 0x14, 0xFF), ("w", 0x00, 0xC0), ("w", 0x01, 0xFF),
                           ("w", 0x0D, 0x3F)]
    assert grid.poll() == (1 << 0) | (1 << 7) | (1 << 35)
    assert bus.regs[0x14] == 0xFF  # rows released after the scan
    grid.close()
    grid.close()
    assert not bus.closed_bus  # a bus passed in belongs to the caller


def test_mcp23017_not_answering_names_bus_and_address():
    with pytest.raises(HardwareError, match=r"MCP23017 reed grid at 0x21 on /dev/i2c-1 is not "
                                            r"answering.*i2cdetect -y 1"):
        Mcp23017ReedGrid(1, 0x21, bus=FakeMcpBus(address=0x20))


def test_mcp23017_missing_i2c_device_names_path(monkeypatch):
    import smbus2

    def missing(n):
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", f"/dev/i2c-{n}")

    monkeypatch.setattr(smbus2, "SMBus", missing)
    with pytest.raises(HardwareError, match=r"/dev/i2c-1 not found; enable I2C"):
        Mcp23017ReedGrid(1, 0x20)

    def denied(n):
        raise PermissionError(errno.EACCES, "Permission denied", f"/dev/i2c-{n}")

    monkeypatch.setattr(smbus2, "SMBus", denied)
    with pytest.raises(HardwareError, match=r"permission denied on /dev/i2c-1.*'i2c' group"):
        Mcp23017ReedGrid(1, 0x20)


def test_unknown_pin_factory_and_missing_lgpio_are_errors():
    from hardware.reed import make_pin_factory
    with pytest.raises(HardwareError, match="unknown gpio pin_factory 'bogus'"):
        make_pin_factory("bogus")
    try:
        import lgpio  # noqa: F401
    except ImportError:
        with pytest.raises(HardwareError, match=r"pin_factory 'lgpio' needs the lgpio library"):
            make_pin_factory("lgpio")


# --------------------------------------------------------------------------- waiting for a change
def armed(debounce=3):
    """A grid scanned once on an empty bed (armed: all rows low), its wake-ups counted."""
    factory, matrix, grid = make(debounce=debounce)
    wakes = []
    grid.set_waker(lambda: wakes.append(grid.scans))
    assert grid.poll() == 0
    return matrix, grid, wakes


def poll_until_quiet(grid, limit=20):
    """The service's loop: poll while the grid asks for its scan rate (an edge or a bed still
    debouncing); the debounced bed then."""
    for _ in range(limit):
        if grid.poll_interval() != 1.0 / grid.scan_hz:
            return grid._debouncer.stable
        grid.poll()
    raise AssertionError("the grid never came back from scanning at scan_hz")


def test_an_empty_still_bed_is_not_scanned():
    matrix, grid, wakes = armed()
    assert all(p.state == 0 for p in matrix.rows)   # armed
    assert grid.poll_interval() is None             # nothing to poll: the loop may sleep
    scans = grid.scans
    for _ in range(1000):                           # steps the loop takes for other reasons
        assert grid.poll() == 0
    assert grid.scans == scans and wakes == []      # 10 s at 100 Hz scanned 1000 times before
    grid.close()


def test_a_piece_put_down_wakes_and_is_reported_after_debounce():
    matrix, grid, wakes = armed(debounce=3)
    scans = grid.scans
    matrix.close_squares({14})                      # c3: its column's line falls
    assert len(wakes) == 1 and grid.poll_interval() == 1.0 / grid.scan_hz
    assert [grid.poll() for _ in range(3)] == [0, 0, 1 << 14]
    assert grid.scans == scans + 3
    # stable, but column c is held: a second piece in it would give no edge -> the slow watch
    assert grid.poll_interval() == 1.0 / grid.watch_hz
    matrix.close_squares(set())                     # lifted: the column's line rises
    assert len(wakes) == 2 and grid.poll_interval() == 1.0 / grid.scan_hz
    assert poll_until_quiet(grid) == 0
    assert grid.poll_interval() is None
    grid.close()


def test_lifting_one_of_two_pieces_in_a_column_is_seen_without_an_edge():
    matrix, grid, wakes = armed(debounce=3)
    matrix.close_squares({0, 6})                    # a1 and a2: both in column a
    assert poll_until_quiet(grid) == (1 << 0) | (1 << 6)
    woken = len(wakes)
    matrix.close_squares({0})                       # a2 lifted: column a stays low (a1)
    assert len(wakes) == woken                      # no edge: the physics the rule is for
    assert grid.poll_interval() == 1.0 / grid.watch_hz  # but the held column is watched
    grid.poll()                                     # the watch's scan sees it ...
    assert grid.poll_interval() == 1.0 / grid.scan_hz   # ... and scans on until debounced
    assert poll_until_quiet(grid) == 1 << 0
    matrix.close_squares({0, 12})                   # a3 put down beside a1: no edge either
    assert len(wakes) == woken
    grid.poll()
    assert poll_until_quiet(grid) == (1 << 0) | (1 << 12)
    grid.close()


def test_own_scan_edges_do_not_wake_and_a_move_during_a_scan_is_not_lost():
    matrix, grid, wakes = armed(debounce=1)
    matrix.close_squares({35})
    assert poll_until_quiet(grid) == 1 << 35
    assert len(wakes) == 1                          # the piece; the scans' own edges never
    # f6 lifted and a1 put down while row 1 was already read: the scan misses a1, the arm sees
    rows = matrix.rows

    rises = []

    def move_after_row_1(value, orig=rows[0]._change_state):
        changed = orig(value)
        if changed and value:
            rises.append(value)
            if len(rises) == 2:                     # 1: leaving armed, 2: after row 1's read
                matrix.closed = {(0, 0)}
        return changed

    rows[0]._change_state = move_after_row_1
    grid.poll()
    rows[0]._change_state = type(rows[0])._change_state.__get__(rows[0])
    assert grid.raw() == 0                          # f6 gone, a1 unseen by this scan
    assert grid.poll_interval() == 1.0 / grid.scan_hz   # the armed columns disagree: scan again
    assert poll_until_quiet(grid) == 1 << 0
    grid.close()
