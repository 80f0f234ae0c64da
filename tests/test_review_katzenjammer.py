"""Katzenjammer's review after a game (issue 36): each person's choice against the strongest
computer player's, on a seeded game (a person choosing at random at seat 1, the computer at seat
2), summarised and worded for the page and the table's screen; and through the service on fake
devices, a game set up near its end played out with the buttons, its review offered on the end
screen and opened with CAT."""
from __future__ import annotations

import random

import pytest

from companion.games import get
from companion.games.katzenjammer import engine
from companion.games.katzenjammer.players import ExpectimaxPlayer, RandomPlayer
from companion.games.katzenjammer.review import review
from companion.tables import factory


@pytest.fixture(scope="module")
def played():
    game, rng = get("katzenjammer"), random.Random(36)
    pos, moves = game.initial_position(), []
    players = {0: RandomPlayer(), 1: ExpectimaxPlayer(2)}
    while game.outcome(pos) is None and len(moves) < 70:
        seat = game.to_move(pos)
        move = rng.choice(game.legal_moves(pos)) if pos.dice is None else players[seat].choose(pos, rng)
        moves.append(game.format_move(pos, move))
        pos = game.apply(pos, move)
    return game, moves


def test_each_persons_choice_against_the_strongest_computer(played):
    game, moves = played
    s = review(game, game.initial_position(), moves, people={0})
    pos, expected = game.initial_position(), []
    for ply, text in enumerate(moves):   # the person's turns that offered a choice
        if pos.dice is not None and game.to_move(pos) == 0 and len(
                {b for _, b in engine.turn_moves(pos)}) > 1:
            expected.append(ply)
        pos = game.apply(pos, game.parse_move(pos, text))
    assert [c.ply for c in s.choices] == expected and len(expected) > 5
    strongest = ExpectimaxPlayer(2)
    for c in s.choices:
        pos = game.initial_position()
        for text in moves[:c.ply]:
            pos = game.apply(pos, game.parse_move(pos, text))
        best = strongest.choose(pos, random.Random(game.format_position(pos)))
        assert c.best == game.format_move(pos, best)
        same = engine.play(pos, best).board == engine.play(pos, game.parse_move(pos, c.played)).board
        assert c.matched == same or c.cost == 0.0
        assert c.why == tuple(game.explain(pos, best))   # the engine's own reasons
    assert 0 <= s.matched < len(s.choices)
    worst = s.costliest
    assert worst.cost == max(c.cost for c in s.choices) > 0


def test_the_summary_in_words_on_the_page_and_the_screen(played):
    from companion.tables.katzenjammer.review import page_block, screen, summary_of

    game, moves = played
    table = factory("katzenjammer")(game, None, moves=tuple(moves), settle=0.1, correction_delay=1.0,
                                    language="en", ai_seats=(1,), players=())
    r = summary_of(table)
    s = r.summary
    block = page_block(r, "en")
    assert block["summary"] == f"{s.matched} of {len(s.choices)} choices as the strongest computer chose"
    worst = s.costliest
    assert block["costliest"].startswith(f"Costliest difference, move {worst.ply + 1} (Red): "
                                         f"{worst.played} instead of {worst.best} "
                                         f"({worst.cost:.1f} points less)")
    assert " — Why: " in block["costliest"]
    lines = [m.text("de") for m in screen(r).lines]
    assert lines[0] == f"{s.matched} von {len(s.choices)} Entscheidungen wie der stärkste Computer"
    assert lines[1].startswith(f"Teuerster Unterschied, Zug {worst.ply + 1} (Rot)") and lines[-1] == "OK = Ende"


def rolled_at(seed: int, ply: int):
    """A seeded game (random choices at every seat) at its `ply`: a roll to choose a turn for."""
    game, rng = get("katzenjammer"), random.Random(seed)
    pos = game.initial_position()
    for _ in range(ply):
        pos = game.apply(pos, rng.choice(game.legal_moves(pos)))
    assert pos.dice is not None
    return game, pos


def test_a_game_won_or_handed_over_is_said_in_words_not_in_the_engines_scale():
    """The strongest player values a full stall at players.WIN (100,000): a turn that misses a
    win, or one that lets the next player win with their roll, is worded as that, never as
    "99776 points less". Seed 10: at ply 329 Red can fill the stall; at ply 319 Green has a
    turn that leaves Red a win in 60 of the 216 rolls (28 %) and turns that leave none."""
    from companion.games.katzenjammer.board import stall_full
    from companion.games.katzenjammer.review import next_wins
    from companion.tables.katzenjammer.review import page_block, screen, worded
    from companion.voice.spoken import say

    def reviewed(pos, move):
        s = review(game, pos, (game.format_move(pos, move),), people={game.to_move(pos)})
        table = factory("katzenjammer")(game, None, moves=(), settle=0.1, correction_delay=1.0,
                                        language="en", ai_seats=(), players=())
        r = worded(table, s)
        (c,) = s.choices
        return c, screen(r).lines[1], page_block(r, "de")

    game, pos = rolled_at(10, 329)
    missed = next(m for m, b in engine.turn_moves(pos) if not stall_full(b, pos.to_move))
    c, line, block = reviewed(pos, missed)
    assert c.won and c.cost > 90_000   # the engine's scale, kept for ranking the differences
    assert line.text("en") == (f"Costliest difference, move 1 (Red): {c.played} instead of {c.best}"
                               " (the better choice would have won at once)")
    assert block["costliest"].startswith(f"Teuerster Unterschied, Zug 1 (Rot): {c.played} statt {c.best}"
                                         " (die bessere Wahl hätte sofort gewonnen)")
    assert say(line, "de").endswith(f"statt {say(c.best, 'de')}, die bessere Wahl hätte sofort gewonnen")

    game, pos = rolled_at(10, 319)
    handed = max(engine.turn_moves(pos), key=lambda t: next_wins(pos, t[1]))[0]
    c, line, block = reviewed(pos, handed)
    assert not c.won and round(100 * c.lets_win) == 28 and c.cost > 20_000
    assert line.text("en").endswith(f"{c.played} instead of {c.best} (this choice let Red win at once"
                                    " with 28 % of the rolls)")
    assert block["choices"] == [f"Zug 1 (Grün): {c.played}, der Computer: {c.best} (damit konnte Rot"
                                " bei 28 % der Würfe sofort gewinnen)"]
    assert say(line, "en").endswith("this choice let Red win at once with 28 percent of the rolls")
    assert say(line, "de").endswith("damit konnte Rot bei 28 Prozent der Würfe sofort gewinnen")
    for text in (line.text("en"), line.text("de"), block["costliest"]):
        assert "points" not in text and "Punkte" not in text


def near_the_end(seed: int, rolls_before: int):
    """A seeded game (random choices at every seat) set up `rolls_before` rolls before its end:
    the position where that roll is to be drawn."""
    game, rng = get("katzenjammer"), random.Random(seed)
    pos, rolls = game.initial_position(), []
    while game.outcome(pos) is None:
        if pos.dice is None:
            rolls.append(pos)
        pos = game.apply(pos, rng.choice(game.legal_moves(pos)))
    return game, rolls[-rolls_before]


def test_a_game_reviewed_through_the_service_and_opened_with_cat(tmp_path):
    """The service on fake devices: a game set up near its end (the journal's start position),
    played out with the buttons (a person at red choosing the first option, the computer at
    blue), its review offered on the end screen, opened with CAT, left with OK."""
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes
    from companion.service.journal import Journal
    from companion.ui.screens import msg
    from companion.voice.spoken import say
    from tests.test_service_support import VirtualPlayer

    game, start = near_the_end(4, 6)
    journal = Journal(tmp_path, game)
    journal.begin_game(game.format_position(start))
    journal.close()
    c = Companion(Config(game=GameConfig(game="katzenjammer", ai="2", language="en")), build_fakes(),
                  state_dir=tmp_path, ai_mode="off", chance_source=random.Random(4))
    p = VirtualPlayer(c)
    heard: list[str] = []   # every line said (the announcer keeps only the newest)

    def press(name):
        c.devices.buttons.press(name)
        p.run(0.05)
        heard.extend(x.text for x in c.speech.announcer.recent if x.seq > last[0])
        last[0] = c.speech.announcer.recent[-1].seq if c.speech.announcer.recent else 0

    last = [0]

    def oled() -> list[str]:
        return [m.text("en") for m in c.screen.screen.lines]

    p.run(0.05)
    assert c.table.start_position == start
    for _ in range(100):
        if c.journal.current.result != "unfinished":
            break
        press("ok")
    assert c.journal.current.result in ("1", "2") and c.screen.screen.kind == "won"
    # the review is made in a thread (a choice in milliseconds): wait for it, then a loop step
    if c.review.future is not None:
        c.review.future.result(timeout=30)
    p.run(0.05)
    expected = review(game, start, tuple(c.table.moves), people={0})
    assert len(expected.choices) >= 2 and expected.costliest is not None
    # the end screen offers it, on the OLED and in the page's caption; the voice says the offer,
    # the win once
    winner = c.screen.screen.header("en")
    assert winner.endswith(" wins!") and oled() == ["New game: press OK", "Review: press CAT"]
    assert c.snapshot()["instruction"] == "New game: press OK · Review: press CAT"
    said = [line.text for line in c.speech.announcer.recent]
    assert said.count(winner) == 1 and said.count(say(msg("review.offer"), "en")) == 1
    # "new game?" is no place for the review: CAT there is "other game" (the game menu)
    press("ok")
    heard.clear()
    assert "Review: press CAT" not in oled()
    press("cat")
    assert c.switching.menu.is_open and c.review.stepping is None
    press("back")   # the menu closes: the question again
    before = len(heard)
    press("back")   # no new game: the end screen, the offer again
    assert c.screen.screen.kind == "won" and oled()[-1] == "Review: press CAT"
    assert heard[before:] == []   # said once this game: the win, its lines, the offer
    # CAT opens the review: the summary on the table's screen, as the page has it
    press("cat")
    screen = c.screen.screen
    worst = expected.costliest
    assert screen.kind == "review" and screen.header("en") == "Review"
    assert oled()[0] == f"{expected.matched} of {len(expected.choices)} choices as the strongest computer chose"
    assert oled()[1].startswith(f"Costliest difference, move {worst.ply + 1} (Red): {worst.played} instead of")
    assert oled()[-1] == "OK = leave" and c.snapshot()["review"]["summary"] == oled()[0]
    # OK leaves: the end screen without the offer, the review gone
    before = len(heard)
    press("ok")
    assert c.screen.screen == c.table.view().screen and c.screen.screen.kind == "won"
    assert c.snapshot()["review"] is None and "Review: press CAT" not in oled()
    assert heard[before:] == [] and winner not in heard   # the end screen back: nothing said again
    c.close()


def test_a_game_ended_early_is_reviewed_from_its_history_entry(tmp_path):
    """Issue 46, item 6: a Katzenjammer game ended by a new game before its end had no review.
    The new game begins at once at the table (its first screen asks how many play), so the game
    ended early is reviewed from its history entry, as a finished one can be: the page's Review."""
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes
    from tests.test_service_support import VirtualPlayer

    c = Companion(Config(game=GameConfig(game="katzenjammer", ai="2", language="en")), build_fakes(),
                  state_dir=tmp_path, ai_mode="off", chance_source=random.Random(5))
    p = VirtualPlayer(c)
    p.run(0.05)
    while len([m for m in c.journal.moves() if not m.startswith("roll:")]) < 12:
        c.devices.buttons.press("ok")   # red chooses the first option, the computer plays blue
        p.run(0.05)
    first, moves, start = c.journal.current.id, tuple(c.table.moves), c.table.start_position
    for kind in ("long", "press", "press"):   # new game? yes; how many play? two
        (c.devices.buttons.long if kind == "long" else c.devices.buttons.press)("ok")
        p.run(0.05)
    assert c.journal.current.id != first and c.review.review is None    # nothing offered here
    frame = c.past_games.frame(first, None)
    assert frame["past"]["result"] == "abandoned" and frame["review"] == first
    c.review.open(first)
    c.review.future.result(timeout=30)
    p.run(0.05)
    block = c.snapshot()["review"]
    expected = review(c.game, start, moves, people={0})
    assert block["source"] == first and block["game"] == "katzenjammer"
    assert block["total"] == len(expected.choices) > 0 and block["matched"] == expected.matched
    c.close()


def test_the_review_is_the_same_on_a_second_run_whatever_the_clock(played, monkeypatch):
    """Issue 45: the expectimax choices are fixed-depth and their ties seeded by the position, so
    a second run, with a clock racing ahead, judges every choice the same."""
    import itertools
    import time

    game, moves = played
    first = review(game, game.initial_position(), moves, people={0, 1})
    ticks, real = itertools.count(), time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() + 0.1 * next(ticks))
    assert review(game, game.initial_position(), moves, people={0, 1}) == first


def test_the_command_line_reviews_a_record(played, tmp_path, capsys):
    """`companion katzenjammer review RECORD --json`: a record as `companion export` writes it,
    the computer's seat named; every choice that differed, with its words."""
    import json

    from companion.cli import main
    from companion.service.history_cli import GenericRecord
    from companion.service.journal import GameRow

    game, moves = played
    row = GameRow(7, "katzenjammer", None, game.format_position(game.initial_position()), 0.0, 1.0,
                  "unfinished", seats=2, players=["Anna", "Computer"], moves=list(moves))
    path = tmp_path / "kj.txt"
    path.write_text(GenericRecord(row).to_text(), encoding="utf-8")
    s = review(game, game.initial_position(), moves, people={0})
    seat2 = game.initial_position().colours[1]
    from companion.tables.katzenjammer import review as _words  # noqa: F401  (its phrases)
    from companion.ui.screens import msg

    computer = msg(f"kj.seat.{seat2}").text("en")
    assert main(["katzenjammer", "review", str(path), "--json", "--computer", computer]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["choices_judged"] == len(s.choices) and out["matched"] == s.matched
    assert [c["ply"] for c in out["differences"]] == [c.ply + 1 for c in s.choices if not c.matched]
    assert all(c["better"] and c["words"].startswith(f"Move {c['ply']} (") for c in out["differences"])
    assert main(["katzenjammer", "review", str(path), "--lang", "de"]) == 0
    assert "Entscheidungen wie der stärkste Computer" in capsys.readouterr().out


def test_a_small_difference_is_said_as_it_is():
    """A turn 0.5 or 0.6 points below the better one: "0,5 Punkte weniger" and "0.6 points less"
    (they said "0 Punkte weniger", a difference of nothing, and "1 points less")."""
    from companion.games.katzenjammer.review import Choice
    from companion.tables.katzenjammer.review import difference

    def said(cost, language):
        return difference(Choice(ply=3, colour=0, played="5:e", best="3:17", cost=cost, why=())).text(language)

    assert (said(0.5, "de"), said(0.6, "en"), said(12.4, "de")) == (
        "0,5 Punkte weniger", "0.6 points less", "12,4 Punkte weniger")
