"""Issue 45 item 4: the spelling sweep. Every registered phrase (companion/ui/i18n.py, every
table's and the page's), rendered with its samples (companion/voice/coverage.py) in German and in
English, passes hunspell (Debian's `hunspell` with `hunspell-de-de` and `hunspell-en-gb`: the
companion writes British English, "colour", "grey") with the games' own words kept beside this
test (tests/spelling/de.txt, en.txt: card names, the games' sounds, devices). A token with a digit
in it is a square, a code or a file name, never a word, and is left out. The test names each word
it rejects and the phrases that hold it."""
from __future__ import annotations

import collections
import json
import re
import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest

from companion.ui import i18n
from companion.ui.screens import msg
from companion.voice.coverage import SAMPLES, phrase_keys

HERE = Path(__file__).parent / "spelling"
DICTIONARIES = {"de": "de_DE", "en": "en_GB"}

#: the samples that are words already worded in the table's language (the tables pass these as
#: text in the line's language): the English table's
ENGLISH = {"text": "Player 2 to move", "played": "Stripes 3", "top": "Dots 7", "who": "Player 2",
           "what": "cat 3", "why": "Turn up the first card first", "kinds": "cat, mouse",
           "best": "mouse, mouse", "a": "red", "b": "blue"}
#: an error's own words (an OS error), German on a German table
GERMAN = {"problem": "Datenträger voll"}
#: the parameters that are typed, not read: a card's UID, a command's words, a code, a file
TYPED = ("functions", "uid", "code", "file", "firmware", "here", "there", "known", "folder", "outcome")
#: a parameter no sample names: a plain word in either language
OTHER = {"de": "Maus", "en": "mouse"}

_TOKEN = re.compile(r"\S+")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def rendered(key: str, language: str) -> str:
    template = i18n.STRINGS[key][language]
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    samples = SAMPLES | (ENGLISH if language == "en" else GERMAN)
    values = {f: samples.get(f, OTHER[language]) for f in fields}
    values.update({f: f"`{values[f]}`" for f in TYPED if f in values})
    return msg(key, **values).text(language)


#: a command to type (`companion cards add ...`) or a setting's name ("[voice] enabled")
_CODE = re.compile(r"`[^`]*`|\[\w+\] \w+")


def words_of(line: str) -> list[str]:
    """The words of a line: no token with a digit (a square "c3", a code, a file), no command."""
    return [w for token in _TOKEN.findall(_CODE.sub(" ", line)) if not any(c.isdigit() for c in token)
            for w in _WORD.findall(token)]


def registered_lines(language: str) -> dict[str, str]:
    """Every phrase the companion registers (the shared ones, every table's, the page's), rendered
    with its samples: key -> line."""
    from companion.web import phrases  # noqa: F401  (registers the page's words)

    return {key: rendered(key, language) for key in phrase_keys()}


def companion_lines(language: str) -> dict[str, str]:
    """registered_lines in a fresh interpreter: only the companion's phrases, none a test game
    registered in this one (the example game of a test, the tests' TallyTable)."""
    code = f"import json; from tests.test_spelling import registered_lines; print(json.dumps(registered_lines({language!r})))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parent.parent)
    return json.loads(done.stdout)


def rejected(language: str, lines: dict[str, str] | None = None) -> dict[str, list[str]]:
    """Each word hunspell rejects in `language` -> the phrases that hold it (`lines`: key ->
    line; default: every phrase registered here)."""
    where = collections.defaultdict(list)
    if lines is None:
        lines = {key: rendered(key, language) for key in phrase_keys()}
    for key, line in lines.items():
        for word in words_of(line):
            where[word].append(key)
    done = subprocess.run(["hunspell", "-d", DICTIONARIES[language], "-p", str(HERE / f"{language}.txt"),
                           "-l", "-i", "utf-8"], input="\n".join(where), capture_output=True,
                          text=True, check=True)
    return {w: where[w] for w in sorted(set(done.stdout.split()))}


def _dictionary_missing(language: str) -> bool:
    return not Path(f"/usr/share/hunspell/{DICTIONARIES[language]}.dic").exists()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_phrase_passes_hunspell(language):
    if shutil.which("hunspell") is None or _dictionary_missing(language):
        pytest.fail("hunspell or its dictionary is missing: ./dev test installs hunspell,"
                    " hunspell-de-de and hunspell-en-gb")
    bad = rejected(language, companion_lines(language))
    assert not bad, "hunspell rejects: " + "; ".join(
        f"{w!r} in {', '.join(sorted(set(keys))[:4])}" for w, keys in bad.items())


def test_the_sweep_names_a_misspelt_word():
    # the test itself: a phrase with a misspelling is caught and named
    i18n.STRINGS["test.spelling"] = {"de": "Die Katze springt", "en": "the cat trespasss"}
    try:
        assert rejected("en").get("trespasss") == ["test.spelling"]
        assert "springt" not in rejected("de")
    finally:
        del i18n.STRINGS["test.spelling"]


def test_the_word_lists_are_short_and_sorted():
    for language in i18n.LANGUAGES:
        lines = (HERE / f"{language}.txt").read_text(encoding="utf-8").split("\n")
        entries = [line for line in lines if line]
        assert entries == sorted(set(entries), key=str.casefold), f"{language}.txt: keep it sorted, once each"
        assert len(entries) < 80, f"{language}.txt: a short list of the games' own words"
