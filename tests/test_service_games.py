"""One companion, several games: the table registry, the game menu and game cards, the journal
and the page for a game other than maunz. A small second game ("tally": the seats take turns
adding one; whoever reaches three wins) with a table of its own is registered for these tests
only, the way a new game's package registers itself, so the menu lists it by itself."""
from __future__ import annotations

import sqlite3

import pytest

import companion.games as games
from companion import catalogue, tables
import random
from fractions import Fraction

from companion.games.base import CHANCE, REFEREE, Game, GameInfo, IllegalMoveError, NotationError, Outcome
from companion.service import chance
from companion.service.events import Recorder
from companion.service.replay import replay
from companion.service.app import Companion
from companion.service.config import Config, ConfigError, GameConfig
from companion.service.devices import build_fakes
from companion.tables.menu import GameMenu
from companion.tables.moveline import MoveLine
from companion.tables.protocol import Table, TableView
from companion.ui.screens import Screen, msg
from companion.words import LedFrame
from tests.test_service_support import VirtualPlayer

TALLY = GameInfo(name="tally", title="Tally", aliases=(), min_players=2, max_players=2, served=REFEREE)


class Tally(Game):
    """Positions are (seat to move, count); the move is "+1"."""

    info = TALLY

    def __init__(self, rules=frozenset(), players=None):
        self.rules_set = frozenset(rules)

    def initial_position(self):
        return (0, 0)

    def legal_moves(self, position):
        return [] if self.outcome(position) else ["+1"]

    def apply(self, position, move):
        if move not in self.legal_moves(position):
            raise IllegalMoveError(f"illegal move {move!r} in {self.format_position(position)!r}")
        return (1 - position[0], position[1] + 1)

    def outcome(self, position):
        return Outcome(1 - position[0], "three") if position[1] >= 3 else None

    def to_move(self, position):
        return position[0]

    def parse_position(self, text):
        try:
            seat, count = text.split()
            return (int(seat), int(count))
        except ValueError:
            raise NotationError(f"tally position {text!r}: write 'SEAT COUNT', e.g. '0 2'") from None

    def format_position(self, position):
        return f"{position[0]} {position[1]}"

    def parse_move(self, position, text):
        if text != "+1":
            raise NotationError(f"tally move {text!r}: the only move is '+1'")
        return text

    def format_move(self, position, move):
        return move


RACE = GameInfo(name="race", title="Race", aliases=(), min_players=2, max_players=2, served=REFEREE)


class Race(Tally):
    """A die before every turn (1 with probability 1/2, 2 or 3 with 1/4 each); the seat then
    adds the roll ("add"). Whoever brings the total to 5 or more wins. Positions are
    (seat, total, roll or 0 = the die is to be rolled)."""

    info = RACE
    ROLLS = [("r1", Fraction(1, 2)), ("r2", Fraction(1, 4)), ("r3", Fraction(1, 4))]

    def initial_position(self):
        return (0, 0, 0)

    def to_move(self, position):
        return CHANCE if position[2] == 0 and not self.outcome(position) else position[0]

    def legal_moves(self, position):
        if self.outcome(position):
            return []
        return [m for m, _ in self.ROLLS] if position[2] == 0 else ["add"]

    def chance_outcomes(self, position):
        return list(self.ROLLS)

    def apply(self, position, move):
        if move not in self.legal_moves(position):
            raise IllegalMoveError(f"illegal move {move!r} in {self.format_position(position)!r}")
        seat, total, roll = position
        return (seat, total, int(move[1])) if move.startswith("r") else (1 - seat, total + roll, 0)

    def outcome(self, position):
        return Outcome(1 - position[0], "five") if position[1] >= 5 else None

    def parse_position(self, text):
        try:
            return tuple(int(x) for x in text.split())
        except ValueError:
            raise NotationError(f"race position {text!r}: write 'SEAT TOTAL ROLL'") from None

    def format_position(self, position):
        return " ".join(map(str, position))

    def parse_move(self, position, text):
        if text not in ("r1", "r2", "r3", "add"):
            raise NotationError(f"race move {text!r}: r1, r2, r3 or add")
        return text


class TallyTable(tables.TableBase):
    """A table by the protocol (its defaults, the language and player cards and the "new game?"
    question from TableBase, its moves on a MoveLine): CAT adds one (no bed, no LEDs)."""

    card_functions = ("new_game", "player", "language")

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seats=(), players=()):
        self.game = game
        self.line = MoveLine(game, position, moves)
        self.init_controls(language, players)

    def on_own_button(self, name, kind, now):
        legal = self.game.legal_moves(self.position)
        if name == "cat" and legal and self.game.to_move(self.position) != CHANCE:
            self.line.push(legal[0])

    def view(self):
        out = self.game.outcome(self.position)
        if self.asking_new_game:
            screen = self.new_game_screen()
        else:
            screen = Screen("won" if out else "await_placement", to_move=None if out else self.position[0],
                            lines=(msg("new_game_keys"),) if out else ())
        phase = "confirm_new_game" if self.asking_new_game else "won" if out else "await_placement"
        return TableView(LedFrame(), screen, self.position, tuple(self.moves), phase, "", False, False,
                         out.winner if out else None, asking_new_game=self.asking_new_game)


@pytest.fixture
def only_maunz(monkeypatch):
    """These tests are about two games at the table (maunz and tally): the other built-in games
    (Monster Mau Mau, Cats, Cat Attack, ...) are set aside while they run, and what the registry
    registers meanwhile is put back afterwards."""
    games._load_builtin()
    for name in ("_INFOS", "_FACTORIES", "_ALIASES"):
        monkeypatch.setattr(games, name, dict(getattr(games, name)))
    monkeypatch.setattr(catalogue, "GAMES", (catalogue.entry("maunz"),))


@pytest.fixture
def tally(monkeypatch, only_maunz):
    monkeypatch.setattr(catalogue, "GAMES", (*catalogue.GAMES,
                                             catalogue.Entry("tally", f"{__name__}:Tally", f"{__name__}:TallyTable")))


@pytest.fixture
def race(tally, monkeypatch):
    monkeypatch.setattr(catalogue, "GAMES", (*catalogue.GAMES,
                                             catalogue.Entry("race", f"{__name__}:Race", f"{__name__}:TallyTable")))


def make(state, **game):
    cfg = Config(game=GameConfig(**game)) if game else Config()
    c = Companion(cfg, build_fakes(), state_dir=state, ai_mode="off")
    return c, VirtualPlayer(c)


def press(c, p, name, kind="press"):
    (c.devices.buttons.long if kind == "long" else c.devices.buttons.press)(name)
    p.run(0.05)


def test_chance_is_drawn_by_the_service_and_journaled_before_it_is_shown(race, tmp_path):
    cfg = Config(game=GameConfig(game="race"))
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off", chance_source=random.Random(5))
    heard = []
    real = c.table.on_chance

    def on_chance(move, now):  # the table hears of a draw only once the journal has it
        heard.append((move, list(c.journal.moves())))
        real(move, now)

    c.table.on_chance = on_chance
    path = tmp_path / "race.jsonl"
    c.recorder = Recorder(path, c.record_header(), 0.0)
    p = VirtualPlayer(c)
    p.run(0.05)
    while c.journal.current.result == "unfinished":
        press(c, p, "cat")
    moves = c.journal.moves()
    assert moves[0] in ("r1", "r2", "r3") and moves[1] == "add" and moves == c.table.moves
    assert [journaled[-1] for _, journaled in heard] == [m for m, _ in heard] == moves[::2]
    # the recording ends at the virtual player's time: Companion.close() would stamp its end with
    # this machine's monotonic clock (hours of uptime), and the replay would step through all of it
    c.recorder.close(p.t, position=c.game.format_position(c.table.position), moves=moves)
    c.recorder = None
    c.close()
    # the same source draws the same dice; a replay replays the recorded draws, not new ones
    again = Companion(cfg, build_fakes(), state_dir=tmp_path / "again", ai_mode="off",
                      chance_source=random.Random(5))
    VirtualPlayer(again).run(0.05)
    assert again.journal.moves() == moves[:1]
    again.close()
    result = replay(path)
    assert result.moves == moves and result.matches


def test_a_draw_on_a_full_disk_is_shown_only_once_it_is_journaled(race, tmp_path):
    from tests.test_service_storage import FullDisk

    class NoRolls(FullDisk):  # the disk fills up exactly when the die is to be written
        def execute(self, sql, *args):
            if self.full and sql.startswith("INSERT INTO moves") and str(args[0][2]).startswith("r"):
                raise sqlite3.OperationalError("database or disk is full")
            return self.conn.execute(sql, *args)

    c = Companion(Config(game=GameConfig(game="race")), build_fakes(), state_dir=tmp_path, ai_mode="off",
                  chance_source=random.Random(2))
    p = VirtualPlayer(c)
    p.run(0.05)
    real = c.journal.conn
    c.journal.conn = NoRolls(real)
    press(c, p, "cat")  # "add" is journaled; the next die is drawn but cannot be
    p.run(0.5)
    assert c.screen.screen == ("storage", "")
    assert c.journal.moves()[1:] == ["add"] and c.table.moves == c.journal.moves()  # not shown
    c.journal.conn.full = False
    p.run(6.0)
    assert len(c.journal.moves()) == 3 and c.table.moves == c.journal.moves()  # the die, shown now
    c.journal.conn = real
    c.close()


def test_draw_gives_each_outcome_its_probability():
    rng = random.Random(1)
    counts = {"r1": 0, "r2": 0, "r3": 0}
    for _ in range(4000):
        counts[chance.draw(Race.ROLLS, rng)] += 1
    assert 1850 < counts["r1"] < 2150 and 850 < counts["r2"] < 1150 and 850 < counts["r3"] < 1150
    with pytest.raises(ValueError, match="do not add up to 1"):
        chance.draw([("a", Fraction(1, 2))], rng)


def test_every_table_keeps_the_protocol(tally, monkeypatch):
    assert tables.names() == ["maunz", "tally"]
    for name in tables.names():  # (a game without chance never hears on_chance)
        table = tables.make(games.get(name), moves=(), language="en", players=("A", "B"))
        assert isinstance(table, Table), name
        assert table.players == ("A", "B") and table.language == "en" and table.moves == []
        view = table.view()
        assert isinstance(view, TableView) and view == table.view()  # a value: equal when unchanged
    assert tables.has("boop") and not tables.has("chess")
    # a registered game without a table yet
    monkeypatch.setattr(catalogue, "GAMES", tuple(line._replace(table=None) if line.name == "tally" else line
                                                  for line in catalogue.GAMES))
    assert tables.names() == ["maunz"]
    with pytest.raises(games.GameError, match="^tally has no table yet; games with a table: maunz$"):
        tables.factory("tally")


def test_menu_switches_games_after_a_confirmation(tally, tmp_path):
    c, p = make(tmp_path)
    p.run(0.5)
    p.play("kc3")  # a maunz game in play
    press(c, p, "ok", "long")  # the table asks "new game?", and says CAT chooses another game
    assert c.table.phase == "confirm_new_game"
    # the table's own question (a game is running: it says the game ends), CAT for another game
    assert [m.key for m in c.screen.screen.lines] == ["menu_confirm", "menu_abandon", "confirm_keys",
                                                      "menu_other"]
    press(c, p, "cat")
    snap = c.snapshot()
    assert snap["phase"] == "menu" and c.screen.screen.kind == "menu"
    assert [m.params for m in c.screen.screen.lines[:2]] == [
        (("mark", " "), ("title", "maunz.")), (("mark", ">"), ("title", "Tally"))]
    press(c, p, "cat")  # the puzzles, while maunz. is played (tables/maunz/puzzle.py)
    assert c.switching.menu.choice.name == "maunz-puzzle"
    press(c, p, "cat")  # round the list
    assert c.switching.menu.choice.name == "maunz"
    press(c, p, "cat")
    press(c, p, "ok")   # chosen: asks for a confirmation
    assert c.screen.screen.kind == "confirm_new_game" and c.game.info.name == "maunz"
    press(c, p, "back")  # not yet: back to the list, nothing changed
    assert c.screen.screen.kind == "menu" and c.table.moves == ["kc3"]
    press(c, p, "ok")
    press(c, p, "ok")   # confirmed
    assert c.game.info.name == "tally" and isinstance(c.table, TallyTable)
    assert c.snapshot()["phase"] == "await_placement"
    press(c, p, "cat")
    assert c.journal.moves() == ["+1"]
    snap = c.snapshot()
    assert snap["game"] == "tally" and snap["view"] == "text" and snap["text"] == "1 1"
    assert snap["to_move"] == "2" and snap["players"] == {"1": "", "2": ""}
    conn = sqlite3.connect(tmp_path / "companion.db")
    rows = list(conn.execute("SELECT game, result FROM games ORDER BY id"))
    assert rows == [("maunz", "abandoned"), ("tally", "unfinished")]
    c.close()
    # the unfinished tally game resumes at boot although the config says maunz
    c, p = make(tmp_path)
    assert c.game.info.name == "tally" and c.table.moves == ["+1"]
    press(c, p, "cat")
    press(c, p, "cat")
    assert c.journal.current.result == "1"  # seat 0 (named "1") reached three
    c.close()
    conn = sqlite3.connect(tmp_path / "companion.db")
    assert conn.execute("SELECT result FROM games WHERE game='tally'").fetchone() == ("1",)


def test_the_page_caption_follows_the_menu_not_the_covered_table(tally, tmp_path):
    # QA: under "choose a game" the caption kept saying the table's "Place a kitten"
    c, p = make(tmp_path, language="en")
    p.run(0.5)
    assert c.snapshot()["instruction"] == "Place a kitten"
    press(c, p, "ok", "long")  # "new game? ... CAT = another game"
    assert c.snapshot()["instruction"] == "maunz. · OK = yes · BACK = no · CAT = another game"
    press(c, p, "cat")  # the list
    assert c.snapshot()["instruction"] == "maunz. · > Tally · maunz. puzzle · OK = choose · CAT = next"  # no padding
    press(c, p, "back")
    press(c, p, "back")  # out of the menu: the table's own words again
    assert not c.switching.menu.is_open and c.snapshot()["instruction"] == "Place a kitten"
    c.close()


def test_a_card_that_does_nothing_is_no_news_in_the_next_game(tally, tmp_path):
    # QA: "'ai_grey' does nothing in Katzenjammer" stayed on the page through Cats and Cat Attack
    c, p = make(tmp_path, language="en")
    c.cards.add("04:00:00:09", "game", "tally")
    c.cards.add("04:00:00:0a", "game", "maunz")
    c.cards.add("04:00:00:0b", "hint")
    p.run(0.5)
    for uid in ("04000009", "04000009", "0400000b"):  # to Tally (confirmed), then a hint card
        c.devices.cards.tap(uid)
        p.run(0.05)
    assert c.game.info.name == "tally"
    assert c.snapshot()["messages"] == ["card 'Hint' does nothing in Tally"]
    c.message("reed c3: chatters")  # a device's notice is not the game's
    for uid in ("0400000a", "0400000a"):
        c.devices.cards.tap(uid)
        p.run(0.05)
    assert c.game.info.name == "maunz" and c.snapshot()["messages"] == ["reed c3: chatters"]
    c.close()


def test_game_cards_and_back_out(tally, tmp_path):
    c, p = make(tmp_path)
    c.cards.add("04:00:00:09", "game", "tally")
    p.run(0.5)
    c.devices.cards.tap("04000009")
    p.run(0.05)
    assert c.screen.screen.kind == "confirm_new_game" and c.game.info.name == "maunz"
    press(c, p, "back")
    press(c, p, "back")  # out of the menu: the game in play as it was
    assert not c.switching.menu.is_open and c.screen.screen.kind != "menu"
    c.devices.cards.tap("04000009")
    p.run(0.05)
    c.devices.cards.tap("04000009")  # the same card again confirms
    p.run(0.05)
    assert c.game.info.name == "tally"
    # the game chosen at the table comes back after a restart, even before its first move
    # (issue 21: a power cut right after switching brought back the configured game)
    c.close()
    c, p = make(tmp_path)
    assert c.game.info.name == "tally"
    c.close()


def test_the_same_game_again_is_a_new_game(tally, tmp_path):
    c, p = make(tmp_path)
    p.run(0.5)
    p.play("kc3")
    press(c, p, "ok", "long")
    press(c, p, "cat")  # the menu, Tally selected
    press(c, p, "back")  # back to the question
    assert not c.switching.menu.is_open and c.table.phase == "confirm_new_game"
    press(c, p, "ok")  # yes: as in round 1
    assert c.game.info.name == "maunz" and c.table.moves == []
    assert c.table.view().phase == "correction"  # clear the bed for the new game
    conn = sqlite3.connect(tmp_path / "companion.db")
    assert [r for (r,) in conn.execute("SELECT result FROM games ORDER BY id")] == ["abandoned", "unfinished"]
    c.close()


def test_with_one_game_ok_long_asks_as_in_round_1(tmp_path, only_maunz):
    c, p = make(tmp_path)
    p.run(0.5)
    press(c, p, "ok", "long")
    assert c.table.phase == "confirm_new_game" and [m.key for m in c.screen.screen.lines] == [
        "confirm_keys"]
    press(c, p, "cat")  # no other game: CAT is the table's (ignored while it asks)
    assert not c.switching.menu.is_open
    c.close()


def test_game_cards_enrol_one_per_table_and_check_the_game(tally, tmp_path):
    import io

    from companion.service.cards import CardError, CardStore, parse_text
    from companion.service.cards_cli import enrol
    from companion.service.journal import DB_NAME, connect
    from hardware.fakes import FakeCardReader

    reader = FakeCardReader()
    reader.tap("11223344")
    reader.tap("55667788")
    store = CardStore(connect(tmp_path / DB_NAME))
    out = io.StringIO()
    assert enrol(store, reader, ["game"], stdin=io.StringIO(""), out=out, timeout=0.2) == 2
    assert [(c.function, c.name) for c in (store.get("11223344"), store.get("55667788"))] == [
        ("game", "maunz"), ("game", "tally")]
    assert "Tap the card for a new game of Tally" in out.getvalue()
    assert store.add("01020304", "game", "boop").name == "maunz"  # aliases resolve
    with pytest.raises(CardError, match="no table for that game; use one of: maunz, tally"):
        store.add("01020305", "game", "chess")
    assert parse_text("maunz:game:tally") == ("game", "tally")


def test_menu_lists_only_games_with_a_table():
    m = GameMenu()
    m.open([("maunz", "maunz."), ("cats", "Cats")], current="cats")
    assert [ch.name for ch in m.choices] == ["cats", "maunz"]  # the game in play first
    assert m.on_button("cat", "press") is None and m.choice.name == "maunz"
    assert m.on_button("ok", "press") is None and m.confirming
    assert m.on_button("ok", "press") == "maunz" and not m.is_open


def test_config_checks_games_and_rules_against_the_registry(tally):
    assert Config.from_text('[game]\ngame = "tally"\n').game.game == "tally"
    assert Config.from_text('[game]\ngame = "boop"\nrules = "kids"\n').game == GameConfig(rules="kids")
    with pytest.raises(ConfigError) as e:
        Config.from_text('[game]\ngame = "chess"\n', "c.toml")
    assert str(e.value) == "c.toml: [game] game: bad value 'chess'; use one of: 'maunz', 'tally'"
    with pytest.raises(ConfigError) as e:
        Config.from_text('[game]\nrules = "kids,opponent-cats-win"\n', "c.toml")
    assert "[game] rules: bad value 'kids,opponent-cats-win' for maunz" in str(e.value)
    with pytest.raises(ConfigError, match="'rulebook', 'opponent-cats-win', 'kids'"):
        Config.from_text('[game]\nrules = "fast"\n', "c.toml")


@pytest.mark.parametrize("name", ["katzenjammer", "cats", "cat-attack"])
def test_readme_seats_come_from_game_players(name, tmp_path):
    # README: `[game] players` sets the seats of Katzenjammer, Cats and Cat Attack, 0 the fewest
    for players, seats in ((3, 3), (0, 2)):
        cfg = Config.from_text(f'[game]\ngame = "{name}"\nplayers = {players}\nlanguage = "en"\n')
        c = Companion(cfg, build_fakes(), state_dir=tmp_path / f"{name}{players}", ai_mode="off",
                      chance_source=random.Random(1))
        VirtualPlayer(c).run(0.1)
        assert c.game.info.name == name and list(c.snapshot()["players"]) == [str(s + 1) for s in range(seats)]
        c.close()


def test_the_switch_question_says_a_game_ends_only_while_one_runs(tally, tmp_path):
    """Issue 20, point 12: "ends the game in play" only when there is a game in play (moves,
    not over); an unplayed or finished game ends nothing."""
    c, p = make(tmp_path)
    c.cards.add("04:00:00:09", "game", "tally")
    c.cards.add("04:00:00:0A", "game", "maunz")
    p.run(0.5)

    def asks(uid):
        c.devices.cards.tap(uid)
        p.run(0.05)
        assert c.screen.screen.kind == "confirm_new_game"
        ends = msg("menu_abandon") in c.screen.screen.lines
        press(c, p, "back")
        press(c, p, "back")
        return ends

    assert not asks("04000009")            # maunz, nothing played yet
    for _ in range(2):
        c.devices.cards.tap("04000009")    # switch to tally
        p.run(0.05)
    assert c.game.info.name == "tally"
    press(c, p, "cat")                     # one move: a game in play
    assert asks("0400000A")
    press(c, p, "cat")
    press(c, p, "cat")                     # three: tally is over
    assert c.game.outcome(c.table.position) is not None
    assert not asks("0400000A")
    c.close()
