"""The Cats and Cat Attack tables say the engines' refusals through registered phrases
(cats.refuse.*, ca.refuse.*: German and English, parameters named; refusals.py picks the phrase
and its values): the English ones word for word the engines' own reasons (engine.py's Refusal,
which `companion cats|cat-attack apply` print: a fixed interface), the German ones German, for
every refusal random games (every event tried at every position, hand-made ones the notation
cannot write included) reach; the one no game can reach is named with why."""
from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from companion import games, tables
from companion.games.base import CHANCE, IllegalMoveError
from companion.games.cats.engine import quiet
from companion.games.cats.state import Move as CatsMove
from companion.tables.cat_attack import refusals as attack_refusals
from companion.tables.cats import refusals as cats_refusals
from companion.ui.i18n import STRINGS

CATS_PROBES = (
    [CatsMove("deal", a=c, b=o) for c in range(5) for o in range(4)]
    + [CatsMove("first", a=s) for s in range(7)] + [CatsMove("step", a=p) for p in range(13)]
    + [CatsMove("hiss", a=a, b=b) for a in range(5) for b in range(5)]
    + [CatsMove(k) for k in ("end", "blocked", "schnurr", "pass", "swap")]
    + [CatsMove("miau", a=c, b=r) for c in range(8) for r in range(11)]
    + [CatsMove("challenge", a=s, b=c) for s in range(5) for c in range(5)]
    + [CatsMove("win", a=c, b=o) for c in range(5) for o in range(4)])


def attack_probes(seats: int) -> list:
    texts = [f"{k}{v}" for k in "CMB" for v in range(1, 7)] + ["SPEEDY", "ATTACK", "BURGLAR"]
    texts += ["done", "none", "home", "stayed", "left", "time", "hit:-", "hit:12", "first:1", "d6:3"]
    for s in range(1, seats + 1):
        texts += [f"attack:{s}", f"trespass:{s}", f"six:b:{s}", f"six:m:{s}", f"loot:{s}:b"]
        texts += [f"fight:{s}:{k}" for k in "CMB"]
        texts += [f"{k}:{s}:{t}" for k in ("raid", "burgle") for t in "bmkfvc"]
    texts += [f"catch:{t}" for t in "bm"] + [f"shop:{t}" for t in "kfvc"] + [f"burgle:{t}" for t in "kfvc"]
    texts += ["jam:1", "jam:2", "curiosity:close:k", "curiosity:open:k", "curiosity:car:2",
              "curiosity:again", "curiosity:other"]
    notation = games.get("cat-attack", players=seats).notation
    return [notation.parse_move(t, "") for t in texts]


def positions(game, seed: int):
    """A random game's positions, then the same game finished."""
    rng = random.Random(seed)
    pos = tables.make(game, language="en", players=()).position
    yield pos
    for _ in range(250):
        moves = game.legal_moves(pos) if game.outcome(pos) is None else []
        # a game goes on (a claimed win or "time" ends it at once): the phases are all reached
        moves = [m for m in moves if game.to_move(pos) == CHANCE or m.kind not in ("win", "time")]
        if not moves:
            break
        pos = game.apply(pos, rng.choice(moves))
        yield pos
    yield replace(pos, phase="over")


def refusals_of(game, probes, seed: int):
    """(reason key, values, the engine's English) for every probe the rules refuse."""
    for pos in positions(game, seed):
        for move in probes:
            try:
                game.engine.apply(pos, move, game.rules_set)
            except IllegalMoveError as exc:
                yield exc.key, exc.values, str(exc)


#: refusals whose English names a card (or the seats drawn by lot) in words where the engine's line
#: has the notation's tokens ("C2", "first:1"): issue 45
CARDS_IN_WORDS = {"fight_kind", "lot", "not_now", "dead_special"}
TOKEN = re.compile(r"\b[CMB][1-6]?\b|\w+:\w|no-dead-special")


def check(game, module, prefix: str, probes, seeds) -> set[str]:
    """Each refusal worded by the table in English is the engine's reason (a card in words, not
    its token), in German German; returns the phrases used."""
    t = tables.make(game, language="en", players=())
    seen = set()
    for seed in seeds:
        for key, values, english in refusals_of(game, probes, seed):
            phrase, _ = module.phrase(key, values, "en")
            assert phrase.startswith(f"{prefix}.refuse.{key}"), (key, values)
            seen.add(phrase.removeprefix(f"{prefix}.refuse."))
            t.language = "en"
            said = t.reason(key, tuple(values.items()), english)
            if key in CARDS_IN_WORDS:   # the engine's words, but a code in words
                assert not TOKEN.search(said) and (said != english or not TOKEN.search(english)), (key, said)
            else:
                assert said == english, (key, values)
            t.language = "de"
            german = t.reason(key, tuple(values.items()), english)
            assert german != english and "{" not in german, (key, german)
    return seen


def registered(prefix: str) -> set[str]:
    return {k.removeprefix(f"{prefix}.refuse.") for k in STRINGS if k.startswith(f"{prefix}.refuse.")}


#: Only the cat moved last may hiss, and a hiss stops the hisser, never the cat moved last: the
#: engine still checks a hiss by a cat hissed at (see the position below), no game gets there.
CATS_UNREACHABLE = {"hisser_hissed"}


@pytest.mark.parametrize("players, rules", [(2, ()), (3, ("upto4",)), (4, ("own-first-turn",)),
                                            (2, ("upto4", "own-first-turn"))])
def test_cats_refusals_are_the_engines_words_in_english_and_german_in_german(players, rules):
    seen = check(games.get("cats", players=players, rules=rules), cats_refusals, "cats", CATS_PROBES,
                 range(players, players + 2))
    assert seen <= registered("cats")


def test_every_cats_refusal_phrase_is_reached():
    seen = set()
    for n, rules in ((2, ()), (3, ("upto4",)), (4, ())):
        game = games.get("cats", players=n, rules=rules)
        seen |= check(game, cats_refusals, "cats", CATS_PROBES, range(3))
    assert seen == registered("cats") - CATS_UNREACHABLE
    # the unreachable one is worded all the same: a hiss by a cat that was hissed at
    game = games.get("cats", players=2)
    pos = next(p for p in positions(game, 0) if p.phase == "move" and not quiet(p, frozenset()))
    with pytest.raises(IllegalMoveError) as refused:
        game.engine.apply(replace(pos, last=0, hissed=1), CatsMove("hiss", a=0, b=1), frozenset())
    exc = refused.value
    assert exc.key == "hisser_hissed"
    t = tables.make(game, language="en", players=())
    assert t.reason(exc.key, tuple(exc.values.items()), str(exc)) == str(exc)

ATTACK_GAMES = [(2, "", 1), (3, "young", 2), (4, "no-dead-special", 3), (2, "timed,win-by-card", 2),
                (3, "", 1), (5, "no-dead-special", 1)]


def test_every_cat_attack_refusal_phrase_is_the_engines_words_and_reached():
    seen = set()
    for i, (seats, rules, lives) in enumerate(ATTACK_GAMES):
        game = games.get("cat-attack", players=seats, rules=rules or None, lives=lives)
        seen |= check(game, attack_refusals, "ca", attack_probes(seats), range(i, i + 3))
    assert seen == registered("ca")
