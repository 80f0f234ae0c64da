"""The Monster Mau Mau table's decisions (pure): set-up, taps, buttons, the OLED's lines and the
LED ring; and whole games played through it by the virtual deck's computer players."""
from __future__ import annotations

import random

import pytest

from companion.games.monster_mau_mau import bot, engine, notation
from companion.games.monster_mau_mau.deck import Tap, classify
from companion.tables.monster_mau_mau.session import RED, RING, MauMauSession, resume
from companion.games.monster_mau_mau.virtual import VirtualTable


def card(face: str) -> Tap:
    return Tap("card", "04:00", face=face)


def started(players=4, names=(), rules=frozenset(), first="p3") -> MauMauSession:
    s = MauMauSession(rules)
    for n in names:
        s.on_player_card(n, 0)
    while s.players < players:
        s.on_button("cat", "press", 0)
    s.on_button("ok", "press", 0)
    s.on_button("ok", "press", 0)
    s.on_tap(card(first), 0)
    return s


def fields(s: MauMauSession) -> dict[str, str]:
    return dict(f.split("=") for f in notation.format_position(s.position).split())


def test_ring_is_the_20_edge_squares_clockwise():
    assert len(RING) == len(set(RING)) == 20 and RING[:6] == (0, 6, 12, 18, 24, 30)
    edge = {sq for sq in range(36) if sq % 6 in (0, 5) or sq // 6 in (0, 5)}
    assert set(RING) == edge
    for n in range(2, 11):
        assert len(set(MauMauSession.seat_squares(n))) == n


def test_setup_players_names_deal_and_first_card():
    s = MauMauSession()
    assert s.lines(0)[:3] == ("Spieler*innen: 4", "Wie viele spielen?", "Katze +1, Zurück -1, OK")
    for _ in range(9):
        s.on_button("cat", "press", 0)
    assert s.players == 10
    for _ in range(12):
        s.on_button("back", "press", 0)
    assert s.players == 2
    s.on_player_card("Anna", 0)
    s.on_player_card("Ben", 0)
    s.on_player_card("Cleo", 0)
    assert s.players == 3 and s.names == ["Anna", "Ben", "Cleo"]
    s.on_button("back", "press", 0)
    assert s.players == 3  # not fewer seats than names
    s.on_button("ok", "press", 0)
    assert s.lines(0) == ("Je 8 Karten", "Katze +1, Zurück -1", "austeilen, dann OK", "")
    for _ in range(20):
        s.on_button("cat", "press", 0)
    assert s.deal == 15
    s.on_button("back", "press", 0)
    s.on_button("ok", "press", 0)
    (commit,) = s.drain_commits()
    assert commit.kind == "new_game" and commit.position == (
        "hands=14,14,14 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=68 discard=0 mau=0")
    assert s.lines(0)[:2] == ("Erste Karte aufdecken", "und antippen")
    s.on_tap(card("sR"), 1)
    assert s.stage == "first_card" and s.lines(1)[:3] == (
        "Streifen Richtung", "nächste Karte darauf", "und antippen")
    s.on_tap(card("g4"), 2)
    assert s.stage == "play" and [c.move for c in s.drain_commits()] == ["up:sR", "up:g4"]
    assert s.lines(2)[:3] == ("Oben: Gekrakel 4", "Am Zug: Anna", "im Uhrzeigersinn")


def test_ten_players_deal_at_most_10_and_two_count_lines():
    s = MauMauSession()
    for _ in range(6):
        s.on_button("cat", "press", 0)
    s.on_button("ok", "press", 0)
    for _ in range(9):
        s.on_button("cat", "press", 0)
    assert s.deal == 10
    s.on_button("ok", "press", 0)
    s.on_tap(card("z1"), 0)
    lines = s.lines(0)
    assert lines[3] == ">1:10 2:10 3:10 4:10 5:10" and lines[4] == "6:10 7:10 8:10 9:10 10:10"


def test_a_card_that_does_not_fit_flashes_red_and_changes_nothing():
    s = started()
    s.drain_commits()
    before = s.position
    s.on_tap(card("s7"), 10.0)
    assert s.position == before and s.drain_commits() == []
    assert "Streifen 7 passt nicht auf Punkte 3" in s.lines(10.0)
    assert all(led.colour == RED and led.effect == "blink" for led in s.ring(10.5).values())
    assert set(s.ring(10.5)) == set(RING)
    assert s.ring(12.0)[0].colour != RED  # the flash is over; seat 1 (a1) pulses in its colour


def test_the_rules_refusals_on_the_oled_speak_the_table_language():
    # QA: a German table showed the rules engine's English reasons (a card tapped during a
    # penalty, Mau! with 3 cards in the hand)
    s = started(players=2)
    s.line.reset(engine.Position(hands=(3, 2), turn=0, top="p+3", phase=engine.PENALTY, pending=3,
                                 pile=98, discard=7), commit=None)
    s.on_tap(card("p5"), 0)
    assert "Erst die Strafkarten ziehen (3); auf +3 oder +4 legt man keine weitere" in s.lines(0)
    s.line.reset(engine.Position(hands=(3, 2), turn=0, top="p3", phase=engine.PLAY, pile=98,
                                 discard=7), commit=None)
    s.on_button("cat", "press", 1)
    assert "Mau! ruft man mit 2 Karten auf der Hand (du hast 3)" in s.lines(1)
    s.language = "en"
    s.on_button("cat", "press", 2)
    assert "Mau! is called holding 2 cards; Player 1 holds 3" in s.lines(2)


def test_wild_card_wish_chosen_with_the_buttons():
    s = started(names=("Anna", "Ben"))
    s.drain_commits()
    s.on_tap(card("+4"), 0)
    assert s.stage == "wish" and s.lines(0)[2] == "Wunsch Streifen? Katze/OK"
    s.on_button("cat", "press", 0)
    s.on_button("cat", "press", 0)
    assert s.lines(0)[2] == "Wunsch Zickzack? Katze/OK"
    s.on_button("ok", "press", 0)
    (commit,) = s.drain_commits()
    assert commit.move == "+4>z" and fields(s)["pending"] == "4" and fields(s)["wish"] == "z"
    assert s.lines(0)[:4] == ("Oben: Plus-Vier", "Wunsch: Zickzack", "Am Zug: Ben",
                              "4 Karten ziehen (OK)")
    ring = s.ring(0)
    assert ring[s.seat_squares(4)[1]].colour == RED  # the penalty in red at Ben's seat
    s.on_button("ok", "press", 1)  # one press draws all four
    assert fields(s)["hands"] == "6,11,7,7" and "Ben zieht 4" in s.lines(1)
    s.on_tap(card("MW"), 2)
    s.on_button("back", "press", 2)  # cancelled: nothing played
    assert s.stage == "play" and s.drain_commits()[-1].move == "draw"


def test_draw_pass_mau_and_the_forgotten_mau():
    s = started(players=2)
    s.drain_commits()
    s.on_button("ok", "press", 0)
    assert s.position.phase == engine.DRAWN and s.lines(0)[2] == "legen oder weiter: OK"
    s.on_button("ok", "press", 0)
    assert fields(s)["turn"] == "2" and [c.move for c in s.drain_commits()] == ["draw", "pass"]
    s.line.reset(engine.Position(hands=(3, 2), turn=1, top="p3", phase=engine.PLAY, pile=98,
                                 discard=7), commit=None)
    s.on_button("cat", "press", 0)
    assert "Spieler 2: Mau!" in s.lines(0) and s.position.mau
    s.on_tap(card("p5"), 0)
    assert fields(s)["hands"] == "3,1"
    s.on_tap(card("p6"), 0)  # seat 1 holds 3: no Mau needed
    s.line.reset(engine.Position(hands=(2, 1), turn=0, top="p6", phase=engine.PLAY, pile=99,
                                 discard=8), commit=None)
    s.on_tap(card("p7"), 1)
    assert "Mau vergessen! Spieler 1 zieht 1" in s.lines(1) and fields(s)["hands"] == "2,1"


def test_undo_steps_back_through_the_events_and_to_the_deal():
    s = started()
    s.on_tap(card("p5"), 0)
    s.undo(0)   # BACK held, as the table routes it
    assert fields(s)["top"] == "p3" and s.drain_commits()[-1].kind == "undo"
    s.undo(0)   # BACK held, as the table routes it
    assert s.stage == "first_card" and fields(s)["top"] == "-"
    s.undo(0)   # BACK held, as the table routes it
    assert s.stage == "deal" and s.position is None


def test_control_cards_and_unknown_tags_are_told_apart_and_change_nothing():
    s = started()
    before = s.position
    s.on_tap(classify("04:AA", "maunz:undo"), 0)
    assert "Steuerkarte undo" in s.lines(0)
    s.on_tap(classify("04:BB", "hello"), 1)
    assert "unbekannte Karte 04:BB" in s.lines(1) and s.position == before


def test_english_and_empty_pile_asks_for_the_shuffle():
    s = MauMauSession(language="en")
    s.on_button("ok", "press", 0)
    s.on_button("ok", "press", 0)
    s.on_tap(card("s1"), 0)
    s.line.reset(engine.Position(hands=(30, 30, 30, 10), turn=0, top="s1", phase=engine.PLAY,
                                 pile=0, discard=10), commit=None)
    assert s.lines(0)[2] == "pile empty: shuffle the discards"
    s.on_button("ok", "press", 0)
    assert "shuffle the discards: new pile" in s.lines(0)


@pytest.mark.parametrize("players", [2, 4, 10])
def test_whole_games_through_the_table_with_computer_players_and_resume(players):
    rng = random.Random(players)
    deck = VirtualTable(rng, players=players)
    s = MauMauSession()
    while s.players != players:
        s.on_button("cat" if s.players < players else "back", "press", 0)
    s.on_button("ok", "press", 0)
    s.on_button("ok", "press", 0)
    now = 0.0
    while deck.position.phase != engine.OVER:
        now += 1
        if deck.position.phase == engine.START:
            deck.turn_up()
            s.on_tap(card(deck.discard[-1]), now)
        else:
            seat = deck.position.turn
            event = bot.choose(deck.position, deck.hands[seat], deck.playable(seat))
            deck.event(event)
            if event.kind == "play":
                s.on_tap(card(event.card), now)
                if event.wish:
                    for _ in range("spzg".index(event.wish)):
                        s.on_button("cat", "press", now)
                    s.on_button("ok", "press", now)
            else:
                s.on_button({"draw": "ok", "pass": "ok", "mau": "cat"}[event.kind], "press", now)
        assert s.position == deck.position
    winner = f"Spieler {deck.position.turn + 1} gewinnt"
    assert s.lines(now)[:2] == ("Mau Mau!", winner)
    assert {led.colour for led in s.ring(now).values()} == {s.ring(now)[0].colour}
    start, moves = None, []
    for c in s.drain_commits():
        if c.kind == "new_game":
            start = c.position
        elif c.kind == "move":
            moves.append(c.move)
    assert moves == deck.log
    assert resume(frozenset(), start, moves).position == deck.position


def test_the_oled_in_english_names_seats_and_cards_in_words():
    s = started(players=2)
    s.language = "en"
    s.drain_commits()
    assert s.lines(0)[:3] == ("Top: dots 3", "To play: Player 1", "clockwise")
    s.on_tap(card("s7"), 1.0)
    assert "stripes 7 does not fit on dots 3" in s.lines(1.0)
    s.on_tap(card("KK"), 2.0)
    assert s.lines(2.0)[2] == "wish stripes? CAT/OK"   # the button, as the English OLED names it
    for _ in range(3):
        s.on_button("cat", "press", 2.0)
    s.on_button("ok", "press", 2.0)
    assert s.drain_commits()[-1].move == "KK>g"  # the journal keeps the tokens
    assert s.lines(2.0)[:3] == ("Top: creative card", "wish: scribble", "To play: Player 2")


def test_every_card_in_words_fits_the_oled():
    from companion.tables.monster_mau_mau import words
    from companion.games.monster_mau_mau.cards import FACES
    from companion.tables.monster_mau_mau.session import TITLE_CHARS

    for language in ("de", "en"):
        said = {words.card(face, language) for face in FACES}
        assert len(said) == len(FACES)  # no two cards sound alike
        assert max(len(w) for w in said) <= words.LONGEST <= TITLE_CHARS
    assert len(words.card("gA", "de")) == words.LONGEST
    assert words.card("gA", "de") == "Gekrakel Aussetzen" and words.card("zR", "en") == "zigzag reverse"
    assert words.card("s+3", "de") == "Streifen +3" and words.card("+4", "de") == "Plus-Vier"
    assert words.seat("", 0, "de") == "Spieler 1" and words.seat("Eve", 2, "en") == "Eve"


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_screens_of_real_games_keep_the_top_card_whole_and_page_the_rest(language):
    """Every OLED screen of computer games (2-10 seats, names or none): the header bar shows the
    top card uncut, every line fits the display, every word reaches it (paged when long)."""
    import random

    from companion.games.monster_mau_mau.cards import FACES
    from companion.tables.monster_mau_mau.laptop import LaptopGame
    from companion.ui.render import WIDTH, pages, text_width, title_line
    from companion.ui.screens import Screen, msg

    seen = set()
    for seed, players in enumerate((2, 4, 6, 10)):
        names = ("Maximiliane", "", "Bo") if seed % 2 else ()
        g = LaptopGame(random.Random(seed), players, human=None, names=names, language=language)
        for _ in range(150):
            if g.over:
                break
            g.advance(limit=1)
            seen.add(tuple(line for line in g.table.lines(g.now) if line))
    assert len(seen) > 100
    for lines in seen:
        screen = Screen("cards", title=msg("text", text=lines[0]),
                        lines=tuple(msg("text", text=line) for line in lines[1:]))
        assert text_width(lines[0]) <= WIDTH - 4, lines[0]  # the header bar never cuts it
        body = pages(screen, language)
        assert all(text_width(line) <= WIDTH - 1 for page in body for line in page)
        shown = [w for page in body for line in page for w in line.split() if w != "·"]
        # (a header the bar shares with the page marker "1/2" goes on in the body, never twice)
        assert title_line(screen, language).split() + shown == [w for line in lines for w in line.split()]
        tokens = [t for t in " ".join(lines).split() if t in FACES and t not in ("+4", "+3")]
        assert tokens == [], lines


def test_the_table_journals_from_the_session_line_and_a_new_game_keeps_what_is_not_drained():
    import companion.games as games
    from companion import tables
    from companion.tables.protocol import Commit

    game = games.get("monster-mau-mau")
    t = tables.make(game, language="en", players=())
    initial = game.format_position(game.initial_position())
    t.on_card("language", 0.0)                       # before the deal: the initial position
    assert t.drain_commits() == [Commit("settings", None, initial)]
    t.on_button("ok", "press", 0.0)
    t.on_button("ok", "press", 0.0)
    t.session.on_tap(card("p3"), 0.0)                # the first card turned up, then one played
    t.session.on_tap(card("p5"), 0.0)
    t.on_button("back", "long", 1.0)                 # undo: the line's pop
    assert [(c.kind, c.move) for c in t.drain_commits()] == [
        ("new_game", None), ("move", "up:p3"), ("move", "p5"), ("undo", None)]
    assert t.moves == ["up:p3"] and t.session.line.notes[0].position == t.position
    t.on_card("language", 2.0)
    t.new_game(2.0)                                  # back to the set-up: nothing lost, nothing new
    assert [c.kind for c in t.drain_commits()] == ["settings"]
    assert t.session.stage == "players" and t.position == game.initial_position() and t.moves == []


def test_undo_to_the_deal_of_a_resumed_game_offers_that_deal():
    # a game resumed from the journal never went through the set-up: taking back to the deal
    # offered "None cards" and the next CAT crashed
    s = resume(frozenset(), notation.format_position(engine.new_game(3, 5)), [])
    s.undo(0)
    assert s.stage == "deal" and s.deal == 5 and s.lines(0)[0] == "Je 5 Karten"
    s.on_button("cat", "press", 0)
    s.on_button("ok", "press", 0)
    assert fields(s)["hands"] == "6,6,6" and s.drain_commits()[-1].kind == "new_game"


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_deal_screen_says_cat_and_back_change_the_number(language):
    """Issue 32 item 10: the deal screen names the buttons that change the number of cards."""
    s = MauMauSession(language=language)
    s.on_button("ok", "press", 0)
    shown = " ".join(s.lines(0)).lower()
    assert s.stage == "deal" and "+1" in shown and "-1" in shown, shown
    assert ({"de": "katze", "en": "cat"}[language] in shown
            and {"de": "zurück", "en": "back"}[language] in shown), shown
    before = s.deal
    s.on_button("cat", "press", 0)
    assert s.deal == before + 1 and str(before + 1) in s.lines(0)[0]


@pytest.mark.parametrize("language", ["de", "en"])
def test_after_the_win_the_oled_says_new_game_press_ok(language):
    """Issue 32 item 10: as in the other four games, the win screen says how to start anew,
    and OK then asks for the new game."""
    from companion import games, tables
    from companion.tables.monster_mau_mau.laptop import LaptopGame
    from companion.ui import i18n

    g = LaptopGame(random.Random(5), 2, human=None, language=language)
    for _ in range(3000):
        if g.over:
            break
        g.advance(limit=1)
    assert g.over
    # the table as the service resumes it: the start and the events played
    table = tables.make(games.get("monster-mau-mau"), position=g.table.start, moves=g.table.events,
                        language=language, players=())
    view = table.view()
    assert view.phase == "won" and i18n.text("new_game_keys", language) in view.instruction, view.instruction
    table.on_button("ok", "press", 1.0)
    assert table.asking_new_game
