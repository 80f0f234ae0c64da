"""The checks every configuration key goes through: a value of the wrong kind or out of range is
one ConfigError line, `<file>: [section] key: problem; fix` (companion/service/config.py reads
the file and its sections with them)."""
from __future__ import annotations

import re

__all__ = ["ConfigError", "Validator"]


class ConfigError(ValueError):
    """One line: `<file>: [section] key: problem; fix`."""

    def __init__(self, source: str, section: str | None, key: str | None, problem: str, fix: str = ""):
        self.source, self.section, self.key = source, section, key
        where = source
        if section is not None:
            where += f": [{section}]"
        if key is not None:
            where += f" {key}"
        super().__init__(f"{where}: {problem}" + (f"; {fix}" if fix else ""))


#: A DNS name: dot-separated labels of letters, digits and inner hyphens (a trailing dot allowed).
_HOST_NAME = re.compile(r"(?=.{1,253}\.?$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)"
                        r"(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.?")


class Validator:
    """Reads one key of one section of one file: its value if it is of the kind and range asked
    for, else a ConfigError naming the file, section and key and the fix."""


    def __init__(self, source: str) -> None:
        self.source = source

    def unknown(self, section: str, table: dict, known: tuple[str, ...]) -> None:
        for key in table:
            if key not in known:
                raise ConfigError(self.source, section, key, "unknown key",
                                  f"remove it or use one of: {', '.join(known)}")

    def choice(self, section, table, key, default, options):
        value = table.get(key, default)
        if value not in options:
            raise ConfigError(self.source, section, key, f"bad value {value!r}",
                              f"use one of: {', '.join(repr(o) for o in options)}")
        return value

    def game(self, table) -> tuple[str, str | None]:
        """[game] game and rules, checked against the game registry: a game that has a table, and
        that game's rules options (None: the rulebook)."""
        from companion import tables
        from companion.games import GameError, info
        from companion.games.base import parse_rules, rules_text

        name = self.string("game", table, "game", "maunz")
        playable = tables.names()
        try:
            meta = info(name)
        except GameError:
            meta = None
        if meta is None or meta.name not in playable:
            raise ConfigError(self.source, "game", "game", f"bad value {name!r}"
                              + ("" if meta is None else " (no table for it yet)"),
                              f"use one of: {', '.join(repr(n) for n in playable)}")
        rules = self.string("game", table, "rules", "rulebook")
        if rules.strip() == "rulebook":
            return meta.name, None
        try:
            return meta.name, rules_text(parse_rules(meta, rules))
        except GameError:
            options = ", ".join(repr(o) for o in ("rulebook", *meta.rules_options))
            raise ConfigError(self.source, "game", "rules", f"bad value {rules!r} for {meta.name}",
                              f"use one of: {options} (several: comma-separated)") from None

    def number(self, section, table, key, default, lo, hi, integer=False):
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (integer and not isinstance(value, int)):
            kind = "a whole number" if integer else "a number"
            raise ConfigError(self.source, section, key, f"bad value {value!r}", f"use {kind} from {lo} to {hi}")
        if not lo <= value <= hi:
            raise ConfigError(self.source, section, key, f"bad value {value!r} (out of range)",
                              f"use a value from {lo} to {hi}")
        return float(value) if not integer else value

    def boolean(self, section, table, key, default):
        value = table.get(key, default)
        if not isinstance(value, bool):
            raise ConfigError(self.source, section, key, f"bad value {value!r}", "use true or false (no quotes)")
        return value

    def host_names(self, section, table, key) -> tuple[str, ...]:
        """A list of DNS names (no scheme, port or path): the Host check compares them exactly."""
        value = table.get(key, [])
        if not isinstance(value, list):
            raise ConfigError(self.source, section, key, f"bad value {value!r}",
                              'use a list of host names, e.g. ["companion.home.arpa"]')
        for name in value:
            if not isinstance(name, str) or not _HOST_NAME.fullmatch(name):
                raise ConfigError(self.source, section, key, f"bad host name {name!r}",
                                  'give bare names like "companion.home.arpa" (no http://, port or path)')
        return tuple(n.lower().rstrip(".") for n in value)

    def string(self, section, table, key, default):
        value = table.get(key, default)
        if not isinstance(value, str):
            raise ConfigError(self.source, section, key, f"bad value {value!r}", "use a quoted string")
        return value
