"""Game records: a whole game as plain text, written and read by the engine.

    # maunz. game record
    Game: maunz
    Rules: rulebook
    Orange: Anna
    Grey: Ben
    Date: 2026-11-22 14:03
    Result: orange
    Start: 6/6/6/6/6/6 o 8k0c 8k0c

    1. kc3 kd4
    2. kb3 ka1/e5

A header of `Key: value` lines, a blank line, then the moves in notation, whitespace-separated,
optionally numbered (`N.`). `#` starts a comment. Reading replays every move, so a record that
parses is a legal game; errors name the file's line and the move.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import GameError
from companion.games.maunz import engine, notation
from companion.games.maunz.engine import Move, Position
from companion.games.maunz.game import RULEBOOK, canonical_rules, variant_of

RESULTS = ("orange", "grey", "unfinished", "abandoned")
_KNOWN_KEYS = ("Game", "Rules", "Orange", "Grey", "Date", "Result", "Start", "Duration")


class RecordError(GameError):
    pass


@dataclass
class GameRecord:
    moves: list[str] = field(default_factory=list)  # canonical notation
    orange: str = ""
    grey: str = ""
    date: str = ""
    rules: str | None = None  # canonical rules options text (game.rules); None: the rulebook
    result: str = "unfinished"
    start: str = notation.INITIAL_TEXT
    duration: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def variant(self) -> int:
        return variant_of(self.rules)

    def positions(self) -> list[Position]:
        """The start position and the position after each move."""
        pos = notation.parse_position(self.start, self.variant)
        out = [pos]
        for text in self.moves:
            move = notation.parse_move(pos, text, self.variant)
            pos = engine.apply(pos, move, self.variant)
            out.append(pos)
        return out

    def to_text(self) -> str:
        head = ["# maunz. game record", "Game: maunz", f"Rules: {self.rules or RULEBOOK}"]
        for key, value in (("Orange", self.orange), ("Grey", self.grey), ("Date", self.date),
                           ("Result", self.result), ("Duration", self.duration)):
            if value:
                head.append(f"{key}: {value}")
        if self.start != notation.INITIAL_TEXT:
            head.append(f"Start: {self.start}")
        head += [f"{k}: {v}" for k, v in self.extra.items()]
        body = []
        for i in range(0, len(self.moves), 2):
            body.append(f"{i // 2 + 1}. " + " ".join(self.moves[i:i + 2]))
        return "\n".join(head) + "\n\n" + "\n".join(body) + "\n"


def read_record(text: str, source: str = "<record>") -> GameRecord:
    rec = GameRecord()
    lines = text.splitlines()
    i = 0
    while i < len(lines) and lines[i].strip():
        line = lines[i].split("#", 1)[0].strip()
        i += 1
        if not line:
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep:
            raise RecordError(f"{source}:{i}: header line {line!r} is not 'Key: value';"
                              " leave a blank line before the moves")
        if key == "Game":
            if value.lower().rstrip(".") not in ("maunz", "boop"):
                raise RecordError(f"{source}:{i}: Game {value!r} is not maunz")
        elif key == "Rules":
            try:
                rec.rules = canonical_rules(value or None)
            except GameError as exc:
                raise RecordError(f"{source}:{i}: Rules: {exc}, or rulebook") from None
        elif key == "Result":
            if value not in RESULTS:
                raise RecordError(f"{source}:{i}: Result {value!r} must be one of {', '.join(RESULTS)}")
            rec.result = value
        elif key in ("Orange", "Grey", "Date", "Start", "Duration"):
            setattr(rec, key.lower(), value)
        else:
            rec.extra[key] = value
    try:
        pos = notation.parse_position(rec.start, rec.variant)
    except GameError as exc:
        raise RecordError(f"{source}: Start: {exc}") from None
    for lineno in range(i, len(lines)):
        for token in lines[lineno].split("#", 1)[0].split():
            if token.endswith(".") and token[:-1].isdigit():
                continue
            try:
                move = notation.parse_move(pos, token, rec.variant)
                pos = engine.apply(pos, move, rec.variant)
            except GameError as exc:
                raise RecordError(f"{source}:{lineno + 1}: {exc}") from None
            rec.moves.append(notation.format_move(move))
    if pos.winner is not None:
        won = ("orange", "grey")[pos.winner]
        if rec.result not in (won, "unfinished"):
            raise RecordError(f"{source}: Result {rec.result!r} contradicts the moves: {won} won")
        rec.result = won
    return rec


def record_from_moves(moves: list[Move], start: Position | None = None, rules=None,
                      **header: str) -> GameRecord:
    """A record of `moves` from `start`; `rules` as a game's `rules` or `rules_set` gives them."""
    rules = canonical_rules(rules)
    variant = variant_of(rules)
    pos = start if start is not None else engine.initial()
    rec = GameRecord(rules=rules, start=notation.format_position(pos), **header)
    for move in moves:
        pos = engine.apply(pos, move, variant)
        rec.moves.append(notation.format_move(move))
    if pos.winner is not None:
        rec.result = ("orange", "grey")[pos.winner]
    return rec
