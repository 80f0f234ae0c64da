"""Plural forms by the CLDR's rules: a phrase names the forms of a word that follows a count in
that count's field, "{n} {n:one=Katze|other=Katzen}" ("1 Katze", "0 Katzen", "5 Katzen"), and
the language's plural rule (Babel's CLDR data) says which category a count is in. German and
English have "one" and "other"; a language with more categories names them the same way
("few=", "many="), and "other" is the form of every category a phrase does not name. A value that
begins a sentence is "{face:cap}" ("Dots 7 does not fit", where "dots 7" stands mid-sentence);
a number with decimals, "{loss:.1f}", is written as the language writes it ("1,5" in German).
Pure: no I/O but Babel's reading of its own locale data."""
from __future__ import annotations

import functools
import re
import string

from babel import Locale

#: the plural categories the CLDR knows (a form named otherwise is a typing error)
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@functools.cache
def _rule(language: str):
    return Locale.parse(language).plural_form


def category(count, language: str) -> str:
    """The CLDR plural category of `count` in `language` ("one", "other", ...)."""
    return _rule(language)(count)


def forms(spec: str) -> dict[str, str] | None:
    """A field's plural forms ("one=Katze|other=Katzen" -> {"one": ..., "other": ...}), or None
    when the field's format is no plural (a number's own format, or none)."""
    if "=" not in spec:
        return None
    out = dict(part.split("=", 1) for part in spec.split("|"))
    unknown = set(out) - set(CATEGORIES)
    if unknown or "other" not in out:
        raise ValueError(f"plural forms {spec!r}: name categories among {', '.join(CATEGORIES)},"
                         " \"other\" among them")
    return out


class _Words(string.Formatter):
    """str.format with plural forms: a field whose format names forms is the form its value's
    category takes in the language being formatted (one formatter a call: no shared state)."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value, format_spec: str):
        if format_spec == "cap":   # "{face:cap} does not fit": a value that begins a sentence
            text = str(value)
            first = text.split(" ", 1)[0]
            # a word gets its capital; a code as typed ("x7") stays as it is
            return text[:1].upper() + text[1:] if first.isalpha() else text
        if _DECIMALS.fullmatch(format_spec) and isinstance(value, (int, float)) and not isinstance(value, bool):
            return _decimal(value, int(format_spec[1:-1]), self.language)
        plural = forms(format_spec)
        if plural is None:
            return super().format_field(value, format_spec)
        return plural.get(category(value, self.language), plural["other"])


#: a number with its decimals, "{loss:.1f}": written as the language writes it ("1,5" in German)
_DECIMALS = re.compile(r"\.\d+f")


def _decimal(value, places: int, language: str) -> str:
    from babel.numbers import format_decimal

    return format_decimal(value, format="0." + "0" * places if places else "0", locale=language)


def format(template: str, language: str, params: dict) -> str:  # noqa: A001 (str.format's twin)
    """`template.format(**params)` with its plural forms chosen for `language`."""
    return _Words(language).vformat(template, (), params)
