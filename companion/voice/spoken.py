"""What the companion says: an OLED line (a Msg) worded for the ear in the table's language.

The OLED's words are the spoken words (one wording per phrase, companion/ui/i18n.py); only its
shorthand is read out: an arrow is "nach"/"to", "OK = ja" is "OK für ja"/"OK for yes", the
menu cursor and ellipses go (a count's plural form is the phrase's own: companion/ui/plural.py),
a parenthesis becomes a pause, "2/4" is "2 von 4", "+1" is "plus 1", "Spieler*innen" is
"Spielerinnen und Spieler". Squares ("c3") and numbers stay as they are: both speech engines
read them as a person says them ("ce drei", "C three"; checked by the phoneme goldens in
tests/test_voice_render.py). A phrase whose short form says too little to the ear (a die "66",
a hand count "1:3") has a spoken wording of its own, the keyed phrase `spoken.<key>` with the
same parameters (Katzenjammer's and Monster Mau Mau's); a Msg given as a parameter is said
with its own. `sayable` is what the coverage test and `companion bench voice` hold every phrase
to: words, digits and plain punctuation, nothing a voice would spell out.
"""
from __future__ import annotations

import re

from companion.ui import i18n
from companion.ui.screens import Msg

#: the key of a phrase's spoken wording, where it has one
SPOKEN = "spoken."

#: symbol -> words, per language; applied in this order
_SYMBOLS = {
    "de": (("→", " nach "), (" – ", ", "), ("–", " "), (" — ", ", "), ("—", " "), (" = ", " für "), ("=", " gleich "), (" · ", ". "), ("·", ". "),
           ("…", " "), ("...", " "), (" / ", " oder "), ("/", " oder "), ("|", " oder "),
           ("+", " "), (">", " "), ("<", " "), ("*", " "), ("_", " "), ("#", " Nummer "),
           ("&", " und "), ("%", " Prozent "), ("@", " "), ("~", " "), ("[", " "), ("]", " ")),
    "en": (("→", " to "), (" – ", ", "), ("–", " "), (" — ", ", "), ("—", " "), (" = ", " for "), ("=", " equals "), (" · ", ". "), ("·", ". "),
           ("…", " "), ("...", " "), (" / ", " or "), ("/", " or "), ("|", " or "),
           ("+", " "), (">", " "), ("<", " "), ("*", " "), ("_", " "), ("#", " number "),
           ("&", " and "), ("%", " percent "), ("@", " "), ("~", " "), ("[", " "), ("]", " ")),
}
_QUOTES = str.maketrans({c: " " for c in "„“”\"«»`´"})
_PAREN = re.compile(r"\s*\(([^()]*)\)")
_SPACES = re.compile(r"\s+")
#: a button's name in capitals on the OLED ("CAT", "BACK") is a word, not letters to spell
_CAPS = re.compile(r"\b[A-ZÄÖÜ]{3,}\b")
_DIGIT_DASH = re.compile(r"(?<=\d)-(?=\d)")  # dice "1-4-7": said "1, 4, 7", not "1 Strich 4"
_PUNCT_RUN = re.compile(r"\s*([.,:;!?])(?:\s*[.,:;])+")
_SAYABLE = re.compile(r"[\w\s.,:;!?'\-]*")
#: "2/4": a count of a whole ("Schritte 2/4"), not a choice
_OF = re.compile(r"(?<=\d)\s*/\s*(?=\d)")
_OF_WORD = {"de": " von ", "en": " of "}
#: "Katze +1, Zurück -1": a sign after a word (a button counting up or down), not a dash; a
#: line's leading "+" ("+2 Katzen aus der Reserve") is what comes in, said as the count alone
_PLUS = re.compile(r"(?<=\w )\+(?=\d)")
_MINUS = re.compile(r"(?<![\w-])-(?=\d)")   # (both languages say "plus" and "minus")
#: the gender star: "Spieler*innen" is "Spielerinnen und Spieler", "Jede*r" "Jede und jeder"
_STAR = re.compile(r"(\w+)\*(\w+)")
_AND = {"de": " und ", "en": " and "}
#: a colon between two things with no space ("1:3", "first:N") is no pause: a space
_GLUED_COLON = re.compile(r"(?<=\S):(?=\S)")
#: a dash between spaced words or numbers ("12 - 15", " - Mau Mau!") is a pause
_SPACED_DASH = re.compile(r"(^|\s)-(\s|$)")
#: a notation token of letters and digits ("d6", "upto4", "s7") is said letter group by group;
#: a square of the bed ("c3") is read as a person says it
_MIXED = re.compile(r"\b(?![a-f][1-6]\b)(?=\w*\d)(?=\w*[^\W\d])\w+\b")
_MIXED_SPLIT = re.compile(r"(?<=\d)(?=[^\W\d])|(?<=[^\W\d])(?=\d)")


def _star(m: re.Match, language: str) -> str:
    base, ending = m.group(1), m.group(2)
    if ending.startswith("in"):           # Spieler*innen, Spieler*in: the women named first
        return f"{base}{ending}{_AND.get(language, ' and ')}{base}"
    return f"{base}{_AND.get(language, ' and ')}{(base + ending).lower()}"   # Jede*r


def words(text: str, language: str) -> str:
    """A line of OLED text as words to say."""
    while _PAREN.search(text):            # inner parentheses first: each a pause
        text = _PAREN.sub(lambda m: ", " + m.group(1) + ",", text)
    text = _STAR.sub(lambda m: _star(m, language), text)
    text = _OF.sub(_OF_WORD.get(language, " of "), text)
    text = _MINUS.sub("minus ", _PLUS.sub("plus ", text))
    text = _DIGIT_DASH.sub(", ", text.translate(_QUOTES))
    text = _SPACED_DASH.sub(lambda m: ", " if m.group(1) else " ", text)
    text = _GLUED_COLON.sub(" ", text)
    text = _MIXED.sub(lambda m: _MIXED_SPLIT.sub(" ", m.group()), text)
    text = _CAPS.sub(lambda m: m.group().lower(), text)
    for symbol, said in _SYMBOLS.get(language, _SYMBOLS["en"]):
        text = text.replace(symbol, said)
    text = _SPACES.sub(" ", text)
    text = text.replace(" ,", ",").replace(" .", ".").replace(" :", ":").replace(" !", "!")
    text = _PUNCT_RUN.sub(lambda m: m.group(1) if m.group(1) in "!?" else m.group(0)[-1], text)
    return text.strip(" ,;:").strip()


def say(line, language: str) -> str:
    """A Msg (or a line of text) as words to say; "" for a line that says nothing."""
    if isinstance(line, str):
        return words(line, language)
    return words(_worded(line, language), language)


def _worded(m: Msg, language: str) -> str:
    """The Msg's words for the ear: its spoken phrase where it has one, its parameters said
    (a Msg with its own words, dice die by die, a code or a card's UID letter by letter)."""
    params = {k: _said_value(k, v, language) for k, v in m.params}
    key = SPOKEN + m.key if SPOKEN + m.key in i18n.STRINGS else m.key
    return i18n.text(key, language, **params)


def _said_value(k: str, v, language: str):
    if isinstance(v, Msg):                   # a Msg given as a parameter: its own words
        return _worded(v, language)
    if k == "dice" and isinstance(v, str):   # a roll "636": "sechs, drei, sechs"; "…" or "?": none yet
        return ", ".join(i18n.text(f"say.digit.{d}", language) for d in v if d.isdigit())
    if k == "code" and isinstance(v, str):   # a pairing code is spelled: "K 7 Q M, 2 X P D"
        return ", ".join(" ".join(part) for part in v.split("-"))
    if k == "uid" and isinstance(v, str):    # a card's UID, character by character
        return " ".join(v)
    return v


def sayable(text: str) -> bool:
    """Words, digits and plain punctuation only: nothing a voice would spell out or skip."""
    return bool(_SAYABLE.fullmatch(text))
