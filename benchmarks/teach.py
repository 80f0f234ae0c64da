"""`companion bench teach`: how much of what the companion judges it can explain (issue 36).

Explanation coverage: for each game, the reason kinds its engine declares (`Game.reasons`, which
its `explain` and its refusals produce) that its table words in each language, as a share of
all of them (companion/tables/why.py; target 100 %, held by tests/test_why_coverage.py). One
line per game and language: `explain_coverage_pct_<game>_<language> N`.

The review after a maunz. game (companion/ai/review.py): a seeded 60-ply game of the medium
level and itself reviewed here, in the order the service runs it (the quick pass, then the deep
one): `review_60ply_s` (all of it), `review_first_mistake_s` (until the first mistake is known:
the page shows it), each also on a Pi 4. The deep pass is bounded in Pi-seconds by the AI's own
clock (companion/ai/clock.py: a Pi-second is 1/PI4_SLOWDOWN = 1/3.5 s here), so the Pi figure is
this one times that factor; the quick pass is fixed-depth work, which the project's Pi budget
scales by its factor 5 (benchmarks/pibudget.py: n-body timed here and on a Pi 4), printed too.
Agreement: the same game reviewed again with twice the time a position; of the plies the first
review marks as mistakes, how many the second marks too (`review_agreement_pct`).
"""
from __future__ import annotations

from companion.cliargs import OneLineParser


def main(argv: list[str] | None = None) -> int:
    OneLineParser(prog="companion bench teach").parse_args(argv)
    from companion import catalogue
    from companion.tables.why import coverage
    from companion.ui.i18n import LANGUAGES

    worst = 100
    for line in catalogue.GAMES:
        if line.table is None:
            continue
        for language in LANGUAGES:
            done, total, missing = coverage(line.name, language)
            for key in missing[:5]:
                print(f"  not explained: {key} [{language}]")
            pct = 100 * done // total if total else 0
            worst = min(worst, pct)
            print(f"{line.name} {language}: {done} of {total} reason kinds explained")
            print(f"explain_coverage_pct_{line.name.replace('-', '_')}_{language} {pct}")
    review()
    return 0 if worst == 100 else 1


def game_of(plies: int = 60, seed: int = 37):
    """A seeded game of the medium level against itself: its first `plies` plies."""
    import random

    from companion.ai import choose_move
    from companion.games import get

    game, rng = get("maunz"), random.Random(seed)
    pos, moves = game.initial_position(), []
    while pos.winner is None and len(moves) < plies:
        move = choose_move(game, pos, level="medium", time_limit=0.2, rng=rng).move
        moves.append(game.format_move(pos, move))
        pos = game.apply(pos, move)
    return game, moves


def review() -> None:
    import time

    from benchmarks.pibudget import FACTOR
    from companion.ai.clock import slowdown
    from companion.ai.review import DEEP_TIME, MISTAKE_CATS, Review

    game, moves = game_of()
    start = game.initial_position()
    factor = slowdown()
    r = Review(game, start, tuple(moves))
    t0 = time.perf_counter()
    first = None
    while (task := r.next_task()) is not None:
        r.add(r.run_task(*task))
        if first is None and r.mistakes():
            first = time.perf_counter() - t0
    total = time.perf_counter() - t0
    print(f"review of a {len(moves)}-ply game: {len(r.mistakes())} mistakes marked, plies"
          f" {[m.ply + 1 for m in r.mistakes()]}; {DEEP_TIME} Pi-s a position")
    print(f"review_60ply_s {total:.2f}")
    print(f"review_60ply_pi4_s {total * factor:.1f}  (x{factor} Pi-seconds, companion/ai/clock.py;"
          f" x{FACTOR} budget factor: {total * FACTOR:.1f})")
    if first is not None:
        print(f"review_first_mistake_s {first:.3f}")
        print(f"review_first_mistake_pi4_s {first * FACTOR:.2f}  (x{FACTOR}, benchmarks/pibudget.py;"
              f" target 2 s)")
    deeper = Review(game, start, tuple(moves), deep_time=2 * DEEP_TIME).run()
    marked, again = {m.ply for m in r.mistakes()}, {m.ply for m in deeper.mistakes()}
    print(f"review_agreement {len(marked & again)} of {len(marked)} marked mistakes also marked"
          f" by a search at twice the time")
    print(f"review_agreement_pct {100 * len(marked & again) // max(1, len(marked))}")
    still = sum(1 for ply in marked if deeper.results[ply].loss >= MISTAKE_CATS)
    print(f"review_still_mistakes {still} of {len(marked)} (a loss of {MISTAKE_CATS} cat or more"
          f" at twice the time, marked among its largest three or not)")
