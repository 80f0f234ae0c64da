"""The hall-effect bed's calibration walk: one kitten and one cat set on the centre of each square
in turn; each square's field with each is measured and its thresholds set from the weaker one
(firmware_bridge/firmware/hall.py: HallSquares.calibrate), a reversed or weak magnet flagged.

`HallWalk` is the walk's logic, fed with readings (counts minus the zero, per square): no I/O.
`run_walk` drives it on the devices: the square to fill lights (blue: a kitten, amber: a cat,
green: lift it), the OLED and the terminal say the same; OK skips a square, BACK ends the walk.
`companion calibrate` (companion/service/calibrate_cli.py) stores the result per board.
"""
from __future__ import annotations

import time

from firmware_bridge.firmware.hall import COUNTS_PER_MT, HallSquares
from hardware.interfaces import SQUARES, Effect, LedCell, LedFrame, parse_square, square_name

SEEN_MT = 3.0       # a piece is on the asked square above this field (its neighbours give < 2.5)
STEADY_MT = 1.0     # three readings in a row within this: the piece is still, take the field
LIFTED_MT = 2.0     # the square is empty again below this
KIND_WORD = {"k": "kitten", "c": "cat"}
COLOUR = {"k": (0, 60, 220), "c": (230, 110, 0), "lift": (0, 180, 0)}


class HallWalk:
    def __init__(self, squares=range(SQUARES), register: int = 149, clear: int = 74,
                 cpm: float = COUNTS_PER_MT) -> None:
        self.steps = [(sq, kind) for sq in squares for kind in ("k", "c")]
        self.i = 0
        self.lifting = False
        self.cpm = cpm
        self.default = (register, clear)
        self.recent: list[float] = []
        self.measured: dict[tuple[int, str], float] = {}   # (square, kind) -> counts from zero
        self.skipped: list[int] = []
        self.elsewhere: int | None = None   # a piece seen on another square than the lit one

    @property
    def done(self) -> bool:
        return self.i >= len(self.steps)

    def asked(self) -> tuple[int, str]:
        """(square, "k" / "c" / "lift") the walk waits for."""
        sq, kind = self.steps[self.i]
        return sq, "lift" if self.lifting else kind

    def prompt(self) -> str:
        sq, what = self.asked()
        name = square_name(sq)
        if what == "lift":
            return f"{name}: lift it"
        if self.elsewhere is not None:
            return f"that is {square_name(self.elsewhere)}: put the {KIND_WORD[what]} on {name}"
        return f"{name}: put a {KIND_WORD[what]} on its centre"

    def feed(self, rel: list[float]) -> str | None:
        """One reading of the whole bed; "measured" or "next" when the walk moved on."""
        sq, what = self.asked()
        v = rel[sq]
        if self.lifting:
            if abs(v) < LIFTED_MT * self.cpm:
                self.lifting = False
                self.i += 1
                return "next"
            return None
        others = [s for s in range(SQUARES) if s != sq and abs(rel[s]) >= self.default[0]]
        self.elsewhere = others[0] if others else None
        if abs(v) < SEEN_MT * self.cpm:
            self.recent.clear()
            return None
        self.recent = (self.recent + [v])[-3:]
        if len(self.recent) == 3 and max(self.recent) - min(self.recent) <= STEADY_MT * self.cpm:
            self.measured[(sq, what)] = sum(self.recent) / 3
            self.recent.clear()
            self.lifting = True
            return "measured"
        return None

    def skip(self) -> None:
        """OK: this square keeps the default thresholds (both its steps are passed)."""
        sq, _ = self.steps[self.i]
        self.skipped.append(sq)
        self.recent.clear()
        self.lifting = False
        while not self.done and self.steps[self.i][0] == sq:
            self.i += 1

    def result(self, zero: list[int]) -> tuple[dict, list[str]]:
        """The calibration to store (zero, register, clear, fields in mT) and the findings."""
        reg, clr = self.default
        hs = HallSquares(SQUARES, reg, clr)
        hs.zero = list(zero)
        kitten_mt: list[float | None] = [None] * SQUARES
        cat_mt: list[float | None] = [None] * SQUARES
        flags: dict[str, str] = {}
        for sq in sorted({s for s, _ in self.steps}):
            k, c = self.measured.get((sq, "k")), self.measured.get((sq, "c"))
            if k is None or c is None:
                continue
            kitten_mt[sq], cat_mt[sq] = round(k / self.cpm, 1), round(c / self.cpm, 1)
            why = hs.calibrate(sq, zero[sq] + k, zero[sq] + c, reg)
            if why is not None:
                flags[square_name(sq)] = why
        cal = {"zero": [int(round(z)) for z in zero], "register": hs.register, "clear": hs.clear,
               "kitten_mt": kitten_mt, "cat_mt": cat_mt, "flags": flags,
               "made": time.strftime("%Y-%m-%d %H:%M:%S")}
        lines = []
        for name, why in flags.items():
            sq = parse_square(name)
            if why == "reversed":
                lines.append(f"{name}: REVERSED: the kitten read south ({kitten_mt[sq]:+.1f} mT), the cat "
                             f"north ({cat_mt[sq]:+.1f} mT): turn those pieces' magnets over "
                             "(kittens north down, cats south down); the square keeps its defaults")
            else:
                lines.append(f"{name}: WEAK: kitten {kitten_mt[sq]:+.1f} mT, cat {cat_mt[sq]:+.1f} mT, "
                             f"under {reg / self.cpm:.0f} mT: a thinner quilt or a stronger magnet; "
                             "the square keeps its defaults")
        if self.skipped:
            lines.append("skipped (defaults kept): " + ", ".join(square_name(s) for s in self.skipped))
        done = [s for s in range(SQUARES) if kitten_mt[s] is not None]
        if done:
            weakest = min(min(kitten_mt[s], -cat_mt[s]) for s in done)
            lines.insert(0, f"{len(done)} squares measured; the weakest field {weakest:.1f} mT")
        return cal, lines


def _show(devices, walk: HallWalk, line: str) -> None:
    from hardware.selftest import screen

    sq, what = walk.asked()
    devices.leds.show(LedFrame.from_dict({sq: LedCell(COLOUR[what], Effect.PULSE)}))
    devices.display.show(screen(square_name(sq), line[len(square_name(sq)) + 2:]
                                if line.startswith(square_name(sq) + ":") else line))


def run_walk(devices, walk: HallWalk, out=print, period: float = 0.03,
             timeout: float | None = None) -> list[int] | None:
    """Drive the walk on the devices (reed = the hall bed on the bridge). Returns the zero the
    Pico uses, or None if BACK ended it."""
    hall = devices.reed.link.hall
    start = time.monotonic()
    shown = None
    zero: list[int] = []
    while not walk.done:
        if timeout is not None and time.monotonic() - start > timeout:
            raise TimeoutError(f"calibration walk: nothing happened for {timeout} s at "
                               f"{square_name(walk.asked()[0])}")
        for b in devices.buttons.poll():
            if b.name == "back":
                out("walk ended with BACK: nothing stored")
                return None
            if b.name == "ok":
                out(f"{square_name(walk.asked()[0])}: skipped, defaults kept")
                walk.skip()
        if walk.done:
            break
        counts, zero = hall.raw()
        event = walk.feed([c - z for c, z in zip(counts, zero)])
        if event == "measured":
            sq, _ = walk.asked()
            kind = walk.steps[walk.i][1]
            out(f"{square_name(sq)}: {KIND_WORD[kind]} {walk.measured[(sq, kind)] / walk.cpm:+.1f} mT")
        if event is not None:
            start = time.monotonic()
        line = walk.prompt() if not walk.done else ""
        if line and line != shown:
            shown = line
            out(line)
            _show(devices, walk, line)
        time.sleep(period)
    return zero
