"""Monster Mau Mau in the real service with fake devices, in virtual time: set-up with the buttons,
cards tapped on the (fake) reader with their NDEF text, control cards and unknown tags told apart,
every event journaled, and the game resumed after a power loss."""
from __future__ import annotations

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.deck_store import DeckStore
from companion.service.devices import build_fakes

UID = "04:11:22:33:44:55:66"


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def companion(state, clock) -> Companion:
    cfg = Config(game=GameConfig(game="monster-mau-mau"))
    return Companion(cfg, build_fakes(), state_dir=state, ai_mode="off", clock=clock)


def step(c: Companion, clock: Clock, n: int = 2) -> None:
    for _ in range(n):
        clock.t += 0.1
        c.step(clock.t)


def press(c, clock, name, kind="press"):
    (c.devices.buttons.press if kind == "press" else c.devices.buttons.long)(name)
    step(c, clock)


def tap(c, clock, text, uid=UID):
    c.devices.cards.tap(uid, text)
    step(c, clock)


def test_a_game_at_the_table_through_the_service_and_resumed(tmp_path):
    clock = Clock()
    c = companion(tmp_path, clock)
    step(c, clock)
    assert c.table.view().phase == "players"
    press(c, clock, "back")
    press(c, clock, "back")  # 2 players
    press(c, clock, "ok")
    press(c, clock, "ok")  # 8 cards each
    assert c.journal.start_position() is not None
    assert c.game.format_position(c.journal.start_position()) == (
        "hands=8,8 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=94 discard=0 mau=0")
    tap(c, clock, "mmm:sR")  # covered (default F1)
    tap(c, clock, "mmm:p3")
    tap(c, clock, "mmm:s7", uid="04:00:00:00:00:00:07")  # does not fit: nothing journaled
    assert "Streifen 7 passt nicht auf Punkte 3" in c.table.view().instruction
    assert c.journal.moves() == ["up:sR", "up:p3"]
    tap(c, clock, "mmm:p5")
    press(c, clock, "ok")  # seat 2 draws
    press(c, clock, "ok")  # and passes
    tap(c, clock, "mmm:+4")
    press(c, clock, "cat")
    press(c, clock, "cat")  # wish z
    press(c, clock, "ok")
    assert c.journal.moves() == ["up:sR", "up:p3", "p5", "draw", "pass", "+4>z"]
    assert c.game.format_position(c.journal.position()).startswith(
        "hands=6,9 turn=2 dir=cw top=+4 wish=z pending=4 phase=penalty")
    tap(c, clock, "maunz:undo", uid="04:AA:00:00:00:00:01")  # a control card: undo
    assert c.journal.moves()[-1] == "pass"
    tap(c, clock, "hello", uid="04:BB:00:00:00:00:02")  # an unknown tag: the service says so
    assert any("unknown card 04:BB:00:00:00:00:02" in m for m in c.notices.messages)
    assert c.journal.moves()[-1] == "pass"
    before = c.game.format_position(c.journal.position())
    c.close() if hasattr(c, "close") else None
    # power loss: a new service on the same state directory goes on where the game was
    again = companion(tmp_path, clock)
    step(again, clock)
    assert again.game.info.name == "monster-mau-mau"
    assert again.game.format_position(again.table.position) == before
    assert again.table.view().phase == "play" and again.table.moves == c.journal.moves()


def test_cards_enrolled_by_uid_are_played_too(tmp_path):
    clock = Clock()
    c = companion(tmp_path, clock)
    DeckStore(c.journal.conn).add("04:CC:00:00:00:00:03", "monster-mau-mau", "g4")
    c.table.deck_uids = DeckStore(c.journal.conn).cards("monster-mau-mau")
    step(c, clock)
    press(c, clock, "ok")
    press(c, clock, "ok")
    tap(c, clock, None, uid="04:CC:00:00:00:00:03")
    assert c.journal.moves() == ["up:g4"]


def test_the_oled_names_players_and_cards_in_words_in_both_languages(tmp_path):
    """The OLED is the players' screen: seats by their player cards' names ("Spieler 2" without
    one), cards in short words ("Punkte 3"), each line within the display (paged, never cut);
    the journal keeps the notation's tokens."""
    from companion.ui.render import WIDTH, pages, render, text_width

    clock = Clock()
    c = companion(tmp_path, clock)
    step(c, clock)
    tap(c, clock, "maunz:player:Anna", uid="04:DD:00:00:00:00:01")  # names seat 1 only
    press(c, clock, "back")
    press(c, clock, "back")  # 2 players
    press(c, clock, "ok")
    press(c, clock, "ok")
    tap(c, clock, "mmm:gA")  # covered: the next card goes on it
    screen = c.table.view().screen
    assert screen.header("de") == "Gekrakel Aussetzen" and "nächste Karte darauf" in screen.instruction("de")
    tap(c, clock, "mmm:p3")
    screen = c.table.view().screen
    assert screen.header("de") == "Oben: Punkte 3"
    assert screen.instruction("de").startswith("Am Zug: Anna · im Uhrzeigersinn")
    tap(c, clock, "mmm:s7", uid="04:00:00:00:00:00:07")  # does not fit
    assert "Streifen 7 passt nicht auf Punkte 3" in c.table.view().instruction
    tap(c, clock, "mmm:p+3")  # Anna plays dots +3: seat 2 (no player card) must draw
    view = c.table.view()
    assert view.screen.header("de") == "Oben: Punkte +3"
    assert "Am Zug: Spieler 2" in view.instruction and "3 Karten ziehen (OK)" in view.instruction
    assert c.journal.moves() == ["up:gA", "up:p3", "p+3"]  # the tokens, never the words
    for page in pages(view.screen, "de"):
        assert all(text_width(line) <= WIDTH - 1 for line in page)
    render(view.screen, "de")

    tap(c, clock, "maunz:language:en", uid="04:DD:00:00:00:00:02")
    view = c.table.view()
    assert view.screen.header("en") == "Top: dots +3"
    assert "To play: Player 2" in view.instruction and "draw 3 cards (OK)" in view.instruction
    press(c, clock, "ok")  # seat 2 draws the three; Anna plays a +4 wishing zigzag
    tap(c, clock, "mmm:+4")
    press(c, clock, "cat")
    press(c, clock, "cat")  # wish zigzag
    press(c, clock, "ok")
    view = c.table.view()
    assert view.screen.header("en") == "Top: +4 wish"
    assert view.instruction.startswith("wish: zigzag · To play: Player 2 · draw 4 cards (OK)")
    assert c.journal.moves()[-1] == "+4>z"


def test_a_deal_of_the_default_players_and_cards_is_resumed_as_dealt(tmp_path):
    """Four players, seven cards each (what the set-up offers first): the deal is the game's
    initial position, and a power cut before the first card still comes back to "turn up the
    first card", not to the set-up; a game the service began itself (boot) comes back to the
    set-up."""
    clock = Clock()
    c = companion(tmp_path, clock)
    step(c, clock)
    c.close()
    c = companion(tmp_path, clock)     # a restart before anything was dealt: the set-up
    step(c, clock)
    assert c.table.view().phase == "players"
    press(c, clock, "ok")
    press(c, clock, "ok")
    assert c.table.view().phase == "first_card" and c.journal.moves() == []
    assert c.journal.start_position() == c.game.initial_position()
    c.close()
    c = companion(tmp_path, clock)
    step(c, clock)
    assert c.table.view().phase == "first_card"
    tap(c, clock, "mmm:p3")
    assert c.journal.moves() == ["up:p3"]
    c.close()
