"""The first choice after a roll comes without enumerating the roll (issue "Ready for the Pi"):
whether a die can be used at all is found depth first, so a crowded joker roll (31,637 boards
for its 77) offers its dice at once; the figures live in `companion bench katzenjammer`. Here:
the lazy menu offers exactly the dice that have an action, for many rolls of random boards,
and the benchmark runs and prints its figures."""
from __future__ import annotations

import random
import subprocess
import sys

from companion.games.katzenjammer import notation, engine
from companion.tables.katzenjammer.chooser import Chooser
from tests.test_katzenjammer_crosscheck import random_position


def test_the_dice_offered_first_are_those_with_an_action():
    rng = random.Random(31)
    for _ in range(150):
        pos = notation.parse_position(random_position(rng, crowded=rng.random() < 0.6))
        offered = [o.key for o in Chooser(pos).root().options]
        usable = [label for label in engine.labels(pos.dice)
                  if any(True for _ in engine.part_moves(pos.board, pos.to_move, label))]
        assert offered == (usable or ["pass"]), notation.format_position(pos)


def test_the_crowded_joker_roll_offers_every_die_and_the_77_opens():
    pos = notation.parse_position("r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 g 553")
    root = Chooser(pos).root()
    assert [o.key for o in root.options] == engine.labels(pos.dice)
    seven = next(o for o in root.options if o.key == "55=77").node
    assert [o.text.text("en") for o in seven.options] == ["forward", "backward"]
    pieces = seven.options[0].node.options
    assert pieces and all(o.node.options for o in pieces)   # every piece offered can finish


def test_bench_katzenjammer_prints_the_figures():
    out = subprocess.run([sys.executable, "-m", "companion", "bench", "katzenjammer", "--skip-players"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    figures = dict(line.split() for line in out.stdout.splitlines() if line.count(" ") == 1)
    assert float(figures["successors_cpu_s"]) > 0 and float(figures["first_choice_max_ms"]) > 0
    assert "216 rolls" in out.stdout
