"""The settings the service keeps for the table in the journal's `settings` table, so they last
through a power loss and into the next game: the language, the players' names, the AI's seats
(one, or several where a table plays several computers itself: Katzenjammer's `[game] ai =
"2,3"`) and a table's own settings (Katzenjammer's `dice`: who rolls). The configuration gives
each its value until a card changes it; from then on the journal's value counts.

Scopes: the language and the players' names belong to the table (the same people go on playing
another game); the computer seats (`ai:<game>`) and a table's own settings belong to one game,
so a game's settings never change another's."""
from __future__ import annotations

import logging

from companion import tables

log = logging.getLogger("companion")


class SettingsKeeping:
    """Mixin of Companion: needs self.game, self.table, self.journal, self.config, self.language
    and self.ai_seats."""

    @property
    def ai_seat(self) -> int | None:
        """The AI's seat (the first, when it plays several)."""
        return self.ai_seats[0] if self.ai_seats else None

    @ai_seat.setter
    def ai_seat(self, seat: int | None) -> None:
        self.ai_seats = () if seat is None else (seat,)

    @property
    def ai_colour(self) -> int | None:
        return self.ai_seat

    def _seats(self) -> tuple[str, ...]:
        return tables.seat_names(self.game.info.name, self.game.seats(self.journal.position()
                                                                      or self.game.initial_position()))

    def _seat(self, setting: str | None) -> int | None:
        """The AI's seat from its setting ("off", or a seat's name: maunz "orange"/"grey")."""
        seats = self._seats_of(setting)
        return seats[0] if seats else None

    def _seats_of(self, setting: str | None) -> tuple[int, ...]:
        """The AI's seats from their setting: "off", a seat's name (maunz "orange"/"grey", other
        games "1".."n") or several, comma-separated ("2,3"). Names this game lacks are dropped."""
        seats = self._seats()
        named = {name.strip() for name in (setting or "off").split(",")}
        return tuple(i for i, name in enumerate(seats) if name in named)

    def _takes_ai(self) -> bool:
        """The game in play has computer seats of the service's (maunz's AI, Katzenjammer's
        computers: the tables an AI card reaches); Cats, Cat Attack and Monster Mau Mau have
        none, and leave the kept setting alone for the games that do."""
        return "ai_off" in tables.factory(self.game.info.name).card_functions

    def _kept_ai_seats(self) -> tuple[int, ...]:
        """The AI's seats in the game in play from the kept setting (the configuration's until a
        card changed it): "off" is off in every game; a setting naming no seat of this game (maunz's
        "grey" when Katzenjammer starts) gives way to the configuration's seats for it."""
        if not self._takes_ai():
            return ()
        kept = self.journal.setting(self._ai_setting())
        if kept is None:
            # before the computer seats were a game's own setting, one "ai" served every game:
            # it still counts where it is "off" or names this game's seats
            legacy = self.journal.setting("ai")
            usable = legacy is not None and (legacy.strip() == "off" or self._seats_of(legacy))
            kept = legacy if usable else self.config.game.ai
        kept = kept or "off"
        if kept.strip() == "off":
            return ()
        return self._seats_of(kept) or self._seats_of(self.config.game.ai)

    def _ai_setting(self) -> str:
        """The computer seats are a game's own setting: maunz.'s AI colour is not
        Katzenjammer's computer seats, and switching games and back restores each one's."""
        return f"ai:{self.game.info.name}"

    def _ai_text(self) -> str:
        """The AI's seats as their setting ("off", "grey", "2,3")."""
        seats = self._seats()
        return ",".join(seats[i] for i in self.ai_seats if i < len(seats)) or "off"

    def _table_ai(self, table) -> tuple[int, ...]:
        return tuple(table.ai_seats)

    def _own_settings(self) -> dict[str, str]:
        """The game's table's own settings (Katzenjammer: who rolls the dice), as the journal
        keeps them across restarts and games; the configuration's value until a card changed
        one."""
        own = tables.factory(self.game.info.name).own_settings
        out = {}
        for key, values in own.items():
            default = self.config.game.own_setting(self.game.info.name, key)
            kept = self.journal.setting(key, default)
            if kept not in values:  # a hand-edited journal: the configuration's value, said once
                log.warning("journal setting %s = %r is not one of %s; using %r from the"
                            " configuration", key, kept, ", ".join(values), default)
                kept = default
            out[key] = kept
        return out

    def _save_settings(self) -> None:
        ref = self.table
        known = self.journal.seat_players()
        for seat, name in enumerate(ref.players[:len(known)]):
            if name != known[seat]:  # "" too: Katzenjammer's "AI off" gives a Computer seat back
                self.journal.set_player(seat, name)
        language = ref.language
        if language != self.language:
            self.language = language
            self.journal.set_setting("language", language)
        ai = self._table_ai(ref)
        # a table no AI card reaches (Cats, Monster Mau Mau: no computer of the service's) keeps
        # the setting for the games that have one (Katzenjammer's computers after a round of Cats)
        if self._takes_ai() and ai != self.ai_seats:
            self.ai_seats = ai
            self.journal.set_setting(self._ai_setting(), self._ai_text())
            if ai and self._ai_pool is None and self._stop_event is not None:
                self.warm_ai()
        kept = self._own_settings()
        for key, value in ref.setting_values.items():
            if kept.get(key) != value:
                self.journal.set_setting(key, value)
