"""Which game is played: the service's side of the game menu and the game cards
(companion/tables/menu.py decides; this starts the chosen game). The same game again is the
table's own new game; another game closes the game in play in the journal and hands the table
over to the new game's table, with the same players, language and bed."""
from __future__ import annotations

import logging

from companion import tables
from companion.service.config import make_game
from companion.tables.menu import GameMenu

log = logging.getLogger("companion")


class GameSwitching:
    """The service's game-switching collaborator: the game menu (`menu`), the game cards, and
    the pieces earlier games left on the bed (`left_on_bed`: "c3" -> "o")."""

    def __init__(self, service) -> None:
        self.service = service
        self.menu = GameMenu()
        self.left_on_bed: dict[str, str] = {}
        self._ask: int | None = None      # the journal's game that asks how many play (a switch)
        self._seated: int | None = None   # ... and the one whose count was answered
        self.theme: str | None = None   # the puzzles' theme chosen on the page (None: any)

    def asks_new_game(self, view) -> bool:
        """The table asks "new game?" and there is another game to choose instead."""
        return view.asking_new_game and len(tables.names()) > 1

    def screen(self, view):
        """The menu's screen while it is open, or the table's "new game?" with "CAT: other
        game" beneath; None: the table's own screen."""
        service = self.service
        if self.menu.is_open or self.awaits_seats():
            running = bool(service.journal.moves()) and service.game.outcome(service.table.position) is None
            return self.menu.screen(service.game.info.name, running)
        if self.asks_new_game(view):
            return self.menu.question(service.game.info.title, view.screen.lines)
        return None

    def _choices(self) -> list[tuple[str, str]]:
        """The games with a table, and maunz. puzzles while maunz. is played (same bed)."""
        from companion.games import info

        out = [(n, info(n).title) for n in tables.names()]
        if self.service.game.info.name == "maunz":
            from companion.tables.maunz.puzzle import PUZZLE
            from companion.ui import i18n

            out.append((PUZZLE, i18n.text("puzzle.menu", self.service.table.language)))
        return out

    def open_menu(self, step: int = 0) -> None:
        self.menu.open(self._choices(), self._current())
        self.menu.selected = step % len(self.menu.choices)

    def _current(self) -> str:
        return "maunz-puzzle" if self.service.table.puzzle is not None \
            else self.service.game.info.name

    def game_card(self, name: str, now: float) -> None:
        from companion.games import info

        if not tables.has(name):
            self.service.note("note.no_table", name=name, known=", ".join(tables.names()))
            return
        chosen = self.menu.on_game_card(info(name).name, self._choices(), self._current())
        if chosen is not None:
            self.start_game(chosen, now)

    def button(self, name: str, kind: str, now: float) -> None:
        if self.menu.seats is not None:
            seats = self.menu.on_seats(name, kind)
            if seats is not None:
                self.seat(seats, now)
            return
        chosen = self.menu.on_button(name, kind)
        if chosen is not None:
            self.start_game(chosen, now)

    def awaits_seats(self) -> bool:
        """A game of a player range (not dealt by its table) begun at the table -- a new game, or
        another game chosen -- first asks how many play, with nothing drawn until it is answered
        (the service's draws wait: chance.py). Opens the question when it is due."""
        service = self.service
        if self.menu.seats is not None:
            return True
        current, info = service.journal.current, service.game.info
        # cheapest first: every loop step asks (maunz.: one count, done at once)
        if (info.min_players == info.max_players or current is None or current.id == self._seated
                or service.table.chooses_seats or service.table.moves):
            return False
        if not (current.id == self._ask or service.journal.begun_at_table):
            self._seated = current.id   # begun by the service (at boot): its count stands
            return False
        if not self.menu.is_open:
            self.menu.ask_seats(info.title, info.min_players, info.max_players,
                                len(service.journal.seat_players()))
        return True

    def seat(self, seats: int, now: float) -> None:
        """The count answered: a game for that many (the fresh game as it is, or again with the
        new count: its game object is made for a count), its draws go ahead."""
        service = self.service
        if seats != len(service.journal.seat_players()):
            self.start_game(service.game.info.name, now, seats=seats)
        self._seated = service.journal.current.id

    def start_game(self, name: str, now: float, seats: int | None = None) -> None:
        """A new game of `name`, confirmed in the menu: the table's own new game for the game in
        play; otherwise the journal closes the game in play and the new game's table takes over
        (the same players, language and bed; the AI's seats as the kept setting names them).
        `seats`: the same game again for another number of players (`seat`)."""
        service = self.service
        if seats is None and (name == "maunz-puzzle" or service.table.puzzle is not None):
            if name == self._current():
                service.table.new_game(now)   # the next puzzle
            else:
                self._puzzles(name, now)
            return
        if name == service.game.info.name and seats is None:
            service.table.new_game(now)
            return
        service.journal_commits(service.table.drain_commits())
        self.left_on_bed = self._pieces_on_bed()
        players = service.table.players
        game = service.journal.seated(make_game(service.config, name), seats or service.journal.last_seats(name))
        start = game.initial_position()
        service.journal.switch_game(game, game.format_position(start))
        service.game = game
        # the kept setting's seats, if the new game has them (Katzenjammer's "2,3" come back
        # after a round of Cats); the configuration's where it names none of them
        service.settings.load_ai(game)
        seats = len(service.journal.seat_players())
        players = tuple(players[:seats]) + ("",) * max(0, seats - len(players))
        for seat, player in enumerate(players):
            if player:
                service.journal.set_player(seat, player)
        service.table = service.make_table(None, (), players)  # at its start, its own set-up first
        self._ask = service.journal.current.id   # how many play, asked before its first draw
        # "the AI card does nothing in Katzenjammer" is no news once Cats is on the table
        service.notices.forget_game()
        service.ai.forget()
        log.info("switched to %s: game %d", name, service.journal.current.id)
        if service.sensed is not None:
            service.table.on_scan(service.sensed, now)

    def _puzzles(self, name: str, now: float) -> None:
        """Into maunz. puzzles (the player's own first, then near their rating), or out of them
        to the maunz. game in the journal, as it was left. The journal's game is not touched."""
        import random

        from companion.service.puzzle_store import PuzzleStore
        from companion.tables.maunz.puzzle import PuzzleTable

        service = self.service
        players = service.table.players
        if name != "maunz-puzzle":
            service.table = service.make_table(service.journal.start_position(), service.journal.moves(), players)
        else:
            store = PuzzleStore(service.journal.conn)
            rng = random.SystemRandom()

            def next_puzzle():
                return _dated(store.next_for(service.table.solver, rng, self.theme, service.journal.clock(),
                                             skip=service.table.puzzle.id))

            def stats():
                return {**store.stats(service.table.solver), "theme": self.theme}

            first = _dated(store.next_for(next((n for n in players if n), ""), rng, self.theme,
                                          service.journal.clock()))
            if first is None:
                service.note("note.no_puzzle")
                return
            settings = service.settings
            service.table = PuzzleTable(service.game, puzzle=first[0], since=first[1], daily=first[2],
                                        next_puzzle=next_puzzle,
                                        stats=stats,
                                        settle=service.config.game.settle,
                                        correction_delay=service.config.game.correction_delay,
                                        language=settings.language, players=players)
        service.ai.forget()
        log.info("puzzles: %s", "on" if name == "maunz-puzzle" else "off")
        if service.sensed is not None:
            service.table.on_scan(service.sensed, now)

    def puzzle_theme(self, theme: str | None) -> None:
        """The page's theme filter: the next puzzles are of this theme (None: any)."""
        self.theme = theme
        self.service.notify()

    def _pieces_on_bed(self) -> dict[str, str]:
        """The pieces on the bed ("c3" -> "o"), as the game in play knows them (maunz: its
        position's) and as earlier games left them there: the bed is physical, so maunz. pieces
        stay on it, with their colours, while another game is played (the page draws them from
        the snapshot's "bed", also on a page opened then)."""
        service = self.service
        bed = dict(self.left_on_bed)
        view = tables.page_view(service.game.info.name)
        if view is not None:
            bed.update(view(service.table, service.table.view()).get("bed") or {})
        on = _on_bed(service.sensed or 0)
        return {sq: piece for sq, piece in bed.items() if sq in on}

    def bed_changed(self, mask: int) -> None:
        """A piece lifted off is gone: whatever is put there later is not the one an earlier
        game left."""
        if self.left_on_bed:
            on = _on_bed(mask)
            self.left_on_bed = {sq: p for sq, p in self.left_on_bed.items() if sq in on}


def _dated(found):
    """(puzzle, the day of the player's own game it comes from or None, the puzzle of the day?)."""
    if found is None:
        return None
    import datetime

    puzzle, added, daily = found
    return puzzle, None if added is None else datetime.date.fromtimestamp(added).isoformat(), daily


def _on_bed(mask: int) -> set[str]:
    from companion.words import SQUARES, square_name

    return {square_name(sq) for sq in range(SQUARES) if mask >> sq & 1}
