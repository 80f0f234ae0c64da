"""Text helpers for games whose positions are `key=value` fields in a fixed order (Cats, Cat
Attack): one place for the error messages, so every game words its notation errors the same way.

Seats are 0-based in code and 1-based in text ("seat 1" is the first player); a set of seats is
written as its digits in ascending order (`13`) or `-` for none.
"""
from __future__ import annotations

from companion.games.base import NotationError


class FieldReader:
    """Splits `text` into its fields, checking the keys and their order, and parses values with
    one-line errors that name the game, the whole position text and the field."""

    def __init__(self, game: str, text: str, keys: tuple[str, ...]):
        self.game, self.text = game, text
        if not isinstance(text, str):
            raise NotationError(f"invalid {game} position {text!r}: not text")
        parts = text.split(" ")
        got = [p.split("=", 1)[0] for p in parts]
        if got != list(keys) or any("=" not in p for p in parts):
            missing = [k for k in keys if k not in got]
            extra = [k for k in got if k not in keys]
            why = (f"missing field {missing[0]!r}" if missing else
                   f"unknown field {extra[0]!r}" if extra else
                   "fields out of order or repeated")
            raise self.fail(f"{why}; expected {len(keys)} fields "
                            f"{' '.join(k + '=…' for k in keys)} separated by single spaces")
        self.values = dict(p.split("=", 1) for p in parts)

    def fail(self, why: str) -> NotationError:
        return NotationError(f"invalid {self.game} position {self.text!r}: {why}")

    def bad(self, key: str, why: str) -> NotationError:
        return self.fail(f"field {key}={self.values.get(key, '')!r}: {why}")

    def __getitem__(self, key: str) -> str:
        return self.values[key]

    def int(self, key: str, lo: int, hi: int, text: str | None = None) -> int:
        value = self.values[key] if text is None else text
        if not value.isdigit() or not lo <= int(value) <= hi:
            raise self.bad(key, f"{value!r} is not a number from {lo} to {hi}")
        return int(value)

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self.values[key]
        if value not in options:
            raise self.bad(key, f"must be one of {', '.join(options)}")
        return value

    def seat(self, key: str, n: int, optional: bool = True) -> int | None:
        value = self.values[key]
        if value == "-" and optional:
            return None
        return self.int(key, 1, n) - 1

    def seats(self, key: str, n: int, text: str | None = None) -> int:
        """A set of seats written as ascending digits (`13`) or `-`: a bitmask of 0-based seats."""
        return self.digits(key, 1, n, text)

    def digits(self, key: str, lo: int, hi: int, text: str | None = None) -> int:
        """A set of small numbers lo..hi (one digit each, ascending) as a bitmask of value - lo."""
        value = self.values[key] if text is None else text
        if value == "-":
            return 0
        if (not value.isdigit() or list(value) != sorted(set(value))
                or not all(lo <= int(d) <= hi for d in value)):
            raise self.bad(key, f"{value!r} must list numbers {lo}-{hi} once each, ascending, or '-'")
        mask = 0
        for d in value:
            mask |= 1 << (int(d) - lo)
        return mask

    def pair(self, key: str, sep: str = "/") -> tuple[str, str]:
        value = self.values[key]
        if value.count(sep) != 1:
            raise self.bad(key, f"expected two parts separated by {sep!r}")
        a, b = value.split(sep)
        return a, b


def format_digits(mask: int, lo: int = 1) -> str:
    """A bitmask as ascending digits (bit i -> digit i + lo), `-` when empty."""
    return "".join(str(i + lo) for i in range(10) if mask >> i & 1) or "-"


def seat_text(seat: int | None) -> str:
    return "-" if seat is None else str(seat + 1)


def bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def next_seat(seat: int, n: int) -> int:
    return (seat + 1) % n
