"""Every word reaches the OLED (issue 11: "d3 d4 f3 off the b…", "+3 Katze(n) aus de…" were cut
off): an instruction longer than the body is split into pages of whole lines, marked "1/2" in
the header bar, and the service turns them every PAGE_SECONDS.

Checked for every string in both languages with its longest parameters, for the sample screens,
and for every screen the referee really showed in random games with undos and corrections.
"""
from __future__ import annotations

import random
import string

import pytest

from companion.tables.maunz.testing import GAME, Bed
from companion.tables.maunz.plan import bits
from companion.ui import i18n
from companion.ui.render import BODY_TOP, HEIGHT, LINE_H, WIDTH, pages, render, text_width, title_line
from companion.tables.samples import sample_screens
from companion.ui.screens import Pool, Screen, msg

POOLS = (Pool(5, 1, 6, 1), Pool(7, 0, 8, 0))
LONGEST = {"piece": "G", "kind": "k", "colour": 0, "square": "a1 b2 c3 d4 e5 f6",
           "squares": "a1 b2 c3 d4 e5 f6", "src": "f6", "dst": "e5", "n": 8, "name": "Bärbel",
           "mark": ">", "title": "Monster Mau Mau",  # the game menu: a game's title
           "die": "III", "value": 9,  # Katzenjammer: entering physical dice
           # Katzenjammer's chooser: dice, a die's label, a field, a seven's segment, a path
           "dice": "714", "label": "55=8", "field": "s3", "steps": "+7", "path": "7 · 12",
           "at": 39, "k": 7,  # a field's number, a seven's steps
           "a": "forward to 12", "b": "+3 to 10, captures 1",
           # the tables' own phrases (Cats, the picker's)
           "cat": 5, "obj": "Futternapf", "what": "Futternapf", "on_obj": "auf dem Futternapf",
           "the_obj": "Der Futternapf", "room": 7, "character": "neugierig",
           "objects": 2, "event": "challenge:3=5", "draws": "d6:3, d6:4", "of": 12,
           "why": "Stehst du noch im Garten oder auf dem Ausgangsfeld?",
           # Cat Attack's
           "mog": "Katzenangriff", "seat": "Bärbel", "treat": "Katzenfutter", "shop": "Tante-Emma-Laden",
           "kinds": "Katzenkarten", "seats": "1, 2, 3", "lives": 9, "treats": "6 6 6 6 6 6",
           "ask": "Wer wurde getroffen?", "rolls": "3, 4",
           # its refusals: a card as printed on it; Cats' refusals: a move kind as the buttons say it
           "token": "BURGLAR", "move": "kein Schritt mehr möglich",
           # its announcements: the other seat, lives left, the streets the car takes, a shop or
           # a treat with its article
           "other": "Bärbel", "left": 8, "streets": "1, 2, 3, 4", "the_shop": "Der Tante-Emma-Laden",
           "the_treat": "das Katzenfutter",
           # remote play's
           "code": "K7QM-2XPD", "here": "ka1/a1b1c1", "there": "kf6/d4e5f6",
           "orange": "Bärbel", "grey": "Bärbel",  # a spectator's "who plays whom"
           # the hall bed's: the kind that belongs on a square
           "want": "Kätzchen",
           # maunz.'s beginner warning held for the person's answer, and a correction's step in Why?
           "warning": "Vorsicht: Grau kann jetzt sofort eine Dreierreihe legen! Rückgängig: ein Tipp"
                      " zeigt einen besseren Zug",
           "step": "Setz das orange Kätzchen aus der Schachtel auf e5",
           # Monster Mau Mau's: a card in words (words.LONGEST: 18 characters), a wish, a tag
           "top": "Gekrakel Aussetzen", "played": "Zickzack Richtung", "wish": "Gekrakel",
           "uid": "04a1b2c3d4e5f6",
           # its refusals and move log: a card's token, a seat, the engine's phase, a pattern, a rank
           "face": "Gekrakel Richtungswechsel", "who": "Bärbel", "phase": "penalty", "pattern": "s", "rank": "+3",
           # its terminal's (`companion monster-mau-mau play`): a seed, the help, a hand of 12
           "seed": 4294967295, "help": "eine Karte (s7, MW>z), z = ziehen, w = weiter, m = Mau!, q = beenden",
           "hand": "s+3 p+3 z+3 g+3 sR pR zR gR sA pA zA gA", "fits": "s+3 p+3 z+3 g+3",
           # the simulator's virtual deck: the game's id in the journal
           "game": 12345,
           # the page's move lists in words (Katzenjammer's turn: a die and its action)
           "action": "Blau 16 zurück auf 12",
           # the longest line the Cats and Cat Attack tables write in either language
           "text": "Stehst du noch im Garten oder auf dem Ausgangsfeld, wo du geraubt hast?",
           # "why?" (issue 36): maunz.'s direction of a boop, in words
           "way": "nach rechts unten",
           # Katzenjammer's: the seat a piece belongs to
           "owner": "Schwarz",
           # Cat Attack's: a fight's kind of card
           "suit": "Katze",
           # the review after a game: a four-move punishing line, the loss, the progress;
           # Katzenjammer's: the turns compared
           "head": "Orange Kätzchen f6", "tail": "Grau Kätzchen e5, Orange Katze d4, Grau Katze c3",
           "line": "Grau Kätzchen e5, Orange Katze d4, Grau Katze c3, Orange Katze b2", "loss": 12.5,
           "pct": 100, "percent": 100, "best": "Maus, Maus", "cost": 120,
           "matched": 12, "total": 14,
           # its punishing line worded (issue 45): what the reply does, who wins
           "pronoun": "sie", "winner": "Orange",
           "effects": "stupst deine Katze vom Bett und macht eine Dreierreihe: die Kätzchen werden Katzen",
           "difference": "damit konnte Schwarz bei 100 % der Würfe sofort gewinnen", "done": 14, "firmware": "421c2ab724fef93d",
           "file": "micropython-rp2-pico.uf2",
           # an update found on the SD card: its version, long as a pre-release's
           "version": "0.12.0rc3", "folder": "/var/lib/maunz-companion",  # and the folder of its OK
           # ... its outcome: the version it went back to, the longest kind of reason in words
           "back": "0.12.0rc2", "reason": "kein Schlüssel zum Prüfen, neueres Image nötig",
           # the computer's level (issue 44): its measured Elo, a level's words (the longest: a
           # half level), a person's rating
           "elo": 3359, "level": "Stufe 4,5 · etwa 1873", "rating": 1879,
           "low": "1", "half_low": "2,5", "half_top": "6,5",   # the ladder's ends, an unknown level
           # a puzzle: its theme, the day of the puzzle of the day
           "theme": "Aufstieg bringt eine Katze", "day": "2026-11-28",
           # the history view: a ply of a past game
           "ply": 120, "plies": 120}


def words(text: str) -> list[str]:
    return [w for w in text.split() if w != "·"]


def _rejoined(shown: list[str], want: list[str]) -> list[str]:
    """`shown` with the pieces of a word wider than a line put back together (a file name: the
    only word the OLED must break); every other word must stand as it was written."""
    out, i = [], 0
    for w in want:
        if i >= len(shown):
            break
        piece, i = shown[i], i + 1
        while piece != w and i < len(shown) and text_width(w) > WIDTH - 1 and w.startswith(piece):
            piece, i = piece + shown[i], i + 1
        out.append(piece)
    return out + shown[i:]


def check_fits_or_pages(screen: Screen, language: str) -> list[list[str]]:
    body = pages(screen, language)
    per_page = (HEIGHT - (BODY_TOP if screen.pools else 13)) // LINE_H
    for page in body:
        assert 0 < len(page) <= per_page or body == [[]], (screen, body)
        for line in page:
            assert text_width(line) <= WIDTH - 1, line
    shown = [w for page in body for line in page for w in words(line)]
    want = words(screen.instruction(language))
    assert _rejoined(shown, want) == want, (shown, screen.instruction(language))
    return body


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_string_fits_or_pages(language):
    from companion import tables

    for name in tables.names():   # every table's own phrases registered, whatever ran before
        tables.factory(name)
    for key, entry in i18n.STRINGS.items():
        if key.startswith(("piece.", "kind.", "colour.", "head.", "card.", "note.", "spoken.", "say.digit.")):
            continue  # words inside other lines; "note.": the page's notes, "spoken.": the voice's, never on the OLED
        fields = {f for _, f, _, _ in string.Formatter().parse(entry[language]) if f}
        params = {name: LONGEST[name] for name in LONGEST if name in fields}
        line = msg(key, **params)
        # with the longest neighbours a screen really has: the notice above, "(noch 8)" below
        for lines in ((line,), (msg("cat_declared"), line, msg("more", n=8),
                                msg("to_reserve", n=3, colour=msg("colour.1")))):
            check_fits_or_pages(Screen("correction", 0, POOLS, lines=lines), language)
            check_fits_or_pages(Screen("paused", None, (), lines=lines), language)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_sample_screens_fit_or_page(language):
    paged = [name for name, s in sample_screens().items()
             if len(check_fits_or_pages(s, language)) > 1]
    # "+3 cat(s) from the reserve" is its own page, not cut off; an explanation ("why?", a reason
    # a line) reads on over its pages, and so does a step of the review (the move, its verdict,
    # the better move, the line that punishes it)
    assert paged == ["lift", "why", "review"]


def test_pages_are_marked_and_differ():
    screen = sample_screens()["lift"]
    for language in i18n.LANGUAGES:
        body = pages(screen, language)
        assert len(body) == 2
        first, second = render(screen, language, 0), render(screen, language, 1)
        assert first.tobytes() != second.tobytes()
        assert render(screen, language, 2).tobytes() == first.tobytes()  # wraps around
        # the marker "1/2" sits at the right end of the inverted header bar
        marker = first.crop((WIDTH - 24, 0, WIDTH, 11))
        blank = render(Screen("choose", 0, POOLS, lines=(msg("lift", squares="b2"),)), language)
        assert marker.tobytes() != blank.crop((WIDTH - 24, 0, WIDTH, 11)).tobytes()


def test_every_screen_of_real_games_fits_or_pages():
    rng = random.Random(11)
    seen: set = set()
    for game_no in range(6):
        bed = Bed(language="en")
        for ply in range(40):
            pos = bed.ref.position
            if pos.winner is not None:
                break
            move = rng.choice(GAME.legal_moves(pos))
            bed.play(move)
            seen.add(bed.view.screen)
            if ply % 5 == 4:  # an undo, followed through, and a knocked piece corrected
                bed.button("back", "long")
                while bed.ref.phase == "correction":
                    seen.add(bed.view.screen)
                    bed.set(bed.ref.position.occupied)
                occ = bed.ref.position.occupied
                if occ:
                    bed.set(occ & ~(1 << rng.choice(list(bits(occ)))), dt=3.5)
                    seen.add(bed.view.screen)
                    bed.set(occ)
    assert len(seen) > 40
    for screen in seen:
        for language in i18n.LANGUAGES:
            check_fits_or_pages(screen, language)


def test_the_service_turns_the_pages():
    from companion.service.app import Companion
    from companion.service.screen import PAGE_SECONDS
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes
    import tempfile
    from pathlib import Path

    from tests.test_service_support import VirtualPlayer

    # orange's 13th move lines up a1 b1 c1: "a1 b1 c1 off the bed · 3 kittens into the box ·
    # +3 cats from the reserve" is longer than one page
    game_moves = ["kd2", "kc4", "kc6", "kd6", "kf5", "kc1", "kf4", "ka4", "ka5", "kd4", "kb1",
                  "ke3/b4c5d6"]
    with tempfile.TemporaryDirectory() as tmp:
        c = Companion(Config(game=GameConfig(language="en")), build_fakes(), state_dir=Path(tmp),
                      ai_mode="off")
        p = VirtualPlayer(c)
        p.run(0.5)
        for m in game_moves:
            p.play(m)
        assert c.table.moves == game_moves
        c.devices.reed.set_mask(c.devices.reed.physical | 1 << 0)  # a1: the line is complete
        p.run(0.5)
        screen = c.table.view().screen
        assert c.table.phase == "choose" and len(pages(screen, "en")) == 2, screen
        first = c.devices.display.image.tobytes()
        assert first == render(screen, "en", 0).convert("1").tobytes()
        p.run(PAGE_SECONDS)
        assert c.devices.display.image.tobytes() == render(screen, "en", 1).tobytes()
        p.run(PAGE_SECONDS)
        assert c.devices.display.image.tobytes() == first
        c.close()


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("lines", [(), (msg("more", n=8),), tuple(msg("more", n=i) for i in range(9))])
def test_a_long_player_name_in_the_header_reaches_the_body_whole(language, lines):
    """Names are capped at 24 characters; a header too long for the bar is wrapped as a body
    line is: the bar shows its first line, the body goes on with the rest (issue 32 item 14:
    never cut with "...", never shown twice; a short one is not repeated)."""
    name = "Maximiliane-Friederike B"  # 24 characters
    seats = (msg("colour.0"), msg("colour.1"))
    for screen in (Screen("await_placement", 1, POOLS, seats=seats, names=("Bo", name), lines=lines),
                   Screen("won", None, (), seats=seats, names=("Bo", name), lines=lines, winner=1)):
        body = pages(screen, language)
        shown = [w for page in body for line in page for w in words(line)]
        head = screen.header(language)
        # (a word wider than a line is broken across lines: every letter is still shown)
        bar = words(title_line(screen, language))
        assert name in head and "".join(bar + shown) == "".join(words(head) + words(screen.instruction(language))), body
        render(screen, language)  # draws with the page marker
        short = Screen(screen.kind, screen.to_move, screen.pools, names=("Bo", "Al"), lines=lines,
                       winner=screen.winner)
        assert [w for page in pages(short, language) for line in page for w in words(line)] \
            == words(short.instruction(language))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_title_that_fits_the_bar_alone_is_never_cut_for_the_page_marker(language):
    """Issue 46, item 10: "Spieler 3 ist dran" fits the bar but not beside "1/2", and was cut
    into "Spieler 3 ist" / "dran". It stays whole; the marker gives way (the pages still turn)."""
    title = "Spieler 3 ist dran"
    screen = Screen("await_placement", title=msg("text", text=title),
                    lines=tuple(msg("text", text=f"{n}: 9 Leben, 0/6") for n in range(1, 7)))
    assert len(pages(screen, language)) == 2 and title_line(screen, language) == title
    assert [line for page in pages(screen, language) for line in page][0] == "1: 9 Leben, 0/6"
    whole = render(screen, language, 0)
    # nothing drawn over the title's end: the bar is the title's alone
    alone = render(Screen("await_placement", title=msg("text", text=title), lines=(msg("text", text="1"),)),
                   language)
    assert whole.crop((0, 0, WIDTH, 11)).tobytes() == alone.crop((0, 0, WIDTH, 11)).tobytes()
