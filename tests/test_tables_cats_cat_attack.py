"""The Cats and Cat Attack tables (pure): secrets shown one player at a time, game cards judged
before anything is committed, the buttons' choices, resume, German and English."""
from __future__ import annotations

from companion import games, tables
from companion.tables.protocol import Commit, Table, TableView


def make(name: str, players=3, language="en", moves=(), **kw):
    game = games.get(name, players=players, **kw)
    return tables.make(game, moves=moves, language=language, ai_seat=None, players=())


def deal(table, *texts):
    for text in texts:
        table.on_chance(table.game.parse_move(table.position, text), 0.0)


def cats_ready(language="en"):
    """Three players dealt and shown their cards; seat 1 starts."""
    t = make("cats", language=language)
    deal(t, "deal:1b", "deal:2c", "deal:3m")
    for _ in range(6):                     # alone? OK -> shown, OK -> hidden, for each seat
        t.on_button("ok", "press", 0.0)
    deal(t, "first:1")
    return t


def test_both_tables_keep_the_protocol():
    for name in ("cats", "cat-attack"):
        t = make(name)
        assert isinstance(t, Table) and t.moves == [] and t.language == "en"
        view = t.view()
        assert isinstance(view, TableView) and view == t.view()
        assert "event" in t.card_functions


def test_cats_secrets_are_shown_one_player_at_a_time_behind_a_question():
    t = make("cats")
    deal(t, "deal:1b", "deal:2c")
    assert not t.reveal                    # not before every seat is dealt
    deal(t, "deal:3m")
    seen = []
    for _ in range(6):
        seen.append(t.view().instruction)
        t.on_button("ok", "press", 0.0)
    assert seen[0] == "seat 1: alone? Then press OK"
    assert seen[1].startswith("Your cat: 1, greedy (food bowl)") and "2" not in seen[1].split(",")[0][-2:]
    assert seen[2] == "seat 2: alone? Then press OK" and "Your cat: 2, lazy (cushion)" in seen[3]
    assert "Your cat: 3, snappy (mouse)" in seen[5]
    for text in (seen[0], seen[2], seen[4]):
        assert "Your cat" not in text
    assert not t.reveal and t.drain_commits() == []   # showing secrets commits nothing


def test_the_page_never_lists_the_dealt_secrets():
    t = cats_ready()
    assert t.moves[:3] == ["deal:1b", "deal:2c", "deal:3m"]
    assert t.view().moves[:3] == ("deal:??",) * 3


def test_a_reaction_card_is_judged_before_it_is_committed():
    t = cats_ready()
    while t.position.had != 0b111:          # the quiet first round, through the buttons
        t.on_button("ok", "press", 0.0)     # the first choice: 'blocked', then 'pass'
    for event in ("step:1", "step:1", "step:4", "step:4", "end"):
        t.play(event, 0.0)
    t.drain_commits()
    t.on_card("event", 0.0, "miau:5@3")     # cat 5 was not moved: refused, nothing committed
    assert t.drain_commits() == [] and "No: cat 5 was not moved this turn" in t.view().instruction
    t.on_card("event", 0.0, "miau:1@3")
    (commit,) = t.drain_commits()
    assert commit == Commit("move", "miau:1@3", t.game.format_position(t.position))
    assert "seat 2 draws a replacement card" in t.view().instruction


def test_a_wrong_win_claim_is_refused_without_giving_a_secret_away():
    t = cats_ready()
    claims = [c for c in t.choices() if c.startswith("win:")]
    assert len(claims) == 20                # every cat and object: the list tells nothing
    t.on_card("event", 0.0, "win:2m")
    assert t.drain_commits() == [] and "No: no win: play on" in t.view().instruction
    t.on_card("event", 0.0, "win:3m")
    assert t.drain_commits()[0].move == "win:3m" and t.view().winner == 2
    assert t.view().phase == "won" and t.view().screen.header("en") == "seat 3 wins!"


def test_the_buttons_walk_the_choices_and_ok_plays_one():
    t = cats_ready()
    first = t.choices()
    assert first[0] == "blocked" and "step:b" in first and first[-1] == "secret"
    t.on_button("cat", "press", 0.0)
    assert f"> {t.describe(first[1])}" in t.view().instruction
    t.on_button("back", "press", 0.0)
    t.on_button("back", "press", 0.0)
    assert "> show my cards" in t.view().instruction
    t.on_button("ok", "press", 0.0)         # shows the acting player's cards again
    assert t.view().instruction == "seat 1: alone? Then press OK"


def test_ok_held_asks_for_a_new_game():
    t = cats_ready()
    t.on_button("ok", "long", 0.0)
    assert t.view().phase == "confirm_new_game"
    t.on_button("back", "press", 0.0)
    assert t.view().phase == "move"
    t.on_button("ok", "long", 0.0)
    t.on_button("ok", "press", 0.0)
    assert t.moves == [] and t.drain_commits()[-1].kind == "new_game"


def test_resume_replays_the_journal_and_speaks_german():
    t = cats_ready()
    t.play("step:1", 0.0)
    again = make("cats", language="de", moves=t.moves)
    assert again.position == t.position
    assert again.view().instruction.startswith("Schritte 1/4, Objekte 0/2")
    assert again.view().screen.header("de") == "Spieler 1 ist dran"


def test_cat_attack_fight_cards_are_checked_by_kind():
    t = make("cat-attack", players=2)
    deal(t, "first:1")
    t.on_card("event", 0.0, "C3")
    t.play("done", 0.0)
    deal(t, "d6:2")
    t.play("done", 0.0)                     # seat 2's turn
    t.on_card("event", 0.0, "M2")
    deal(t, "d6:4")
    t.play("done", 0.0)
    t.drain_commits()
    assert t.view().instruction.startswith("lives 9 9 · treats 0 0 · tap a Mog card")
    t.play("fight:2:B", 0.0)
    t.on_card("event", 0.0, "C1")
    assert "No: C1 is not a bird card" in t.view().instruction
    t.on_card("event", 0.0, "B4")
    assert "fight: tap a bird card" in t.view().instruction and t.position.turn == 1
    t.play("none", 0.0)
    assert t.position.lives == (9, 8) and "seat 2 loses 1 life (8 left)" in t.view().instruction
    assert [c.move for c in t.drain_commits()] == ["fight:2:B", "B4", "none"]


def test_cat_attack_in_german_and_the_win_check_line():
    t = make("cat-attack", players=2, language="de")
    deal(t, "first:2")
    assert t.view().screen.header("de") == "Spieler 2 ist dran"
    assert "Miezekarte antippen" in t.view().instruction
    t.position = t.game.parse_position(t.game.format_position(t.position).replace(
        "cats=9H,9H", "cats=9H,9Hbmkfvc"))
    assert "6/6: genau nach Hause würfeln" in t.view().instruction


def test_the_leds_answer_a_card_and_show_the_larders():
    from companion.tables.picker import FLASHES
    from companion.words import LedFrame

    t = cats_ready()
    t.on_card("event", 10.0, "miau:1@3")          # no reactions yet: refused
    assert t.view().leds == FLASHES["no"]
    t.tick(11.4)
    assert t.view().leds == FLASHES["no"]                 # for a moment
    t.tick(11.6)
    assert t.flash is None and t.view().leds == LedFrame()
    t.on_card("event", 12.0, "step:1")
    assert t.view().leds == FLASHES["ok"]
    t.tick(13.5)
    assert t.view().leds == LedFrame()                     # dark again
    a = make("cat-attack", players=2)
    a.position = a.game.parse_position(a.game.format_position(a.position).replace(
        "cats=9H,9H", "cats=9Hbf,0A").replace("hands=6,6", "hands=6,0").replace(
        "deck=51/0", "deck=51/6"))
    cells = a.view().leds.cells
    assert cells[30].color == (90, 160, 255) and cells[33].color == (255, 90, 160)
    assert cells[31].effect.value == "off" and all(c.color == (60, 0, 0) for c in cells[24:30])


def test_a_challenge_verdict_shows_green_or_red():
    from companion.tables.picker import FLASHES

    for guess, leds, said in (("challenge:2=2", "ok", "the challenge is right"),
                              ("challenge:2=5", "no", "the challenge is wrong")):
        t = cats_ready()
        while t.position.had != 0b111:
            t.on_button("ok", "press", 0.0)
        for event in ("step:4", "step:4", "step:4", "step:4", "end"):
            t.play(event, 0.0)
        while t.position.phase != "challenge":
            t.on_button("ok", "press", 0.0)   # pass through the window and the swaps
        t.play(guess, 5.0)
        assert t.view().leds == FLASHES[leds] and said in t.view().instruction
        assert "turn over your cat card" in t.view().instruction


def test_a_card_with_no_event_of_this_game_is_refused_not_a_crash():
    for name, text in (("cats", "win:9z"), ("cats", "C3"), ("cat-attack", "miau:1@2")):
        t = cats_ready() if name == "cats" else make(name)
        if name == "cat-attack":
            deal(t, "first:1")
        t.on_card("event", 0.0, text)
        assert t.drain_commits() == [] and "No: " in t.view().instruction and t.flash[0] == "no"
