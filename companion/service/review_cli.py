"""`companion maunz review` and `companion katzenjammer review` (issue 45): a game's review from
the command line, the same judgement and the same words as at the table and on the page.

    companion maunz review [RECORD | -] [--game ID] [--computer orange|grey] [--json] [--lang de|en]
    companion katzenjammer review [RECORD | -] [--game ID] [--computer SEAT ...] [--json] [--lang de|en]

RECORD is a game record as `companion export` writes it (`-`: standard input), or `--game ID`
a game of the journal (`companion history` lists the ids). maunz.'s review is bounded by node
budgets (companion/ai/review.py), so the same record gives the same marks on any machine; the
progress goes to standard error on a terminal. JSON: every mark with its ply (1 = the game's
first move), the played move, the better one, the loss in cats, the punishing line and the
words; Katzenjammer's every choice that differed from the strongest computer's. Lives in the
service layer because it reads the journal; `companion/cli.py` hands `GAME review` to it."""
from __future__ import annotations

import json
import sqlite3
import sys

from companion.cliargs import OneLineParser
from companion.games.base import GameError

LANGUAGES = ("de", "en")


def _parser(game: str) -> OneLineParser:
    p = OneLineParser(prog=f"companion {game} review",
                      description=f"review a {game} game: its mistakes, the better moves and why")
    p.add_argument("record", nargs="?", metavar="RECORD",
                   help="a game record as `companion export` writes it; - reads standard input")
    p.add_argument("--game", type=int, metavar="ID", help="a game of the journal (see `companion history`)")
    p.add_argument("--computer", action="append", default=[], metavar="SEAT",
                   help="a seat the computer played (its moves are not judged as a person's);"
                        " maunz.: orange or grey")
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--lang", default="en", choices=LANGUAGES, help="the words' language (default en)")
    from companion.service import statedir

    statedir.add_arguments(p)
    return p


def _source(prog: str, args) -> tuple[str, str | None, str, list[str], str]:
    """(game, rules, start, moves, where) of the game asked for. Raises GameError."""
    if (args.record is None) == (args.game is None):
        raise GameError("give a game record (a file, or - for standard input) or --game ID, one of them")
    if args.game is not None:
        from companion.service import statedir
        from companion.service.journal import DB_NAME, JournalError, connect, load_game
        from companion.service.storage import describe, recover_hint

        state = statedir.resolve(args)
        path = state / DB_NAME
        if not path.exists():
            raise GameError(f"no journal at {path}; give --state DIR or a game record")
        try:
            conn = connect(path, readonly=True)
            try:
                row = load_game(conn, args.game)
            finally:
                conn.close()
        except sqlite3.Error as exc:   # as `companion history` says it
            raise GameError(f"journal {path} cannot be read ({describe(exc)}): {recover_hint(state)}") from None
        except JournalError as exc:    # a newer version's journal
            raise GameError(str(exc)) from None
        if row is None:
            raise GameError(f"no game {args.game} in the journal; `companion history` lists the ids")
        return row.game, row.rules, row.start, list(row.moves), f"game {args.game}"
    where = "<stdin>" if args.record == "-" else args.record
    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise GameError(f"cannot read game record {args.record!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise GameError(f"{where}: not UTF-8 text; give a game record as `companion export` writes it") from None
    return (*_read(text, where), where)


def _read(text: str, where: str) -> tuple[str, str | None, str, list[str]]:
    """(game, rules, start, moves) of a record: maunz.'s own format or the generic one
    (service/history_cli.py writes both: `Key: value` headers, a blank line, the moves)."""
    head: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines) and lines[i].strip():
        line = lines[i].split("#", 1)[0].strip()
        if ":" in line:
            key, value = line.split(":", 1)
            head[key.strip()] = value.strip()
        i += 1
    game = head.get("Game", "")
    if game == "maunz":
        from companion.games.maunz.record import read_record

        rec = read_record(text, source=where)
        return "maunz", rec.rules, rec.start, list(rec.moves)
    if not game or "Start" not in head:
        raise GameError(f"{where}: not a game record (no 'Game:' and 'Start:' header);"
                        " write one with `companion export --game ID`")
    moves = []
    for line in lines[i:]:
        line = line.split("#", 1)[0].strip()
        if line:    # "12. move text": the number, then the move as the game writes it
            number, _, move = line.partition(". ")
            moves.append(move.strip() if number.isdigit() and move else line)
    rules = head.get("Rules")
    return game, None if rules in (None, "", "rulebook") else rules, head["Start"], moves


def main(game_name: str, argv: list[str]) -> int:
    prog = f"companion {game_name} review"
    args = _parser(game_name).parse_args(argv)
    try:
        game, rules, start, moves, where = _source(prog, args)
        if game != game_name:
            raise GameError(f"{where} is a {game} game, not {game_name}; use `companion {game} review`")
        if not moves:
            raise GameError(f"{where} has no moves to review")
        from companion.games import get

        g = get(game, rules=rules)
        run = _maunz if game == "maunz" else _katzenjammer
        return run(g, g.parse_position(start), moves, args)
    except GameError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2


def _progress(review) -> None:
    if sys.stderr.isatty():
        done, total = review.progress
        print(f"\rreviewing: {100 * done // max(1, total)} %", end="", file=sys.stderr, flush=True)


def _maunz(game, start, moves, args) -> int:
    from companion.ai.review import Review
    from companion.tables.maunz.review import mistake_msg, move_msg, reply_msgs, verdict
    from companion.ui.screens import msg

    computer = None
    for seat in args.computer:
        if seat not in ("orange", "grey"):
            raise GameError(f"--computer {seat!r}: the computer plays orange or grey")
        computer = ("orange", "grey").index(seat)
    review = Review(game, start, tuple(moves), computer=computer)
    while (task := review.next_task()) is not None:
        review.add(review.run_task(*task))
        _progress(review)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    lang = args.lang
    marks, lost = [], []
    for r in review.mistakes():
        pos = review.positions[r.ply]
        words = [m.text(lang) for m in (mistake_msg(r), msg("review.better", move=move_msg(game, pos, r.best)),
                                        *reply_msgs(game, pos, r.played, r.line))]
        marks.append({"ply": r.ply + 1, "mover": ("orange", "grey")[r.mover], "played": r.played,
                      "better": r.best, "loss": r.loss, "line": list(r.line),
                      "played_value": r.played_value, "better_value": r.best_value, "words": words})
    for ply, r in sorted(review.results.items()):
        if r.lost:
            lost.append({"ply": ply + 1, "mover": ("orange", "grey")[r.mover], "played": r.played,
                         "resists": r.best, "proven": r.proven, "words": [m.text(lang) for m in verdict(review, ply)]})
    if args.json:
        print(json.dumps({"game": "maunz", "plies": len(moves), "marks": marks, "already_lost": lost,
                          "graph": review.graph()}, ensure_ascii=False))
        return 0
    title = msg("review.ply", n="{n}").text(lang)
    for m in marks:
        print(f"{title.format(n=m['ply'])} ({msg('colour.' + str(('orange', 'grey').index(m['mover']))).text(lang)}):"
              f" {m['played']}")
        for w in m["words"]:
            print("  " + w)
    for m in lost:
        print(f"{title.format(n=m['ply'])}: {m['played']} · " + " · ".join(m["words"]))
    if not marks:
        print(msg("review.none").text(lang))
    return 0


def _katzenjammer(game, start, moves, args) -> int:
    from companion.games.katzenjammer.review import review
    from companion.tables.katzenjammer.review import _choice, difference, worded
    from companion.tables.katzenjammer.table import KatzenjammerTable
    from companion.ui.screens import msg

    table = KatzenjammerTable(game, start)
    seats = range(len(getattr(start, "colours", ())) or 4)
    names = {msg(f"kj.seat.{c}").text(lang).lower(): s
             for s, c in enumerate(getattr(start, "colours", ())) for lang in LANGUAGES}
    computers = set()
    for seat in args.computer:
        if seat.lower() not in names and not (seat.isdigit() and int(seat) - 1 in seats):
            raise GameError(f"--computer {seat!r}: name a seat by its colour ({', '.join(sorted(names))})"
                            " or its number")
        computers.add(names.get(seat.lower(), int(seat) - 1 if seat.isdigit() else -1))
    people = {s for s in seats if s not in computers}
    r = worded(table, review(game, start, tuple(moves), people))
    lang = args.lang
    choices = [{"ply": c.ply + 1, "colour": msg(f"kj.seat.{c.colour}").text(lang), "played": c.played,
                "better": c.best, "cost": c.cost, "won": c.won, "lets_win": c.lets_win,
                "difference": difference(c).text(lang),
                "why": [m.text(lang) for m in r.why.get(c.ply, ())],
                "words": _choice("kjreview.choice", c).text(lang)}
               for c in r.summary.choices if not c.matched]
    if args.json:
        print(json.dumps({"game": "katzenjammer", "plies": len(moves), "choices_judged": len(r.summary.choices),
                          "matched": r.summary.matched, "differences": choices}, ensure_ascii=False))
        return 0
    from companion.tables.katzenjammer.review import lines

    for m in lines(r):
        print(m.text(lang))
    for c in choices:
        print(c["words"])
    return 0
