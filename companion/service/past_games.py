"""The page's history view (issue 36, item 4): the journal's games listed, one game at a ply
drawn as it was (companion/tables/replay.py), its record as the text file `companion export`
writes, and a maunz. game as an animated SVG. The journal is read as `companion history` reads
it (service/history.py, history_cli.py), on a read-only connection of its own per request.

Secrets: the page never gets one. A game with hidden information (Cats) is listed and exported
as the table saw it (`deal:??`) even after it ended — a card nobody turned over stays hidden —
and its frames are the page views, which read no secret. `companion export --reveal` on the Pi
is the keeper's way to the whole record."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.service.history import GameRow
from companion.service.history_cli import (shown_names, fmt_date, fmt_duration, result_text, seat_names,
                                           table_view, to_record)
from companion.service.journal import DB_NAME, connect, list_games, load_game
from companion.service.review import REVIEWED


class PastGameError(ValueError):
    """A request the history cannot answer: its HTTP status and one line naming the input."""

    def __init__(self, message: str, status: int = 404) -> None:
        super().__init__(message)
        self.status = status


class PastGames:
    def __init__(self, state_dir: Path, language) -> None:
        self.path = Path(state_dir) / DB_NAME
        self.language = language   # a callable: the table's language now

    def _read(self, fn):
        try:
            conn = connect(self.path, readonly=True)
        except (sqlite3.Error, ValueError) as exc:
            raise PastGameError(f"the journal cannot be read ({exc})", 503) from None
        try:
            return fn(conn)
        except sqlite3.Error as exc:
            raise PastGameError(f"the journal cannot be read ({exc})", 503) from None
        finally:
            conn.close()

    def _game(self, game_id: int) -> GameRow:
        def load(conn):
            g = load_game(conn, game_id)
            if g is None:
                raise PastGameError(f"no game {game_id}: GET /api/history lists the games' ids")
            return shown_names(g, conn)
        return self._read(load)

    def listing(self) -> list[dict]:
        """Every game, newest first: date, game, players, winner, length."""
        games = self._read(lambda conn: [shown_names(g, conn) for g in list_games(conn)])
        return [self._summary(g) for g in reversed(games) if g.moves]

    def ratings(self) -> list[dict]:
        """Each person's rating against the computer over time (service/ratings.py), for the
        page's chart: [{name, points: [{at, rating, rd, level, score, game}]}], the guest's
        name "" (the page words it)."""
        from companion.service.ratings import history

        return [{"name": name, "points": points} for name, points in self._read(history).items()]

    def _summary(self, g: GameRow) -> dict:
        from companion import games
        from companion.games import GameError

        try:
            title = games.info(g.game).title
        except GameError:   # a game no longer installed: its name
            title = g.game
        seats = seat_names(g)
        players = self._players(g)
        winner = players[seats.index(g.result)] if g.result in seats else ""
        return {"id": g.id, "game": g.game, "title": title, "date": fmt_date(g.started),
                "players": players,
                "result": g.result, "result_text": result_text(g.result), "winner": winner or None,
                "plies": len(g.moves), "duration": fmt_duration(g.duration),
                "animation": g.game == "maunz"}

    def _players(self, g: GameRow) -> list[str]:
        """The players as the list shows them: a seat nobody named as its game calls it, in the
        table's language (Katzenjammer's colours "Rot", the card games' "Spieler 3"), never a
        bare "1" or "2"."""
        if all(g.players):
            return list(g.players)
        words = self._seat_words(g)
        return [p or (words[i] if i < len(words) else str(i + 1)) for i, p in enumerate(g.players)]

    def _seat_words(self, g: GameRow) -> tuple[str, ...]:
        from companion import games, tables

        language = self.language()
        try:   # a seat's word can hang on the start (Katzenjammer's colours by the seat count)
            game = games.get(g.game, rules=g.rules, players=g.seats)
            start = game.parse_position(g.start) if isinstance(g.start, str) else g.start
            table = tables.make(game, start, moves=[], language=language, players=())
            return tuple(table.seat_label(i).text(language) for i in range(g.seats))
        except ValueError:   # (GameError too) a game no longer installed, a start it cannot read
            return seat_names(g)

    def frame(self, game_id: int, ply: int | None) -> dict:
        """The game drawn at `ply` (None: its last), with its summary and where its files are."""
        from companion import games
        from companion.games import GameError
        from companion.tables.replay import FrameError, frame

        g = self._game(game_id)
        try:
            game = games.get(g.game, rules=g.rules, players=g.seats)
        except GameError as exc:
            raise PastGameError(f"game {game_id} cannot be shown: {exc}", 409) from None
        try:
            out = frame(game, g.start, g.moves, len(g.moves) if ply is None else ply,
                        language=self.language(), players=tuple(g.players))
        except FrameError as exc:
            raise PastGameError(f"game {game_id}: {exc}", 400) from None
        out["past"] = self._summary(g)
        out["record"] = f"/api/history/{g.id}/record"
        out["svg"] = f"/api/history/{g.id}/animation" if g.game == "maunz" else None
        # the review of a maunz. or Katzenjammer game, finished or ended early, opens from here
        # (issue 36, item 2; issue 46, item 6; service/review.py): the controlling page sends
        # {"type": "review", "game": <this>}; other games have none
        out["review"] = g.id if g.game in REVIEWED and g.moves else None
        return out

    def record(self, game_id: int) -> tuple[str, str]:
        """The game's record as `companion export` writes it, as the table saw it."""
        g = table_view(self._game(game_id), keep_secrets=True)
        return f"game-{g.id:04d}.txt", to_record(g).to_text()

    def animation(self, game_id: int) -> tuple[str, str]:
        """A maunz. game as an animated SVG (one frame a ply)."""
        from companion import games
        from companion.tables.maunz.animation import animated_svg
        from companion.tables.replay import frame

        g = self._game(game_id)
        if g.game != "maunz":
            raise PastGameError(f"game {game_id} is {g.game}: only a maunz. game has an animation;"
                                f" its record is /api/history/{game_id}/record", 400)
        game = games.get(g.game, rules=g.rules, players=g.seats)
        words = frame(game, g.start, g.moves, len(g.moves), language=self.language(),
                      players=tuple(g.players))["move_words"]
        names = " – ".join(p or s for p, s in zip(g.players, seat_names(g)))
        title = f"maunz. {fmt_date(g.started)}: {names} ({result_text(g.result)})"
        return f"maunz-{g.id:04d}.svg", animated_svg(game, g.start, g.moves, words, title)
