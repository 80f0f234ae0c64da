"""`companion bench hall`: does the hall-effect bed tell a kitten from a cat?

Placements through the magnetic and electrical model (hardware/hall_model.py) under the worst
realistic spread (`Spread`: pieces up to 5 mm off centre and tilted 5 degrees, the quilt 6-8 mm,
+-5 % magnets, +-8 % sensors, the zero's drift, sensor and ADC noise, the ADC's DNL spikes, all
eight neighbours occupied at random), read by the firmware's classifier
(firmware_bridge/firmware/hall.py) after the guided calibration walk, and — for comparison — with
the default thresholds alone (register 8 mT, clear 4 mT). Each placement is a new piece on a
square of one of several built beds. Misclassified: a kitten read as a cat or as empty, or the
other way round; ambiguous: read in the dead band, so the referee would ask.

Also: the Pico's full-bed scan rate, measured on the real firmware in the emulated RP2040 (as
`companion bench firmware` does; skipped, saying why, where the emulator cannot run), and the
kitten-or-cat questions the reed bed asks per game (self-play: every placement while the
mover has both kinds in the pool).
"""
from __future__ import annotations

import random
import time

from companion.cliargs import OneLineParser


def _beds(n_beds, seed):
    from hardware.hall_model import Bed, FieldTable, Spread

    table = FieldTable()
    rng = random.Random(seed)
    return [Bed(random.Random(rng.random()), Spread(), table) for _ in range(n_beds)]


def _squares(bed, calibrated: bool):
    from firmware_bridge.firmware.hall import HallSquares
    from hardware.hall_model import counts_per_mt

    cpm = counts_per_mt()
    squares = HallSquares(36, register=int(8 * cpm), clear=int(4 * cpm))
    busy = squares.set_zero([bed.read(sq, 0.0) for sq in range(36)], limit=int(2 * cpm))
    assert not busy, busy
    if calibrated:   # the guided walk: one kitten, then one cat, on each square's centre
        for sq in range(36):
            centre = (sq, 0.0, 0.0, 1.0)
            k = bed.read(sq, bed.piece_field(sq, 1, centre))
            c = bed.read(sq, bed.piece_field(sq, -1, centre))
            why = squares.calibrate(sq, k, c, least=int(8 * cpm))
            assert why is None, (sq, why)
    return squares


def classify_placements(n: int, seed: int, calibrated: bool, n_beds: int = 20) -> tuple[int, int]:
    from firmware_bridge.firmware.hall import AMBIGUOUS, EMPTY, NORTH, SOUTH

    rng = random.Random(seed)
    wrong = ambiguous = 0
    beds = _beds(n_beds, seed)
    for b, bed in enumerate(beds):
        squares = _squares(bed, calibrated)
        for _ in range(n // n_beds):
            sq = rng.randrange(36)
            pieces, placed = {}, {}
            for other in range(36):   # the neighbours: empty, a kitten or a cat
                near = abs(other % 6 - sq % 6) <= 1 and abs(other // 6 - sq // 6) <= 1
                if near and other != sq and rng.random() < 0.6:
                    pieces[other] = rng.choice((1, -1))
                    placed[other] = bed.place(other)
            kind = rng.choice((1, -1))
            pieces[sq], placed[sq] = kind, bed.place(sq)
            squares.set_state(sq, EMPTY)                    # a new piece comes down on an empty square
            st = squares.classify(sq, bed.read(sq, bed.field(sq, pieces, placed)))
            if st == AMBIGUOUS:
                ambiguous += 1
            elif st != (NORTH if kind == 1 else SOUTH):
                wrong += 1
    return wrong, ambiguous


def referee_questions(games: int, seed: int, hall: bool) -> float:
    """Kitten-or-cat questions the maunz. referee asks per self-play game, the bed read as reed
    switches (occupancy only) or as the hall-effect bed (kinds too): the real table, fed the beds
    a person's hands make (companion.tables.maunz.script), the question answered when asked."""
    from companion import tables
    from companion.games import get
    from companion.tables.maunz.script import needs_ok, occupancies

    game, rng, asked = get("maunz"), random.Random(seed), 0
    for _ in range(games):
        t, pos, now = tables.make(game, language="en"), game.initial_position(), 0.0
        south = 0

        def show(mask):
            nonlocal now
            t.on_scan(mask, now)
            if hall:
                t.on_kinds(south & mask, 0, now)
            now += 0.4
            t.tick(now)

        show(0)
        while game.outcome(pos) is None:
            move = rng.choice(game.legal_moves(pos))
            after = game.apply(pos, move)
            for i, occ in enumerate(occupancies(game, pos, move)):
                if i == 0 and move.kind == "c":
                    south |= 1 << move.square
                show(occ)
                if t.phase == "ask_kind":
                    asked += 1
                    t.on_button("ok" if move.kind == "k" else "cat", "press", now)
                    show(occ)
            if needs_ok(game, pos, move):
                t.on_button("ok", "press", now)
                show(after.occupied)
            # the pieces' kinds as they now stand (boops carry them, graduations bring cats)
            south = sum(1 << sq for sq in range(36) if (after.piece_at(sq) or "").isupper())
            show(after.occupied)
            assert t.moves and t.moves[-1] == game.format_move(pos, move), (t.moves[-3:], t.view().instruction)
            pos = after
    return asked / games


def reed_questions(games: int, seed: int) -> float:
    """Kitten-or-cat questions per game on the reed bed: placements while the mover holds both."""
    from companion.games import get

    game, rng, asked = get("maunz"), random.Random(seed), 0
    for _ in range(games):
        pos = game.initial_position()
        while game.outcome(pos) is None:
            kittens, cats = pos.pool(pos.turn)
            move = rng.choice(game.legal_moves(pos))
            asked += kittens > 0 and cats > 0
            pos = game.apply(pos, move)
    return asked / games


def change_to_host(hall: bool, n: int, seed: int) -> list[float]:
    """Seconds from a piece set down (on the emulated Pico's bed: the reed's contact, or the
    magnetic model's field) to the host link holding the new snapshot, through the real firmware
    state machine, debounce (20 ms at 250 scans/s), the serial frames on a pty and the link."""
    from firmware_bridge.emulator import FakePico
    from firmware_bridge.host.link import BridgeLink
    from hardware.hall_model import Bed

    pico = FakePico(hall_bed=Bed(random.Random(seed)) if hall else None)
    link = BridgeLink(pico.port, bed="hall" if hall else "reed").open()
    out = []
    try:
        for i in range(n):
            sq = (i * 7) % 36
            t0 = time.perf_counter()
            pico.put(sq, "kc"[i % 2]) if hall else pico.place(sq)
            while not link.occupancy >> sq & 1:
                time.sleep(0.0002)
            out.append(time.perf_counter() - t0)
            pico.lift(sq)
            while link.occupancy:
                time.sleep(0.0002)
    finally:
        link.close()
        pico.close()
    return out


def measured_hall_scan_rate(seed: int) -> float | None:
    """Full hall-bed scans per second of the bridge firmware running flat out on the emulated
    RP2040 (None, said why, where the emulator cannot run here)."""
    from firmware_bridge.rp2040 import pico as emu
    from hardware.hall_model import Bed

    from .firmware import scan_rate

    try:
        emu.check()
    except emu.EmulatorUnavailable as exc:
        print(f"Pico hall scan rate: not measured ({exc})")
        return None
    pico = emu.EmulatedPico(hall_bed=Bed(random.Random(seed)))
    try:
        rate, _ = scan_rate(pico, "mux_scans", 4.0)
    finally:
        pico.close()
    print(f"Pico hall scan rate, measured (the firmware on an emulated RP2040 at 125 MHz, scan_hz "
          f"2000 so its loop runs flat out): {rate:.1f} full beds/s")
    return rate


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion bench hall")
    ap.add_argument("--placements", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=22)
    ap.add_argument("--games", type=int, default=200, help="self-play games for the question count")
    ap.add_argument("--changes", type=int, default=100,
                    help="placements timed from the bed to the host, per bed (0: skip)")
    args = ap.parse_args(argv)
    from hardware.hall_model import FieldTable, Spread

    t = FieldTable()
    s = Spread()
    print(f"field of an N42 10x3 mm magnet at the sensor, {s.depth_mm - s.depth_tol_mm:.0f}-"
          f"{s.depth_mm + s.depth_tol_mm:.0f} mm below: centred {t.bz(0, s.depth_mm + 1):.1f}-"
          f"{t.bz(0, s.depth_mm - 1):.1f} mT, {s.offset_mm:.0f} mm off centre {t.bz(s.offset_mm, s.depth_mm + 1):.1f}-"
          f"{t.bz(s.offset_mm, s.depth_mm - 1):.1f} mT; a neighbour 50 mm away {t.bz(50, s.depth_mm):.2f} mT")
    results = {}
    for calibrated in (True, False):
        t0 = time.perf_counter()
        wrong, ambiguous = classify_placements(args.placements, args.seed, calibrated)
        name = "calibrated walk" if calibrated else "default 8/4 mT thresholds"
        results[calibrated] = (wrong, ambiguous)
        print(f"{name}: {args.placements} placements, misclassified {wrong}, ambiguous {ambiguous}"
              f" ({100 * ambiguous / args.placements:.3f} %), {time.perf_counter() - t0:.1f} s")
    # the Pico's full-bed scan rate, measured: the real firmware on an emulated RP2040, counted in
    # emulated time at its clock (`companion bench firmware` has the rest of its figures)
    hall_rate = measured_hall_scan_rate(args.seed)
    if args.changes:
        import statistics

        lat = {"reed": [], "hall": []}
        for rnd in range(2):          # interleaved, so a change in this machine's speed hits both
            for bed in ("reed", "hall"):
                lat[bed] += change_to_host(bed == "hall", args.changes // 2, args.seed + rnd)
        for bed, xs in lat.items():
            xs.sort()
            p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
            print(f"change -> host ({bed} bed, emulated Pico on a pty, {len(xs)} placements): "
                  f"p50 {1000 * statistics.median(xs):.1f} ms, p99 {1000 * p99:.1f} ms")
            print(f"{bed}_change_to_host_p99_ms {1000 * p99:.1f}")
    q = reed_questions(args.games, args.seed)
    print(f"placements while the mover holds both kinds, per self-play game ({args.games} games): {q:.1f}")
    n = max(1, args.games // 10)
    t0 = time.perf_counter()
    reed_q, hall_q = referee_questions(n, args.seed, False), referee_questions(n, args.seed, True)
    print(f"kitten-or-cat questions the referee asked per game ({n} self-play games through the maunz."
          f" table): reed bed {reed_q:.1f}, hall bed {hall_q:.1f} ({time.perf_counter() - t0:.1f} s)")
    wrong, ambiguous = results[True]
    print(f"hall_misclassified {wrong}")
    print(f"hall_ambiguous_pct {100 * ambiguous / args.placements:.3f}")
    if hall_rate is not None:
        print(f"hall_scan_beds_per_s {hall_rate:.1f}")
    print(f"reed_questions_per_game {reed_q:.1f}")
    print(f"hall_questions_per_game {hall_q:.1f}")
    return 0
