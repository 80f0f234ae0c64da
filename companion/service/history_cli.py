"""`companion history` and `companion export`.

    companion history [--state DIR] [--moves] [--json] [--reveal]
    companion export --game ID [--out FILE] [--reveal]  (default: standard output)
    companion export --all --out DIR [--reveal]         (one game-<ID>.txt per game)

A game with hidden information (GameInfo.hidden_information: Cats' dealt cats and characters)
that is still unfinished is shown only as the table may see it: its moves as
`Game.observe_move(position, move, None)` gives them (`deal:??`) and its start position as
`observation(start, None)`. Once the game is over its whole record is shown; `--reveal` shows it
for an unfinished game too (the secrets of a game still being played: for its keeper only).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sqlite3
import sys
import time
from pathlib import Path

from companion.service import statedir
from companion.service.config import ConfigError
from companion.service.journal import DB_NAME, GameRow, JournalError, connect, list_games, load_game
from companion.cliargs import OneLineParser

RESULT_TEXT = {"unfinished": "unfinished", "abandoned": "abandoned", "draw": "draw"}


def result_text(result: str) -> str:
    """'orange won', 'unfinished', ...: a result other than these is the winning seat's name."""
    if result in RESULT_TEXT:
        return RESULT_TEXT[result]
    return f"player {result} won" if result.isdigit() else f"{result} won"


def seat_names(g: GameRow) -> tuple[str, ...]:
    from companion.tables import seat_names as names

    return names(g.game, g.seats)


def _open(args):
    path = statedir.resolve(args) / DB_NAME
    return connect(path, readonly=True)


def _damaged(prog: str, args, exc: sqlite3.Error) -> int:
    from companion.service.storage import describe, recover_hint

    state = statedir.resolve(args)
    print(f"{prog}: journal {state / DB_NAME} cannot be read ({describe(exc)}): {recover_hint(state)}",
          file=sys.stderr)
    return 2


def fmt_duration(seconds: float) -> str:
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def fmt_date(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def shown_names(g: GameRow, conn=None) -> GameRow:
    """Names as shown: rows written before names were cleaned may hold anything; the player at
    another companion (remote play) is marked "(remote)": a person, not the computer."""
    from companion.service.cards import clean_name
    from companion.service.history import remote_seat

    g.players = [clean_name(p) for p in g.players]
    seat = None if conn is None else remote_seat(conn, g.id)
    if seat is not None and seat < len(g.players) and not g.players[seat].endswith(REMOTE):
        g.players[seat] = f"{g.players[seat] or '?'}{REMOTE}"
    return g


def table_view(g: GameRow, reveal: bool = False, *, keep_secrets: bool = False) -> GameRow:
    """`g` as the table may see it while it is unfinished and its game has hidden information
    (see the module docstring); any other game, or `reveal`, as it is. `keep_secrets`: a
    finished game too (the page: a card nobody turned over stays hidden after the end)."""
    from companion import games
    from companion.games import GameError

    if reveal or (g.result != "unfinished" and not keep_secrets):
        return g
    try:
        game = games.get(g.game, rules=g.rules, players=g.seats)
    except GameError:
        return g   # a game no longer installed: nothing says it has secrets
    if not game.info.hidden_information:
        return g
    moves, start = [], "?"
    try:
        pos = game.parse_position(g.start)
        start = game.observation(pos, None)
        for text in g.moves:
            move = game.parse_move(pos, text)
            moves.append(game.observe_move(pos, move, None))
            pos = game.apply(pos, move)
    except GameError:   # a record the engine cannot replay: hide the rest rather than leak it
        moves += ["?"] * (len(g.moves) - len(moves))
    return dataclasses.replace(g, start=start, moves=moves, hidden=True)


REMOTE = " (remote)"
HIDDEN_NOTE = "secrets hidden until the game is over (--reveal shows them)"


def to_record(g: GameRow):
    """A game record: maunz's own format (companion maunz replay reads it), else the generic one."""
    if g.game == "maunz":
        from companion.games.maunz.record import GameRecord

        return GameRecord(moves=list(g.moves), orange=g.orange, grey=g.grey, date=fmt_date(g.started),
                          rules=g.rules, result=g.result, start=g.start, duration=fmt_duration(g.duration),
                          extra={"Id": str(g.id)})
    return GenericRecord(g)


class GenericRecord:
    """`Key: value` headers, a blank line, then one move a line (moves are the game's text)."""

    def __init__(self, g: GameRow) -> None:
        self.g = g

    def to_text(self) -> str:
        g = self.g
        lines = [f"# {g.game} game record", f"Game: {g.game}", f"Rules: {g.rules or 'rulebook'}"]
        for seat, (name, player) in enumerate(zip(seat_names(g), g.players)):
            if player:
                lines.append(f"Seat {name}: {player}")
        lines += [f"Date: {fmt_date(g.started)}", f"Result: {g.result}",
                  f"Duration: {fmt_duration(g.duration)}", f"Start: {g.start}", f"Id: {g.id}"]
        if g.hidden:
            lines.append(f"Hidden: {HIDDEN_NOTE}")
        lines.append("")
        lines += [f"{i}. {m}" for i, m in enumerate(g.moves, start=1)]
        return "\n".join(lines) + "\n"


def history_main(argv: list[str] | None = None) -> int:
    p = OneLineParser(prog="companion history", description="list the games played")
    statedir.add_arguments(p)
    p.add_argument("--moves", action="store_true", help="also print each game's moves")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    _reveal_argument(p)
    args = p.parse_args(argv)
    try:
        conn = _open(args)
    except (ConfigError, JournalError) as exc:
        print(f"companion history: {exc}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        return _damaged("companion history", args, exc)
    try:
        games = [table_view(shown_names(g, conn), args.reveal) for g in list_games(conn)]
    except sqlite3.Error as exc:
        return _damaged("companion history", args, exc)
    finally:
        conn.close()
    if args.json:
        for g in games:
            row = {"id": g.id, "game": g.game, "date": fmt_date(g.started)}
            if g.game == "maunz":  # round 1's two fields, as before
                row.update({"orange": g.orange, "grey": g.grey})
            row.update({"players": dict(zip(seat_names(g), g.players)), "result": g.result,
                        "moves": g.moves, "duration": round(g.duration, 1),
                        "rules": g.rules or "rulebook", "start": g.start})
            if g.hidden:
                row["hidden"] = HIDDEN_NOTE
            print(json.dumps(row))
        return 0
    if not games:
        print("no games yet")
        return 0
    w = max(12, *(len(g.game) for g in games))  # "monster-mau-mau" must not push its row askew
    print(f"{'id':>4}  {'date':<16}  {'game':<{w}} {'players':<30} {'result':<12} {'moves':>5}  duration")
    for g in games:
        players = " / ".join(p or "-" for p in g.players)
        if len(players) > 30:  # the whole names are in --json and the exports
            players = players[:27] + "..."
        print(f"{g.id:>4}  {fmt_date(g.started):<16}  {g.game:<{w}} {players:<30} "
              f"{result_text(g.result):<12} {len(g.moves):>5}  {fmt_duration(g.duration)}")
        if args.moves and g.moves:
            pairs = [f"{i // 2 + 1}. " + " ".join(g.moves[i:i + 2]) for i in range(0, len(g.moves), 2)]
            print("      " + " ".join(pairs) + (f"  ({HIDDEN_NOTE})" if g.hidden else ""))
    return 0


def _reveal_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--reveal", action="store_true",
                   help="also show the secrets (dealt cards) of unfinished games with hidden"
                        " information; without it they are shown as the table sees them")


def export_main(argv: list[str] | None = None) -> int:
    p = OneLineParser(prog="companion export", description="write game records of past games")
    statedir.add_arguments(p)
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", type=int, metavar="ID", help="the game's id (see `companion history`)")
    which.add_argument("--all", action="store_true", help="every game, one file each in --out DIR")
    p.add_argument("--out", metavar="PATH", help="file (--game) or directory (--all); default: standard output")
    _reveal_argument(p)
    args = p.parse_args(argv)
    try:
        conn = _open(args)
    except (ConfigError, JournalError) as exc:
        print(f"companion export: {exc}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        return _damaged("companion export", args, exc)
    try:
        if args.game is not None:
            g = load_game(conn, args.game)
            g = g if g is None else table_view(shown_names(g, conn), args.reveal)
            if g is None:
                print(f"companion export: no game {args.game}; `companion history` lists the ids", file=sys.stderr)
                return 2
            text = to_record(g).to_text()
            if args.out:
                Path(args.out).write_text(text, encoding="utf-8")
            else:
                sys.stdout.write(text)
            return 0
        if not args.out:
            print("companion export: --all needs --out DIR", file=sys.stderr)
            return 2
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        games = [table_view(shown_names(g, conn), args.reveal) for g in list_games(conn)]
        for g in games:
            (out / f"game-{g.id:04d}.txt").write_text(to_record(g).to_text(), encoding="utf-8")
        print(f"wrote {len(games)} game records to {out}")
        return 0
    except OSError as exc:
        print(f"companion export: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:
        return _damaged("companion export", args, exc)
    finally:
        conn.close()
