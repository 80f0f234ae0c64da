"""`companion bench eventpicks`: button presses a person needs per event at the Cats and Cat
Attack tables (no game cards tapped: every event picked with CAT, BACK and OK), over seeded
random sessions through the real tables.

The person knows what they want and takes the shorter way round each list (CAT forwards, BACK
backwards, both wrap), opens groups with OK, and presses OK once to read a verdict or refusal
(counted). What they want: a kind of event at random (step, hiss, miau, pass, a Mog card, a
landing report …), then one of that kind at random; never the table's own actions (show my
cards, a claimed win). Chance (deals, the die) is drawn from the seeded generator; the "alone?"
screens of the Cats deal are pressed through and not counted.

Works against a table without groups too (a flat list: the tables before the groups), so the
same command measures the code before and after:
    PYTHONPATH=<checkout> python -m benchmarks.eventpicks
Figures on the last lines: presses_per_event_<game> <mean>.
"""
from __future__ import annotations

import random
import statistics

from companion import games, tables
from companion.cliargs import OneLineParser

GAMES = (("cats", 3, 150), ("cat-attack", 3, 400))


def _holds(item, event: str) -> bool:
    return item == event or event in getattr(item, "leaves", ())


def reach(t, event: str, limit: int = 400) -> int:
    """Press buttons until `event` is played; the number of presses."""
    presses = 0
    for _ in range(limit):
        if getattr(t, "ack", False):
            t.on_button("ok", "press", 0.0)
            presses += 1
            continue
        grouped = hasattr(t, "menu_items")
        items = t.menu_items() if grouped else t.choices()
        target = next(i for i, item in enumerate(items) if _holds(item, event))
        n, here = len(items), t.selected % len(items)
        presses += 1
        if here == target:
            t.on_button("ok", "press", 0.0)
            if items[target] == event:
                return presses
        else:
            forward = (target - here) % n
            t.on_button("cat" if forward <= n - forward else "back", "press", 0.0)
    raise RuntimeError(f"{event!r} not reached in {limit} presses")


def session(name: str, players: int, steps: int, seed: int) -> list[tuple[str, int, int]]:
    """(event, presses, options offered) for each event the person picked."""
    rng = random.Random(seed)
    game = games.get(name, players=players)
    t = tables.make(game, language="en", players=())
    out = []
    for _ in range(steps):
        if game.outcome(t.position) is not None:
            break
        if game.to_move(t.position) == -1:
            t.on_chance(rng.choice([m for m, _ in game.chance_outcomes(t.position)]), 0.0)
            continue
        if getattr(t, "reveal", None):
            t.on_button("ok", "press", 0.0)
            continue
        options = [e for e in t.choices() if e != "secret" and not e.startswith("win:")]
        kind = rng.choice(sorted({e.partition(":")[0] if not e[:1].isupper() else "card"
                                  for e in options}))
        event = rng.choice([e for e in options
                            if (e.partition(":")[0] if not e[:1].isupper() else "card") == kind])
        offered = len(t.choices())
        out.append((event, reach(t, event), offered))
    return out


def main(argv: list[str]) -> int:
    ap = OneLineParser(prog="companion bench eventpicks")
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    means = {}
    for name, players, steps in GAMES:
        picks = [p for s in range(args.sessions)
                 for p in session(name, players, steps, args.seed * 1000 + s)]
        presses = [p for _, p, _ in picks]
        worst = max(picks, key=lambda p: p[1])
        by_kind: dict = {}
        for event, p, _ in picks:
            by_kind.setdefault(event.partition(":")[0] if not event[:1].isupper() else "card",
                               []).append(p)
        kinds = ", ".join(f"{k} {statistics.mean(v):.1f}" for k, v in sorted(by_kind.items()))
        print(f"{name}: {len(picks)} events over {args.sessions} sessions ({players} players);"
              f" presses per event mean {statistics.mean(presses):.2f}, median"
              f" {statistics.median(presses)}, max {worst[1]} ({worst[0]}); options offered"
              f" mean {statistics.mean(o for _, _, o in picks):.1f}")
        print(f"  by kind: {kinds}")
        means[name] = statistics.mean(presses)
    for name, mean in means.items():
        print(f"presses_per_event_{name.replace('-', '_')} {mean:.2f}")
    return 0


if __name__ == "__main__":
    import sys
    raise SystemExit(main(sys.argv[1:]))
