"""Issue 46 item 8: no pluralisation hack ("Katze(n)", "choice(s)", "kitten(s)") reaches a screen
or the voice. A word after a count names its plural forms in the count's field ("{n}
{n:one=Katze|other=Katzen}") and the CLDR's rules through Babel choose (companion/ui/plural.py).
Every registered phrase is rendered, and said, with each count 0, 1, 2, 5 in both languages."""
from __future__ import annotations

import re
import string

import pytest

from companion.ui import i18n, plural
from companion.ui.screens import msg
from companion.voice.coverage import SAMPLES, phrase_keys
from companion.voice.spoken import say

#: a word with an ending in parentheses: "Katze(n)", "kitten(s)", "Möglichkeit(en)"; or both
#: forms with a slash: "life/lives", "card/cards"
HACK = re.compile(r"[^\W\d_]\([^\W\d_]{1,3}\)|\b([^\W\d_]{2})[^\W\d_]*/\1[^\W\d_]*\b")


def _fields(key: str, language: str) -> set[str]:
    templates = [i18n.STRINGS[k][language] for k in (key, "spoken." + key) if k in i18n.STRINGS]
    return {f for t in templates for _, f, _, _ in string.Formatter().parse(t) if f}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_no_phrase_shows_or_says_a_plural_in_parentheses_at_any_count(language):
    found = []
    for key in phrase_keys():
        for count in (0, 1, 2, 5):
            values = {f: SAMPLES.get(f, "Maus") for f in _fields(key, language)}
            values.update({f: count for f in values if f in ("n", "k", "steps", "left", "lives",
                                                              "treats", "cost", "done", "total")})
            line = msg(key, **values)
            for shown in (line.text(language), say(line, language)):
                if HACK.search(shown):
                    found.append(f"{key} [{language}, {count}]: {shown!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("key, language, counts", [
    ("cats_in", "de", {1: "+1 Katze aus der Reserve", 2: "+2 Katzen aus der Reserve",
                       0: "+0 Katzen aus der Reserve"}),
    ("to_box", "en", {1: "1 kitten into the box", 5: "5 kittens into the box"}),
    ("why.katzenjammer.offered", "en", {1: "7: 1 choice", 2: "7: 2 choices"}),
    ("why.katzenjammer.offered", "de", {1: "7: 1 Möglichkeit", 2: "7: 2 Möglichkeiten"}),
])
def test_the_count_chooses_the_form(key, language, counts):
    for n, shown in counts.items():
        assert msg(key, n=n, label="7").text(language) == shown


def test_the_voice_says_the_form_the_screen_shows():
    assert say(msg("cats_in", n=1), "de") == "1 Katze aus der Reserve"
    assert say(msg("spoken.mmm.hand", who="Anna", n=1), "en") == "Anna: 1 card"


def test_every_plural_field_names_known_categories_with_other():
    for key in phrase_keys():
        for language in i18n.LANGUAGES:
            for _, field, spec, _ in string.Formatter().parse(i18n.STRINGS[key][language]):
                if field and spec:
                    plural.forms(spec)   # raises on an unknown category or a missing "other"
    with pytest.raises(ValueError, match="other"):
        plural.forms("one=Katze")


def test_a_loss_in_cats_has_its_decimals_as_the_language_writes_them():
    """A review's "1.5 cats worse": "1,5 Katzen" in German (it said "1.5 Katzen"), on the OLED,
    the page, the command line and in the voice."""
    from companion.ai.review import PlyResult
    from companion.tables.maunz.review import mistake_msg

    r = PlyResult(ply=4, mover=0, played="kc3", best="kd4", best_value=0.5, played_value=-1.0,
                  line=("kb2",), depth=4, deep=True, confirmed=True)
    line = mistake_msg(r)
    assert (line.text("de"), line.text("en")) == ("Fehler: 1,5 Katzen schlechter", "Mistake: 1.5 cats worse")
    assert "1,5" in say(line, "de")
    assert plural.format("{x:.2f} {y:.0f}", "de", {"x": 1234.5, "y": 2.0}) == "1234,50 2"


def test_cat_attacks_status_says_one_life():
    """The status line of a Cat Attack seat with its last life: "1 life" (it said "1 lives")."""
    from companion.tables.cat_attack import phrases  # noqa: F401  (its words)

    assert msg("ca.status.seat", n=1, lives=1, treats=0).text("en") == "1: 1 life, 0/6"
    assert msg("ca.status.seat", n=2, lives=9, treats=2).text("en") == "2: 9 lives, 2/6"
