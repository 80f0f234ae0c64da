"""Which game is played: the service's side of the game menu and the game cards
(companion/tables/menu.py decides; this starts the chosen game). The same game again is the
table's own new game; another game closes the game in play in the journal and hands the table
over to the new game's table, with the same players, language and bed."""
from __future__ import annotations

import logging

from companion import tables
from companion.service.config import make_game

log = logging.getLogger("companion")


class GameSwitching:
    """Mixin of Companion: needs self.game, self.table, self.menu, self.journal, self.config."""

    def _asks_new_game(self) -> bool:
        """The table asks "new game?" and there is another game to choose instead."""
        view = self._view if self._view is not None else self.table.view()
        return view.asking_new_game and len(tables.names()) > 1

    def _open_menu(self, step: int = 0) -> None:
        from companion.games import info

        self.menu.open([(n, info(n).title) for n in tables.names()], self.game.info.name)
        self.menu.selected = step % len(self.menu.choices)

    def _game_card(self, name: str, now: float) -> None:
        from companion.games import info

        if not tables.has(name):
            known = ", ".join(tables.names())
            self._note("note.no_table", name=name, known=known)
            return
        choices = [(n, info(n).title) for n in tables.names()]
        chosen = self.menu.on_game_card(info(name).name, choices, self.game.info.name)
        if chosen is not None:
            self._start_game(chosen, now)

    def _start_game(self, name: str, now: float) -> None:
        """A new game of `name`, confirmed in the menu: the table's own new game for the game in
        play; otherwise the journal closes the game in play and the new game's table takes over
        (the same players, language and bed; the AI's seats as the kept setting names them)."""
        if name == self.game.info.name:
            self.table.new_game(now)
            return
        self._journal(self.table.drain_commits())
        self.left_on_bed = self._pieces_on_bed()
        players = self.table.players
        game = make_game(self.config, name)
        start = game.initial_position()
        self.journal.switch_game(game, game.format_position(start))
        self.game = game
        # the kept setting's seats, if the new game has them (Katzenjammer's "2,3" come back
        # after a round of Cats); the configuration's where it names none of them
        self.ai_seats = self._kept_ai_seats()
        seats = len(self.journal.seat_players())
        players = tuple(players[:seats]) + ("",) * max(0, seats - len(players))
        for seat, player in enumerate(players):
            if player:
                self.journal.set_player(seat, player)
        self.table = self._make_table(start, (), players)
        # "the AI card does nothing in Katzenjammer" is no news once Cats is on the table
        kept = [(m, n) for m, n in zip(self.messages, self.notes) if m not in self._game_messages]
        self.messages[:], self.notes[:] = [m for m, _ in kept], [n for _, n in kept]
        self._game_messages.clear()
        self._ai_key = None
        log.info("switched to %s: game %d", name, self.journal.current.id)
        if self._sensed is not None:
            self.table.on_scan(self._sensed, now)

    def _pieces_on_bed(self) -> dict[str, str]:
        """The pieces on the bed ("c3" -> "o"), as the game in play knows them (maunz: its
        position's) and as earlier games left them there: the bed is physical, so maunz. pieces
        stay on it, with their colours, while another game is played (the page draws them from
        the snapshot's "bed", also on a page opened then)."""
        from companion.words import SQUARES, square_name

        bed = dict(self.left_on_bed)
        view = tables.page_view(self.game.info.name)
        if view is not None:
            bed.update(view(self.table, self.table.view()).get("bed") or {})
        sensed = self._sensed or 0
        on = {square_name(sq) for sq in range(SQUARES) if sensed >> sq & 1}
        return {sq: piece for sq, piece in bed.items() if sq in on}

    def _bed_changed(self, mask: int) -> None:
        """A piece lifted off is gone: whatever is put there later is not the one an earlier
        game left."""
        if self.left_on_bed:
            from companion.words import SQUARES, square_name

            on = {square_name(sq) for sq in range(SQUARES) if mask >> sq & 1}
            self.left_on_bed = {sq: p for sq, p in self.left_on_bed.items() if sq in on}

    def _menu_button(self, name: str, kind: str, now: float) -> None:
        chosen = self.menu.on_button(name, kind)
        if chosen is not None:
            self._start_game(chosen, now)
