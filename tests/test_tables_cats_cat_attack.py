"""The Cats and Cat Attack tables (pure): secrets shown one player at a time, game cards judged
before anything is committed, the buttons' choices, resume, German and English."""
from __future__ import annotations

from companion import games, tables
from companion.tables.protocol import Commit, Table, TableView


def make(name: str, players=3, language="en", moves=(), **kw):
    game = games.get(name, players=players, **kw)
    return tables.make(game, moves=moves, language=language, players=())


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


def first_cards(t):
    """Cat Attack's first turns: seat 1 taps a cat card (C3), seat 2 a Mog card (M2), each ends
    its turn; then the next seat is to move."""
    deal(t, "first:1")
    t.on_card("event", 0.0, "C3")
    t.play("done", 0.0)
    deal(t, "d6:2")
    t.play("done", 0.0)                     # seat 2's turn
    t.on_card("event", 0.0, "M2")
    deal(t, "d6:4")
    t.play("done", 0.0)


def quiet_round(t):
    """The quiet first round: each seat ends its turn at once ('blocked', then 'pass')."""
    while t.position.had != (1 << t.position.seats) - 1:
        assert t.play("blocked" if t.position.phase == "move" else "pass", 0.0)


def pass_until(t, phase):
    while t.position.phase != phase:
        assert t.play("pass", 0.0)


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
    assert seen[0] == "Player 1: alone? Then press OK"
    assert seen[1].startswith("Your cat: 1, greedy (food bowl)") and "2" not in seen[1].split(",")[0][-2:]
    assert seen[2] == "Player 2: alone? Then press OK" and "Your cat: 2, lazy (cushion)" in seen[3]
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
    quiet_round(t)
    for event in ("step:1", "step:1", "step:4", "step:4", "end"):
        t.play(event, 0.0)
    t.drain_commits()
    t.on_card("event", 0.0, "miau:5@3")     # cat 5 was not moved: refused, nothing committed
    assert t.drain_commits() == [] and "No: cat 5 was not moved this turn" in t.view().instruction
    t.on_card("event", 0.0, "miau:1@3")
    (commit,) = t.drain_commits()
    assert commit == Commit("move", "miau:1@3", t.game.format_position(t.position))
    assert "Player 2 draws a replacement card" in t.view().instruction


def test_a_wrong_win_claim_is_refused_without_giving_a_secret_away():
    t = cats_ready()
    claims = [c for c in t.choices() if c.startswith("win:")]
    assert len(claims) == 20                # every cat and object: the list tells nothing
    t.on_card("event", 0.0, "win:2m")
    assert t.drain_commits() == [] and "No: no win: play on" in t.view().instruction
    t.on_card("event", 0.0, "win:3m")
    assert t.drain_commits()[0].move == "win:3m" and t.view().winner == 2
    assert t.view().phase == "won" and t.view().screen.header("en") == "Player 3 wins!"


def test_the_buttons_walk_the_choices_and_ok_plays_one():
    from companion.tables.choicemenu import UP, Group

    t = cats_ready()
    first = t.choices()
    assert first[0] == "step:1" and "step:b" in first and first[-2:] == ["secret", "blocked"]
    items = t.menu_items()
    assert items[:5] == ["step:1", "step:2", "step:3", "step:4", "step:5"]
    assert isinstance(items[5], Group) and items[5].leaves == ("step:b", "step:c", "step:m", "step:p")
    assert items[6:] == [items[6], "secret", "blocked"] and items[6].path == ("win",)
    assert "> step: cat 1 (option 1 of 9)" in t.view().instruction
    t.on_button("cat", "press", 0.0)
    assert f"> {t.describe(first[1])} (option 2 of 9)" in t.view().instruction
    for _ in range(3):
        t.on_button("back", "press", 0.0)
    assert "> show my cards (option 8 of 9)" in t.view().instruction
    t.on_button("ok", "press", 0.0)         # shows the acting player's cards again
    assert t.view().instruction == "Player 1: alone? Then press OK"
    t.on_button("ok", "press", 0.0)
    t.on_button("ok", "press", 0.0)
    for _ in range(5):
        t.on_button("cat", "press", 0.0)
    assert "> step with an object … (option 6 of 9)" in t.view().instruction
    t.on_button("ok", "press", 0.0)         # opening a group commits nothing
    assert t.drain_commits() == [] and t.menu_items() == ["step:b", "step:c", "step:m", "step:p", UP]
    t.on_button("back", "press", 0.0)
    assert "> back to the previous choices (option 5 of 5)" in t.view().instruction
    t.on_button("ok", "press", 0.0)         # up again, on the group it came from
    assert "> step with an object …" in t.view().instruction
    t.on_button("ok", "press", 0.0)
    t.on_button("cat", "press", 0.0)
    t.on_button("ok", "press", 0.0)
    assert t.moves[-1] == "step:c" and t.opened == [] and t.selected == 0
    t.on_button("cat", "press", 0.0)
    t.on_button("ok", "press", 0.0)
    assert t.moves[-1] == "step:2" and "> step: cat 2" in t.view().instruction
    t.on_button("ok", "press", 0.0)         # the same cat walks on: one press a step
    assert t.moves[-2:] == ["step:2", "step:2"]


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
    first_cards(t)
    t.drain_commits()
    # each seat's counts apart (issue 46, item 10), whose turn
    assert t.view().instruction.startswith("1: 9 lives, 0/6 · 2: 9 lives, 0/6 · Player 1: tap a Mog card")
    t.play("fight:2:B", 0.0)
    t.on_card("event", 0.0, "C1")
    assert "No: cat 1 is not a bird card" in t.view().instruction
    t.on_card("event", 0.0, "B4")
    assert "fight, Player 2: tap a bird card" in t.view().instruction and t.position.turn == 1
    t.play("none", 0.0)
    assert t.position.lives == (9, 8) and "Player 2 loses 1 life (8 left)" in t.view().instruction
    assert [c.move for c in t.drain_commits()] == ["fight:2:B", "B4", "none"]


def test_cat_attack_in_german_and_the_win_check_line():
    t = make("cat-attack", players=2, language="de")
    deal(t, "first:2")
    assert t.view().screen.header("de") == "Spieler 2 ist dran"
    assert "Miezekarte antippen" in t.view().instruction
    t.line.reset(t.game.parse_position(t.game.format_position(t.position).replace(
        "cats=9H,9H", "cats=9H,9Hbmkfvc")), commit=None)
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
    a.line.reset(a.game.parse_position(a.game.format_position(a.position).replace(
        "cats=9H,9H", "cats=9Hbf,0A").replace("hands=6,6", "hands=6,0").replace(
        "deck=51/0", "deck=51/6")), commit=None)
    cells = a.view().leds.cells
    assert cells[30].color == (90, 160, 255) and cells[33].color == (255, 90, 160)
    assert cells[31].effect.value == "off" and all(c.color == (60, 0, 0) for c in cells[24:30])


def test_a_challenge_verdict_shows_green_or_red():
    from companion.tables.picker import FLASHES

    for guess, leds, said in (("challenge:2=2", "ok", "The challenge is right"),
                              ("challenge:2=5", "no", "The challenge is wrong")):
        t = cats_ready()
        quiet_round(t)
        for event in ("step:4", "step:4", "step:4", "step:4", "end"):
            t.play(event, 0.0)
        pass_until(t, "challenge")           # through the window and the swaps
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


# Undo ------------------------------------------------------------------------------------------
def attack_ready(language="en"):
    t = make("cat-attack", players=2, language=language)
    deal(t, "first:1")
    t.drain_commits()
    return t


def undos(commits):
    return [c.kind for c in commits].count("undo")


def test_undo_is_a_card_function_and_back_held():
    from companion.tables.picker import FLASHES

    for name in ("cats", "cat-attack"):
        assert "undo" in make(name).card_functions
    t = attack_ready()
    start = t.position
    t.on_card("event", 0.0, "C3")
    t.drain_commits()
    t.on_button("back", "long", 5.0)        # BACK held: the tapped card goes
    assert t.position == start and t.moves == ["first:1"]
    assert t.drain_commits() == [Commit("undo", None, t.game.format_position(start))]
    assert t.view().instruction.startswith("taken back: Mog card: cat 3 · ") and t.view().leds == FLASHES["ok"]
    t.on_card("event", 6.0, "M2")
    t.drain_commits()
    t.on_card("undo", 7.0)                  # the undo card does the same
    assert t.position == start and undos(t.drain_commits()) == 1


def test_with_nothing_to_take_back_one_line_and_no_commit():
    from companion.tables.picker import FLASHES

    t = attack_ready()
    t.on_button("back", "long", 1.0)        # the start player's lot is chance: it stays
    assert t.moves == ["first:1"] and t.drain_commits() == []
    assert t.view().instruction.startswith("No: nothing to take back · ")
    assert t.view().leds == FLASHES["no"]
    c = cats_ready("de")
    c.on_card("undo", 1.0)                  # the deal is never taken back
    assert c.moves[:4] == ["deal:1b", "deal:2c", "deal:3m", "first:1"] and c.drain_commits() == []
    assert c.view().instruction.startswith("Nein: nichts zurückzunehmen")


def test_the_roll_after_an_undone_event_is_kept_not_rolled_again():
    t = attack_ready()
    t.on_card("event", 0.0, "C3")
    t.play("done", 0.0)                     # meant to report the bird first
    deal(t, "d6:2")
    t.drain_commits()
    t.on_button("back", "long", 1.0)        # 'done' goes, and the roll after it with it
    assert t.moves == ["first:1", "C3"] and t.position.phase == "move"
    commits = t.drain_commits()
    assert [c.kind for c in commits] == ["undo", "undo"]
    assert commits[-1].position == t.game.format_position(t.position)
    assert "roll 2 stays for the next roll" in t.view().instruction
    t.play("catch:b", 2.0)
    t.play("done", 2.0)                     # the same die again: the service draws nothing
    assert t.moves[-3:] == ["catch:b", "done", "d6:2"] and t.game.to_move(t.position) == 0
    assert [(c.kind, c.move) for c in t.drain_commits()] == [
        ("move", "catch:b"), ("move", "done"), ("move", "d6:2")]
    assert "the kept roll: 2" in t.view().instruction and "rolled 2:" in t.view().instruction


def test_an_undo_after_the_roll_keeps_the_roll():
    t = attack_ready()
    t.on_card("event", 0.0, "C3")
    t.play("done", 0.0)
    deal(t, "d6:4")
    t.play("catch:m", 0.0)                  # the wrong creature
    t.drain_commits()
    t.on_button("back", "long", 1.0)
    assert t.moves[-1] == "d6:4" and t.position.die == 4 and t.kept == []
    assert undos(t.drain_commits()) == 1 and "rolled 4: where did your cat land?" in t.view().instruction


def test_speedy_cats_rolls_stay_in_order_and_only_for_that_turn():
    t = attack_ready()
    t.on_card("event", 0.0, "SPEEDY")
    deal(t, "d6:3")
    t.play("done", 0.0)
    deal(t, "d6:5")
    t.play("done", 0.0)
    deal(t, "d6:1")
    t.drain_commits()
    for _ in range(3):
        t.on_button("back", "long", 1.0)
    assert t.moves == ["first:1"] and undos(t.drain_commits()) == 6
    assert [d for d, _ in t.kept] == ["d6:3", "d6:5", "d6:1"]
    assert "taken back: Mog card: Speedy Cat" in t.view().instruction
    t.on_card("event", 2.0, "SPEEDY")       # played again: the same three rolls, in order
    t.play("done", 2.0)
    t.play("done", 2.0)
    assert t.moves == ["first:1", "SPEEDY", "d6:3", "done", "d6:5", "done", "d6:1"]
    u = attack_ready()
    u.on_card("event", 0.0, "SPEEDY")
    deal(u, "d6:3")
    u.play("done", 0.0)
    deal(u, "d6:5")
    for _ in range(2):
        u.on_button("back", "long", 1.0)
    assert "rolls 3, 5 stay for the next rolls" in u.view().instruction
    u.on_card("event", 2.0, "C3")           # an ordinary card instead: one roll this turn
    u.play("done", 2.0)
    u.play("done", 2.0)                     # seat 2's turn: seat 1's leftover roll is dropped
    assert u.moves[-3:] == ["done", "d6:3", "done"] and u.position.active == 1
    u.on_card("event", 3.0, "C2")
    u.play("done", 3.0)
    assert u.kept == [] and u.game.to_move(u.position) == -1   # the service rolls for seat 2


def test_undo_reopens_a_finished_game_of_cat_attack():
    game = games.get("cat-attack", players=2)
    start = game.parse_position(game.format_position(attack_ready().position).replace(
        "cats=9H,9H", "cats=9H,1A"))     # seat 2 is out in the street with one life left
    t = tables.make(game, start, language="en", players=())
    t.play("fight:2:C", 0.0)
    t.play("C4", 0.0)
    t.play("none", 0.0)                     # seat 2 loses its last life: seat 1 wins
    assert t.view().winner == 0 and "undo: hold BACK" in t.view().instruction
    t.drain_commits()
    t.on_button("back", "long", 1.0)
    assert t.view().winner is None and t.position.phase == "fight" and undos(t.drain_commits()) == 1


def test_cats_undoes_steps_and_reactions_but_never_a_revealed_card():
    from companion.tables.picker import FLASHES

    t = cats_ready()
    t.play("blocked", 0.0)
    t.drain_commits()
    t.on_button("back", "long", 0.0)
    assert t.moves[-1] == "first:1" and t.position.phase == "move" and undos(t.drain_commits()) == 1
    assert t.view().instruction.startswith("taken back: no further step possible")
    quiet_round(t)
    for event in ("step:4", "step:4", "step:4", "step:4", "end"):
        t.play(event, 0.0)
    pass_until(t, "challenge")
    before = list(t.moves)
    t.play("challenge:2=5", 1.0)            # wrong: the challenger's own cat card is turned up
    t.drain_commits()
    t.on_card("undo", 2.0)
    assert t.moves == before + ["challenge:2=5"] and t.drain_commits() == []
    assert "No: cannot take back a revealed card" in t.view().instruction
    assert t.view().leds == FLASHES["no"] and "undo: hold BACK" not in t.view().instruction
    t.language = "de"
    t.on_button("back", "long", 3.0)
    assert "Nein: eine aufgedeckte Karte bleibt aufgedeckt" in t.view().instruction
    assert t.moves == before + ["challenge:2=5"] and t.drain_commits() == []
    w = cats_ready()
    w.on_card("event", 0.0, "win:3m")       # the claim tells whose cat loves the mouse
    w.on_button("back", "long", 0.0)
    assert w.view().winner == 2 and "No: cannot take back a revealed card" in w.view().instruction


def test_cats_undo_waits_while_a_player_looks_at_their_cards():
    t = cats_ready()
    t.play("step:1", 0.0)
    t.play("secret", 0.0)                   # "show my cards": alone? -> the cards
    t.on_button("ok", "press", 0.0)
    assert t.view().private and "undo" not in t.view().instruction
    t.on_button("back", "long", 0.0)
    t.on_card("undo", 0.0)
    assert t.moves[-1] == "step:1" and t.drain_commits()[-1].kind == "move"
    t.on_button("ok", "press", 0.0)         # hidden again: now it can be taken back
    t.on_button("back", "long", 0.0)
    assert t.moves[-1] == "first:1"
    assert t.drain_commits() == [Commit("undo", None, t.game.format_position(t.position))]


def test_the_other_gestures_are_unchanged_by_undo():
    t = cats_ready()
    options = t.choices()
    t.on_button("back", "press", 0.0)       # BACK pressed: still the previous choice
    assert f"> {t.describe(options[-1])}" in t.view().instruction and t.drain_commits() == []
    t.play("step:1", 0.0)
    t.on_button("ok", "long", 0.0)          # OK held: the new game question; BACK held: no
    t.on_button("back", "long", 0.0)
    assert t.view().phase == "move" and t.moves[-1] == "step:1"
    t.on_button("ok", "long", 0.0)
    t.on_card("undo", 0.0)                  # any other card answers no and does nothing else,
    assert t.view().phase == "move" and t.moves[-1] == "step:1"   # as in every game (TableBase)
    t.on_card("undo", 0.0)                  # the undo card again: now it takes back
    assert t.moves[-1] == "first:1"


def check_fits_or_pages(screen, language):
    """Every line fits the OLED's width, every page its height, and every word of the
    instruction is shown once (the header's rest first, when the header bar could not hold it)."""
    from companion.ui.render import HEIGHT, LINE_H, WIDTH, pages, text_width
    from tests.test_ui_paging import words

    body = pages(screen, language)
    assert all(0 < len(page) <= (HEIGHT - 13) // LINE_H for page in body), body
    assert all(text_width(line) <= WIDTH - 1 for page in body for line in page), body
    from companion.ui.render import title_line

    shown = [w for page in body for line in page for w in words(line)]
    said = words(screen.instruction(language))
    # a header the bar cannot hold goes on in the body (issue 32 item 14): never twice
    assert words(title_line(screen, language)) + shown == words(screen.header(language)) + said, (shown, said)


def test_the_undo_help_and_lines_in_both_languages_fit_or_page():
    for language, keys in (("de", "rückgängig: Zurück lang"), ("en", "undo: hold BACK")):
        t = attack_ready(language)
        assert keys not in t.view().instruction           # nothing to take back yet
        t.on_card("event", 0.0, "SPEEDY")
        deal(t, "d6:3")
        t.play("done", 0.0)
        deal(t, "d6:5")
        assert t.view().instruction.endswith(keys)
        t.on_button("back", "long", 0.0)
        check_fits_or_pages(t.view().screen, language)
        t.on_button("back", "long", 0.0)
        check_fits_or_pages(t.view().screen, language)
        assert t.view().instruction.startswith(("zurückgenommen: Miezekarte: Flinke Katze · Würfe 3, 5 gelten",
                                                 "taken back: Mog card: Speedy Cat · rolls 3, 5 stay"))
        t.on_card("event", 0.0, "SPEEDY")
        check_fits_or_pages(t.view().screen, language)
        c = cats_ready(language)
        c.on_card("undo", 0.0)
        check_fits_or_pages(c.view().screen, language)
        c.play("step:b", 0.0)
        c.on_card("undo", 0.0)
        check_fits_or_pages(c.view().screen, language)
        assert c.view().instruction.startswith(("zurückgenommen: Schritt: Futternapf" if language == "de"
                                                else "taken back: step: food bowl"))


def test_a_resumed_table_continues_from_the_undone_position():
    t = attack_ready()
    t.on_card("event", 0.0, "C3")
    t.play("done", 0.0)
    deal(t, "d6:2")
    t.on_button("back", "long", 0.0)
    again = make("cat-attack", players=2, moves=t.moves)
    assert again.position == t.position and again.history == t.history
    again.on_button("back", "long", 0.0)
    assert again.moves == ["first:1"] and undos(again.drain_commits()) == 1


def test_a_fights_verdict_stays_until_ok_even_when_the_die_is_rolled():
    """Issue 20, point 6: 'cannot match' ends the fight; its verdict and consequence (the winner
    may look at the loser's hand and swap a card) stay on the OLED, above the roll the service
    makes next, until an OK of its own; the fight names whose card it waits for."""
    t = make("cat-attack", players=3)
    first_cards(t)                          # seat 3's turn
    t.play("fight:1:C", 0.0)                # seat 3 picks a fight with seat 1, cat cards
    assert "fight, Player 3: tap a cat card or 'cannot match'" in t.view().instruction
    t.on_card("event", 0.0, "C1")           # seat 3's cat card
    assert "fight, Player 1: tap a cat card or 'cannot match'" in t.view().instruction
    t.play("none", 0.0)                     # seat 1 cannot match
    verdict = "Player 1 cannot match: Player 3 wins the fight"
    assert verdict in t.view().instruction and t.ack
    assert t.game.to_move(t.position) == -1  # the service rolls next: the verdict stays
    deal(t, t.game.format_move(t.position, t.game.chance_outcomes(t.position)[0][0]))
    assert verdict in t.view().instruction and "may look at Player 1's hand" in t.view().instruction
    assert t.ack
    t.on_button("ok", "press", 1.0)         # read: the OK picks nothing
    assert not t.ack
