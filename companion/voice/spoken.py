"""What the companion says: an OLED line (a Msg) worded for the ear in the table's language.

The OLED's words are the spoken words (one wording per phrase, companion/ui/i18n.py); only its
shorthand is read out: an arrow is "nach"/"to", "OK = ja" is "OK für ja"/"OK for yes", the
menu cursor and ellipses go, a "Katze(n)" becomes "Katze" or "Katzen" by the phrase's own count,
a parenthesis becomes a pause. Squares ("c3") and numbers stay as they are: both speech engines
read them as a person says them ("ce drei", "C three"; checked by the phoneme goldens in
tests/test_voice_render.py). `sayable` is what the coverage test and `companion bench voice`
hold every phrase to: words, digits and plain punctuation, nothing a voice would spell out.
"""
from __future__ import annotations

import re

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
#: "Katze(n)", "kitten(s)": a plural ending in parentheses, chosen by the phrase's count
_PLURAL = re.compile(r"(\w)\((\w{1,2})\)")
_PAREN = re.compile(r"\s*\(([^()]*)\)")
_SPACES = re.compile(r"\s+")
#: a button's name in capitals on the OLED ("CAT", "BACK") is a word, not letters to spell
_CAPS = re.compile(r"\b[A-ZÄÖÜ]{3,}\b")
_DIGIT_DASH = re.compile(r"(?<=\d)-(?=\d)")  # dice "1-4-7": said "1, 4, 7", not "1 Strich 4"
_PUNCT_RUN = re.compile(r"\s*([.,:;!?])(?:\s*[.,:;])+")
_SAYABLE = re.compile(r"[\w\s.,:;!?'\-]*")


def words(text: str, language: str, count: int | None = None) -> str:
    """A line of OLED text as words to say."""
    text = _PLURAL.sub(lambda m: m.group(1) + ("" if count == 1 else m.group(2)), text)
    text = _PAREN.sub(lambda m: ", " + m.group(1) + ",", text)
    text = _DIGIT_DASH.sub(", ", text.translate(_QUOTES))
    text = _CAPS.sub(lambda m: m.group().lower(), text)
    for symbol, said in _SYMBOLS.get(language, _SYMBOLS["en"]):
        text = text.replace(symbol, said)
    text = _SPACES.sub(" ", text)
    text = text.replace(" ,", ",").replace(" .", ".").replace(" :", ":").replace(" !", "!")
    text = _PUNCT_RUN.sub(lambda m: m.group(1) if m.group(1) in "!?" else m.group(0)[-1], text)
    return text.strip(" ,;:").strip()


#: dice shown side by side ("246": a Miwin roll) are said one by one, not as a number
_DICE_RUN = re.compile(r"\d{2,}")


def say(line, language: str) -> str:
    """A Msg (or a line of text) as words to say; "" for a line that says nothing."""
    if isinstance(line, str):
        return words(line, language)
    params = dict(line.params)
    line = _spelled(line)
    count = params.get("n")
    return words(line.text(language), language, count if isinstance(count, int) else None)


def _spelled(m):
    """The Msg with its dice spelled die by die, also inside a Msg given as a parameter."""
    def value(k, v):
        if isinstance(v, type(m)):
            return _spelled(v)
        if k == "dice" and isinstance(v, str):
            return _DICE_RUN.sub(lambda d: ", ".join(d.group()), v)
        if k == "code" and isinstance(v, str):   # a pairing code is spelled: "K 7 Q M, 2 X P D"
            return ", ".join(" ".join(part) for part in v.split("-"))
        return v
    return type(m)(m.key, tuple((k, value(k, v)) for k, v in m.params))


def sayable(text: str) -> bool:
    """Words, digits and plain punctuation only: nothing a voice would spell out or skip."""
    return bool(_SAYABLE.fullmatch(text))
