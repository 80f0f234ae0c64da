"""The Katzenjammer table's decision logic: rolls from the service (or entered by buttons),
turns chosen with three buttons, computer seats, show board, undo, resume."""
from __future__ import annotations

import random

from companion import games
from companion.tables.katzenjammer.session import Session


def _roll(session, rng):
    game = session.game
    outcomes = game.chance_outcomes(session.position)
    move = rng.choice([m for m, _ in outcomes])
    session.on_chance(move)  # the service journals it first; the session commits nothing


def _step(session, rng):
    if session.phase == "roll":
        _roll(session, rng)
    elif session.phase == "computer":
        session.play_computer()
    elif session.phase == "choose":
        session.on_button("ok", "press")
    elif session.phase == "enter_dice":
        session.on_button(rng.choice(["ok", "cat", "back"]), "press")


def test_a_whole_three_player_game_person_against_two_computers():
    game = games.get("kj", players=3)
    session = Session(game, computers={1: "expectimax1", 2: "greedy"})
    rng = random.Random(5)
    turns = 0
    for _ in range(20_000):
        if session.over:
            break
        _step(session, rng)
        commits = session.drain_commits()
        assert len(commits) <= 1
        for commit in commits:  # a turn, never a roll (the service journals those)
            assert commit.kind == "move" and not commit.move.startswith("roll:")
            assert commit.move == session.moves[-1]
            assert commit.position == game.format_position(session.position)
            turns += 1
    assert turns > 30
    assert session.over and session.winner in (0, 1, 2)
    replayed = game.initial_position()
    for text in session.moves:
        replayed = game.apply(replayed, game.parse_move(replayed, text))
    assert replayed == session.position
    resumed = Session(game, moves=session.moves, computers={1: "expectimax1", 2: "greedy"})
    assert resumed.position == session.position and resumed.phase == "over"


def test_physical_dice_are_committed_before_the_turn():
    game = games.get("kj")
    session = Session(game, physical_dice=True)
    assert session.phase == "enter_dice" and not session.wants_chance
    for button in ("ok", "ok", "ok"):  # III=1, IV=1, V=2: the pair 11, void with no pieces out
        session.on_button(button, "press")
    assert [c.move for c in session.drain_commits()] == ["roll:112"]
    assert session.phase == "choose" and session.cursor.options[0].key == "pass"
    session.on_button("ok", "press")
    assert [(c.kind, c.move, c.position) for c in session.drain_commits()] == [
        ("move", "pass", "r:n,n,n,n g:n,n,n,n g -")]


def test_undo_takes_back_the_persons_turn_and_keeps_its_dice():
    game = games.get("kj")
    session = Session(game, game.parse_position("r:5,n,n,n g:25,n,n,n r 132"),
                      computers={1: "greedy"})
    session.on_button("ok", "press")  # die 1
    session.on_button("ok", "press")  # the piece on 5 (the only one): 5 -> 6
    assert session.moves == ["1:5"] and session.phase == "roll"
    session.on_chance(game.parse_move(session.position, "roll:147"))
    session.play_computer()
    session.on_chance(game.parse_move(session.position, "roll:513"))
    session.drain_commits()
    session.on_button("back", "long")  # at the start of a turn: undo
    assert session.moves == [] and game.format_position(session.position) == \
        "r:n,n,n,5 g:n,n,n,25 r 132"
    commits = session.drain_commits()
    assert [c.kind for c in commits] == ["undo"] * 4
    assert commits[-1].position == "r:n,n,n,5 g:n,n,n,25 r 132"


def test_back_long_inside_a_turn_goes_back_one_choice_and_cat_long_shows_the_board():
    game = games.get("kj")
    session = Session(game, game.parse_position("r:5,9,n,n g:25,n,n,n r 132"))
    session.on_button("ok", "press")  # die 1: which piece?
    assert session.cursor.title.text("en") == "1: which piece?"
    session.on_button("back", "long")
    assert session.cursor.title.text("en") == "dice 132" and session.moves == []
    session.on_button("cat", "long")
    assert session.show_board
    session.on_button("ok", "press")  # any button returns; nothing chosen
    assert not session.show_board and session.cursor.title.text("en") == "dice 132"
