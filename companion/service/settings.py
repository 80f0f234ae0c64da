"""The settings the service keeps for the table in the journal's `settings` table, so they last
through a power loss and into the next game: the language, the players' names, the AI's seats
(one, or several where a table plays several computers itself: Katzenjammer's `[game] ai =
"2,3"`) and a table's own settings (Katzenjammer's `dice`: who rolls). The configuration gives
each its value until a card changes it; from then on the journal's value counts.

Scopes: the language and the players' names belong to the table (the same people go on playing
another game); the computer seats (`ai:<game>`) and a table's own settings belong to one game,
so a game's settings never change another's. Every method takes the game it is about: the
service's game changes (switching.py), these settings' scopes do not."""
from __future__ import annotations

import logging

from companion import tables

log = logging.getLogger("companion")


class Settings:
    """The kept settings: `language` (the table's) and `ai_seats` (the game in play's computer
    seats, always a tuple), read from and written to `journal`, defaults from `config`."""

    def __init__(self, journal, config) -> None:
        self.journal = journal
        self.config = config
        self.language: str = journal.setting("language", config.game.language)
        self.ai_seats: tuple[int, ...] = ()

    @property
    def ai_seat(self) -> int | None:
        """The AI's seat (the first, when it plays several)."""
        return self.ai_seats[0] if self.ai_seats else None

    def seats(self, game) -> tuple[str, ...]:
        return tables.seat_names(game.info.name, game.seats(self.journal.position()
                                                            or game.initial_position()))

    def seats_of(self, game, setting: str | None) -> tuple[int, ...]:
        """The AI's seats from their setting: "off", a seat's name (maunz "orange"/"grey", other
        games "1".."n") or several, comma-separated ("2,3"). Names this game lacks are dropped."""
        seats = self.seats(game)
        named = {name.strip() for name in (setting or "off").split(",")}
        return tuple(i for i, name in enumerate(seats) if name in named)

    @staticmethod
    def takes_ai(game) -> bool:
        """The game has computer seats of the service's (maunz's AI, Katzenjammer's computers:
        the tables an AI card reaches); Cats, Cat Attack and Monster Mau Mau have none, and leave
        the kept setting alone for the games that do."""
        return "ai_off" in tables.factory(game.info.name).card_functions

    def load_ai(self, game) -> tuple[int, ...]:
        """`ai_seats` for `game` from the kept setting (the configuration's until a card changed
        it): "off" is off in every game; a setting naming no seat of this game (maunz's "grey"
        when Katzenjammer starts) gives way to the configuration's seats for it."""
        self.ai_seats = self._kept_ai_seats(game)
        return self.ai_seats

    def _kept_ai_seats(self, game) -> tuple[int, ...]:
        if not self.takes_ai(game):
            return ()
        kept = self.journal.setting(self.ai_key(game))
        if kept is None:
            # before the computer seats were a game's own setting, one "ai" served every game:
            # it still counts where it is "off" or names this game's seats
            legacy = self.journal.setting("ai")
            usable = legacy is not None and (legacy.strip() == "off" or self.seats_of(game, legacy))
            kept = legacy if usable else self.config.game.ai
        kept = kept or "off"
        if kept.strip() == "off":
            return ()
        return self.seats_of(game, kept) or self.seats_of(game, self.config.game.ai)

    @staticmethod
    def ai_key(game) -> str:
        """The computer seats are a game's own setting: maunz.'s AI colour is not
        Katzenjammer's computer seats, and switching games and back restores each one's."""
        return f"ai:{game.info.name}"

    def ai_text(self, game) -> str:
        """The AI's seats as their setting ("off", "grey", "2,3")."""
        seats = self.seats(game)
        return ",".join(seats[i] for i in self.ai_seats if i < len(seats)) or "off"

    @staticmethod
    def own_key(name: str, key: str) -> str:
        """Where the journal keeps a table's own setting: by its name where one table declares
        it (Katzenjammer's "dice"), by name and game where several do ("beginner:maunz"), so
        each game keeps its own and switching games and back restores each one's."""
        shared = sum(key in tables.factory(n).own_settings for n in tables.names()) > 1
        return f"{key}:{name}" if shared else key

    def own(self, game) -> dict[str, str]:
        """The game's table's own settings (Katzenjammer: who rolls the dice), as the journal
        keeps them across restarts and games; the configuration's value until a card changed
        one."""
        own = tables.factory(game.info.name).own_settings
        out = {}
        for key, values in own.items():
            default = self.config.game.own_setting(game.info.name, key)
            kept = self.journal.setting(self.own_key(game.info.name, key), default)
            if kept not in values:  # a hand-edited journal: the configuration's value, said once
                log.warning("journal setting %s = %r is not one of %s; using %r from the"
                            " configuration", key, kept, ", ".join(values), default)
                kept = default
            out[key] = kept
        if tables.factory(game.info.name).chooses_seats:   # its set-up starts from the last count
            seats = self.journal.last_seats(game.info.name)
            if seats:
                out["seats"] = seats
        if "level" in tables.factory(game.info.name).shared_settings:
            out["level"] = self.level()
        return out

    def level(self) -> str:
        """The computer's level (maunz.: the level card's, kept; `[game] ai_level` until a card
        changed it): "adaptive" or a level of the ladder (companion/ai/levels.py)."""
        from companion.ai.levels import ADAPTIVE, level_named

        kept = self.journal.setting("level", self.config.game.ai_level)
        if kept != ADAPTIVE and level_named(kept) is None:   # a hand-edited journal
            log.warning("journal setting level = %r is no level; using %r from the configuration",
                        kept, self.config.game.ai_level)
            kept = self.config.game.ai_level
        return kept if kept == ADAPTIVE else level_named(kept).name

    def save(self, game, table) -> bool:
        """Keep what the table's cards changed (names, language, computer seats, its own
        settings). True when the game now has computer seats it did not have (the service warms
        its AI)."""
        if table.puzzle is not None:   # a puzzle's seats (the companion defends) are no game's
            self.save_language(table)
            return False
        known = self.journal.seat_players()
        for seat, name in enumerate(table.players[:len(known)]):
            if name != known[seat]:  # "" too: Katzenjammer's "AI off" gives a Computer seat back
                self.journal.set_player(seat, name)
        self.save_language(table)
        ai = tuple(table.ai_seats)
        gained = False
        # a table no AI card reaches (Cats, Monster Mau Mau: no computer of the service's) keeps
        # the setting for the games that have one (Katzenjammer's computers after a round of Cats)
        if self.takes_ai(game) and ai != self.ai_seats:
            gained = bool(ai)
            self.ai_seats = ai
            self.journal.set_setting(self.ai_key(game), self.ai_text(game))
        kept = self.own(game)
        for key, value in table.setting_values.items():
            if kept.get(key) != value:
                self.journal.set_setting(self.own_key(game.info.name, key), value)
        return gained

    def save_language(self, table) -> None:
        if table.language != self.language:
            self.language = table.language
            self.journal.set_setting("language", table.language)

    def ai_off(self, game) -> None:
        """The AI-off card tapped with no AI playing: off, kept."""
        if self.journal.setting(self.ai_key(game)) != "off":
            self.journal.set_setting(self.ai_key(game), "off")
