"""OLED screens: size and mode, umlauts, the hand-drawn arrow, every kind in both languages,
golden hashes of a few renders, and the `companion screens` command."""
from __future__ import annotations

import hashlib

import pytest
from PIL import Image

from companion.ui import i18n
from companion.ui.render import render
from companion.ui.render import font, pack, text_width, wrap
from companion.tables.samples import sample_screens
from companion.ui.screens import KINDS, Pool, Screen, msg

GOLDEN = {
    ("boops", "de"): "a736ff45e71395cb",
    ("boops", "en"): "3351324e571e9f64",
    ("correction_put_back", "de"): "b00461d82afa672a",
    ("correction_put_back", "en"): "e1648937da0c39cd",
    ("won", "de"): "2544b06e61489a32",  # "Neues Spiel: OK drücken" (issue 11)
    ("ask_kind", "en"): "0e8c86abd8e37178",
}


def digest(img: Image.Image) -> str:
    return hashlib.sha256(img.tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("name,language", sorted(GOLDEN))
def test_golden_renders(name, language):
    # A change here is a visible change on the OLED: look at `companion screens --out DIR
    # --scale 4` before updating the hash.
    assert digest(render(sample_screens()[name], language)) == GOLDEN[(name, language)]


def test_every_kind_renders_in_both_languages():
    kinds = {s.kind for s in sample_screens().values()}
    assert kinds == set(KINDS)
    for screen in sample_screens().values():
        for language in i18n.LANGUAGES:
            img = render(screen, language)
            assert img.size == (128, 64) and img.mode == "1"
            lit = sum(bin(b).count("1") for b in img.tobytes())
            assert 300 < lit < 128 * 64 // 2  # text on a dark screen, not empty, not a blob


def test_umlauts_render_as_their_own_glyphs():
    f = font()
    plain, umlaut = f.getmask("a"), f.getmask("ä")
    assert bytes(plain) != bytes(umlaut)
    assert bytes(f.getmask("ß")) != bytes(f.getmask("B"))
    img = render(Screen("await_placement", 0, (Pool(8, 0), Pool(8, 0)), names=("Jörg", "Bärbel"),
                        lines=(msg("place_kitten"),)), "de")
    assert img.size == (128, 64)


def test_arrow_is_drawn_and_measured():
    assert text_width("c4 → c5") == 6 * 6 + 7
    with_arrow = render(Screen("boops", 0, lines=(msg("boop", src="c4", dst="c5"),)))
    without = render(Screen("boops", 0, lines=(msg("boop_off", src="c4"),)))
    assert digest(with_arrow) != digest(without)


def test_wrap_and_pack_fit_the_width():
    for line in wrap("Stell das graue Kätzchen zurück auf c4, bitte sofort und ganz vorsichtig"):
        assert text_width(line) <= 127
    assert pack(["c4 → c5", "b3 vom Bett"]) == ["c4 → c5 · b3 vom Bett"]


def test_i18n_has_every_key_in_both_languages_and_words_a_phrase_inside_a_phrase():
    from companion.tables.maunz import phrases as words

    for key, entry in i18n.STRINGS.items():
        assert set(entry) == set(i18n.LANGUAGES), key
    assert msg("put_back", piece=words.piece("g"), square="c4").text("de") == \
        "Stell das graue Kätzchen zurück auf c4"
    assert msg("put_back", piece=words.piece("O"), square="a1").text("en") == "Put the orange cat back on a1"
    # no parameter name means anything to i18n: a piece is passed as its phrase
    assert i18n.text("put_back", "en", piece="O", square="a1") == "Put O back on a1"
    with pytest.raises(KeyError, match="no text for key 'nope'"):
        i18n.text("nope")


def test_unknown_screen_kind_is_an_error():
    with pytest.raises(ValueError, match="unknown screen kind 'party'"):
        Screen("party")


def test_screens_command_writes_every_screen(tmp_path):
    from companion.service.screens_cli import main

    assert main(["--out", str(tmp_path)]) == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 2 * len(sample_screens()) + 6  # + the second pages of "lift", "why", "review"
    assert "won.de.png" in files and "won.en.png" in files
    assert "lift.p2.de.png" in files and "lift.p2.en.png" in files
    with Image.open(tmp_path / "boops.de.png") as img:
        assert img.size == (128, 64)


def test_the_german_katzenjammer_sample_speaks_german():
    """Issue 20, point 9: docs/screens/kj_choose.de.png showed the options in English."""
    de = sample_screens()["kj_choose"].instruction("de")
    assert "+2 auf 12" in de and " to " not in de
    assert "+2 to 12" in sample_screens()["kj_choose"].instruction("en")
