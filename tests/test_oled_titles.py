"""Issue 32 item 14: an OLED title that does not fit the header bar is never cut ("Wie viele
Spieler...", "Spieler 2 gewi... 1/2") nor doubled: the bar shows its first line as a body line
would wrap it (whole words) and the body goes on with the rest, so every word of the title and
of the instruction is on the OLED exactly once; the set-up's and the win screens' own titles fit
the bar, and the Cats and Cat Attack win screens say who won once."""
from __future__ import annotations

import random

import pytest

from companion.ui import i18n
from companion.ui.render import WIDTH, pages, render, text_width, title_line
from companion.ui.screens import Screen, msg
from tests.test_tables_cats_cat_attack import attack_ready, cats_ready
from tests.test_ui_paging import words

HEADER_ROWS = (0, 0, WIDTH, 11)


def shown_words(screen, language):
    """Every word the OLED shows of the screen, header bar first, all pages."""
    body = pages(screen, language)
    return words(title_line(screen, language)) + [w for page in body for line in page for w in words(line)]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("n_lines", [1, 12])
def test_a_long_title_is_wrapped_like_a_body_line_never_cut_or_doubled(language, n_lines):
    lines = tuple(msg("text", text=f"Zeile {i} mit ein paar Worten") for i in range(n_lines))
    for title in ("Wie viele Spieler*innen? 4", "Spieler 2 gewinnt das Spiel!",
                  "Maximiliane-Friederike-Sophie gewinnt!"):
        screen = Screen("won", title=msg("text", text=title), lines=lines)
        head = title_line(screen, language)
        assert "..." not in head and head and title.replace(" ", "").startswith(head.replace(" ", ""))
        assert "".join(shown_words(screen, language)) == "".join(words(title) + words(screen.instruction(language)))
        # the bar drawn is exactly that line (and the page marker): nothing cut with "..."
        rest = title[len(head):].strip()
        same = Screen("won", title=msg("text", text=head),
                      lines=((msg("text", text=rest),) if rest else ()) + lines)
        assert len(pages(same, language)) == len(pages(screen, language))
        for page in range(len(pages(screen, language))):
            assert render(screen, language, page).crop(HEADER_ROWS).tobytes() == \
                render(same, language, page).crop(HEADER_ROWS).tobytes()
        assert text_width(head) <= WIDTH - 4


def test_a_title_that_fits_stays_whole_and_is_not_repeated():
    screen = Screen("won", title=msg("text", text="Mau Mau!"), lines=(msg("text", text="Anna gewinnt"),))
    assert title_line(screen, "de") == "Mau Mau!" and shown_words(screen, "de") == ["Mau", "Mau!", "Anna", "gewinnt"]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_monster_mau_mau_set_up_titles_fit_the_bar(language):
    from companion.tables.monster_mau_mau.session import MauMauSession

    s = MauMauSession(language=language)
    for _ in range(4):
        s.on_button("back", "press", 0)
    for players in range(2, 11):
        while s.players < players:
            s.on_button("cat", "press", 0)
        title = s.lines(0)[0]
        assert text_width(title) <= WIDTH - 4 and str(players) in title, title
    s.on_button("ok", "press", 0)
    for _ in range(16):
        title = s.lines(0)[0]
        assert text_width(title) <= WIDTH - 4 and str(s.deal) in title, title
        s.on_button("back", "press", 0)


def _attack_won(language):
    rng, t = random.Random(3), attack_ready(language)
    for _ in range(3000):
        if t.game.outcome(t.position) is not None:
            return t
        if t.game.to_move(t.position) == -1:
            t.on_chance(rng.choice([m for m, _ in t.game.chance_outcomes(t.position)]), 0.0)
            continue
        t.play(rng.choice(t.choices()), 0.0)
    raise AssertionError("no winner")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_cats_and_cat_attack_win_screens_say_who_won_once(language):
    wins = {"de": "gewinnt", "en": "wins"}[language]
    cats = cats_ready(language)
    cats.on_card("event", 0.0, "win:1b")
    for t in (cats, _attack_won(language)):
        screen = t.view().screen
        assert t.game.outcome(t.position) is not None
        shown = shown_words(screen, language)
        assert [w.strip("!") for w in shown].count(wins) == 1, shown
        name = t.seat_name(t.game.outcome(t.position).winner)
        assert title_line(screen, language) == screen.header(language), (name, shown)  # whole, in the bar
