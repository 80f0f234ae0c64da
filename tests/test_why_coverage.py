"""Every judgement kind the engines can make has an explanation in both languages (issue 36):
the kinds come from each engine's own declaration (`Game.reasons`), the words from its table's
phrases, as `companion bench teach` counts them."""
from __future__ import annotations

import pytest

from companion import catalogue, games, tables
from companion.tables.why import coverage
from companion.ui import i18n
from companion.ui.screens import Screen, msg

NAMES = [line.name for line in catalogue.GAMES if line.table is not None]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_declared_reason_kind_is_worded(name, language):
    done, total, missing = coverage(name, language)
    assert not missing and done == total, missing


@pytest.mark.parametrize("name", NAMES)
def test_every_reason_an_engine_gives_in_random_games_is_declared_and_worded(name):
    """Seeded random games (chance drawn from the same seed): each move's explanation holds only
    declared kinds, and each is worded in both languages by the game's table."""
    import random

    game = games.get(name, players=3) if name != "maunz" else games.get(name)
    table = tables.make(game, language="de") if name != "monster-mau-mau" else None
    rng = random.Random(11)
    assert game.reasons   # a game whose engine judges declares what it judges
    seen = set()
    for _ in range(3):
        pos = game.initial_position()
        if name == "monster-mau-mau":
            from companion.games.monster_mau_mau import engine as mmm
            pos = mmm.new_game(3)
        for _ in range(120):
            moves = list(game.legal_moves(pos))
            if not moves:
                break
            move = rng.choice(moves)
            for r in game.explain(pos, move):
                assert r.kind in game.reasons, (name, r)
                seen.add(r.kind)
                if table is not None:
                    for language in i18n.LANGUAGES:
                        assert table.why_msg(r).text(language)
            pos = game.apply(pos, move)
    assert seen


def test_the_why_card_is_every_table_s_and_the_page_s():
    from companion.service.cards import SHARED
    from companion.web.protocol import card_catalog

    assert "why" in SHARED
    for name in NAMES:
        assert "why" in tables.factory(name).card_functions, name
    labels = {c.function: dict(c.labels) for c in card_catalog()}
    assert labels["why"] == {"de": "Warum?", "en": "Why?"}


def test_the_why_screen_pages_every_word():
    from companion.ui.render import pages

    long = Screen("why", title=msg("why.head"), lines=tuple(
        msg("why.maunz.off_bed", src="a1", piece=msg("piece.G"), way=msg("why.maunz.way.sw")) for _ in range(4)))
    for language in i18n.LANGUAGES:
        shown = [w for page in pages(long, language) for line in page for w in line.split()]
        assert shown == long.instruction(language).replace(" · ", " ").split()
