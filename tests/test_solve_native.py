"""The puzzle solver compiled (companion/games/maunz/csrc/solve.h) against the pure-Python
reference (companion/ai/solve.py), and both against a plain full-width minimax without any of
their shortcuts: the same verdict for every first move and the same refuting reply. Positions
from seeded random games, taken a few moves before their end, where short wins are common."""
from __future__ import annotations

import random

import pytest

from companion.ai import solve
from companion.ai.movegen import expand, state_of
from companion.games import native
from companion.games.maunz import engine
from companion.games.maunz.engine import KIDS, STANDARD

pytestmark = pytest.mark.skipif(native.kernel() is None, reason=f"no compiled kernel: {native.reason()}")


def near_ends(variant, n, seed, most_back=10):
    rng = random.Random(seed)
    out = []
    with native.pure():
        while len(out) < n:
            pos, hist = engine.initial(), []
            while pos.winner is None:
                hist.append(pos)
                pos = rng.choice([c for _, c in engine.successors(pos, variant)])
            back = rng.randrange(1, most_back)
            if len(hist) >= back:
                out.append(state_of(hist[-back]))
    return out


def plain_win(s, n, variant):
    """Full width, no shortcuts: some move wins at once, or leads where every reply loses in n-1."""
    if n <= 0:
        return False
    win, kids = expand(s, variant)
    if win >= 0:
        return True
    return n > 1 and any(c is not None and plain_all_lose(c, n - 1, variant) for _code, c in kids)


def plain_all_lose(c, n, variant):
    win, kids = expand(c, variant)
    return win < 0 and all(g is None or plain_win(g, n, variant) for _code, g in kids)


@pytest.mark.parametrize("variant", [STANDARD, KIDS])
def test_compiled_and_pure_give_the_same_verdicts_and_refutations(variant):
    cases = near_ends(variant, 24, seed=430 + variant)
    wins = 0
    for n, some in ((1, cases), (2, cases), (3, cases[:6])):
        for s in some:
            fast = solve.verdicts(s, n, variant)
            with native.pure():
                slow = solve.verdicts(s, n, variant)
            assert fast == slow, (s, n)
            wins += any(v == 1 for _c, v, _r in fast)
    assert wins >= 10  # the sample really holds wins to prove


def test_one_move_judged_alone_gets_the_verdict_and_reply_of_the_whole_proof():
    for s in near_ends(STANDARD, 12, seed=29, most_back=8):
        for n in (1, 2, 3):
            rows = solve.verdicts(s, n)
            for code, verdict, reply in rows[::7]:
                assert solve.judge(s, code, n) == (verdict, reply), (s, n, code)


def test_the_verdicts_agree_with_a_plain_minimax():
    for s in near_ends(STANDARD, 10, seed=77, most_back=6):
        for n in (1, 2):
            expected = plain_win(s, n, STANDARD)
            assert solve.wins_within(s, n) is expected
            with native.pure():
                assert solve.wins_within(s, n) is expected
            rows = solve.verdicts(s, n)
            assert any(v == 1 for _c, v, _r in rows) is expected


def test_a_solution_is_a_proven_line_and_every_refutation_holds():
    solved = 0
    for s in near_ends(STANDARD, 30, seed=11, most_back=8):
        sol = solve.solve(s, most=3)
        if sol is None or sol.horizon < 2:
            continue
        solved += 1
        assert sol.line[0] in sol.winners
        # The main line: attacker, defender, ..., the attacker's winning move, in n turns.
        assert len(sol.line) == 2 * sol.horizon - 1
        state = s
        for i, code in enumerate(sol.line):
            win, kids = expand(state, STANDARD)
            if i == len(sol.line) - 1:
                assert win >= 0 and i % 2 == 0
                break
            state = dict(kids)[code]
        for code, reply in sol.refutations.items():
            child = dict(expand(s, STANDARD)[1])[code]
            win, replies = expand(child, STANDARD)
            if win >= 0:
                assert reply == win  # the defender wins at once
            else:
                after = dict(replies)[reply]
                assert after is None or not solve.wins_within(after, sol.horizon - 1)
    assert solved >= 3


def test_a_budget_gives_up_instead_of_guessing():
    s = near_ends(STANDARD, 1, seed=3)[0]
    big = max(near_ends(STANDARD, 12, seed=5, most_back=14),
              key=lambda t: native.kernel().solve_win(t, 4, 0, 0)[1])
    assert native.kernel().solve_win(big, 4, 0, 0)[1] > 10
    assert solve.wins_within(big, 4, budget=1) is None
    assert solve.verdicts(big, 4, budget=1) is None
    with native.pure():
        assert solve.wins_within(big, 4, budget=1) is None
    assert solve.wins_within(s, 1) in (True, False)
    with pytest.raises(ValueError, match="horizon of 1-8"):
        solve.wins_within(s, 0)


def test_proofs_in_two_threads_at_once_keep_their_own_facts():
    # the review's thread proves its mistakes while the table proves a reply (the GIL is let go)
    from concurrent.futures import ThreadPoolExecutor

    cases = near_ends(STANDARD, 8, seed=19, most_back=12)
    alone = [solve.verdicts(s, 3) for s in cases]
    with ThreadPoolExecutor(max_workers=2) as pool:
        for _round in range(3):
            both = list(pool.map(lambda s: solve.verdicts(s, 3), cases))
            assert both == alone


def _resident() -> int:
    import os

    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/statm"), reason="needs Linux's /proc")
def test_a_proofs_table_is_given_back_when_the_proof_is_done():
    # a Pi with little memory: each proof's ~10 MB of facts are held only while it runs, also
    # by threads that come and go (a table kept per thread was never freed: +4 MB a thread here)
    import threading

    cases = near_ends(STANDARD, 12, seed=5, most_back=14)
    big = max(cases, key=lambda t: native.kernel().solve_win(t, 4, 0, 300_000)[1])
    native.kernel().solve_win(big, 4, 0, 300_000)   # whatever the first proof sets up, once
    before = _resident()
    for _ in range(6):
        t = threading.Thread(target=lambda: native.kernel().solve_win(big, 4, 0, 300_000))
        t.start()
        t.join()
    assert native.kernel().solve_win(big, 4, 0, 300_000)[1] > 250_000   # it did fill its table
    grown = _resident() - before
    assert grown < 3_000_000, f"{grown / 1e6:.1f} MB still held after the proofs"
