"""Every refusal the Cats and Cat Attack engines can raise reaches a German table in German and an
English table in the engine's own words (the words `companion cats|cat-attack apply` print).

The reasons are enumerated from the engines' code (every `Refusal(..., "key")` in engine.py);
random games at the real table tap every event that is not legal at each turn, so each reason is
a real refusal of the table. The few the table can never be asked (chance phases, a finished
game, a wrong win claim the Cats table answers itself, moves the notation cannot write) are
raised by the engine and worded by the table the same way."""
from __future__ import annotations

import ast
import inspect
import random
import re
from dataclasses import replace

from companion import games, tables
from companion.games.base import CHANCE, IllegalMoveError
from companion.games.cat_attack import engine as attack_rules
from companion.games.cats import engine as cats_rules
from companion.games.cats.state import Move as CatsMove
from companion.tables.cat_attack.phrases import PHRASES as ATTACK_PHRASES
from companion.tables.cat_attack.words import card_name
from companion.tables.cats.phrases import PHRASES as CATS_PHRASES

#: English words that never belong in a German sentence of these refusals.
ENGLISH = re.compile(r"\b(the|is|was|cat|seat|may|not|cannot|only|already|no|and|this|turn"
                     r"|steps?|room|player|card|larder|shop|home)\b", re.IGNORECASE)


def engine_keys(module) -> set[str]:
    """Every reason key the engine module raises: the second argument of each Refusal(...)."""
    keys = set()
    for function in ast.walk(ast.parse(inspect.getsource(module))):
        if not isinstance(function, ast.FunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal":
                arg = node.args[1]
                if isinstance(arg, ast.Constant):
                    keys.add(arg.value)
                else:   # a key chosen from (key, words) pairs in the same function
                    keys |= {t.elts[0].value for t in ast.walk(function)
                             if isinstance(t, ast.Tuple) and len(t.elts) == 2
                             and all(isinstance(e, ast.Constant) for e in t.elts)}
    return keys


def phrased(phrases: dict, prefix: str) -> set[str]:
    """The engine reasons with a phrase of the table's (<prefix>.refuse.<key>[.<which>])."""
    return {k.split(".")[2] for k in phrases if k.startswith(f"{prefix}.refuse.")}


def cats_events() -> list[str]:
    pieces = [str(n) for n in range(1, 6)] + list("bcmp")
    return ([f"step:{p}" for p in pieces] + ["end", "blocked", "schnurr", "pass", "swap"]
            + [f"hiss:{a}>{b}" for a in range(1, 6) for b in range(1, 6)]
            + [f"miau:{c}@{r}" for c in range(1, 6) for r in range(1, 11)]
            + [f"challenge:{s}={c}" for s in range(1, 5) for c in range(1, 6)])


def attack_events(seats: int) -> list[str]:
    out = [f"{k}{v}" for k in "CMB" for v in range(1, 7)] + ["SPEEDY", "ATTACK", "BURGLAR"]
    out += ["done", "none", "home", "stayed", "left", "time", "hit:-"]
    for s in range(1, seats + 1):
        out += [f"attack:{s}", f"trespass:{s}", f"six:b:{s}", f"six:m:{s}"]
        out += [f"fight:{s}:{k}" for k in "CMB"]
        out += [f"{k}:{s}:{t}" for k in ("loot", "raid", "burgle") for t in "bmkfvc"]
    out += [f"catch:{t}" for t in "bm"] + [f"shop:{t}" for t in "kfvc"] + [f"burgle:{t}" for t in "kfvc"]
    out += ["jam:1", "jam:2", "curiosity:close:k", "curiosity:open:k", "curiosity:car:2",
            "curiosity:again", "curiosity:other"]
    return out


def check(t, english_expected: str | None = None) -> str:
    """The refusal on the table's screen in German and in English; returns its key."""
    kind, (key, values, english) = t.refused
    assert kind == "reason" and key, t.refused
    if english_expected is not None:
        assert english == english_expected
    t.language = "en"
    en_line = t.view().instruction
    if key == "fight_kind":   # the card in words, not the engine's token (issue 45)
        card = dict(values)["card"]
        assert f"No: {english.replace(card, card_name(card, 'en'), 1)}" in en_line, en_line
    elif key in ("lot", "not_now", "dead_special"):   # the engine's codes ("first:N", "C") in words
        said = t.reason(key, tuple(values), english)
        assert f"No: {said}" in en_line and not re.search(r"\w+:\w|\b[CMB]\b|no-dead", said), en_line
    else:
        assert f"No: {english}" in en_line, en_line
    t.language = "de"
    de = t.refusal()
    de_line = t.view().instruction
    assert f"Nein: {de}" in de_line and english not in de_line, de_line
    assert not ENGLISH.search(re.sub(r"no-dead-special|upto4", "", de)), (key, de)  # options: names
    for value in values:              # the same meaning: the numbers the reason names
        if isinstance(value[1], int) and value[0] != "seat":
            assert str(value[1]) in de and str(value[1]) in english, (key, de, english)
    return key


def play_randomly(t, events: list[str], rng: random.Random, turns: int, seen: set[str]) -> None:
    game = t.game
    for _ in range(turns):
        if game.outcome(t.position) is not None:
            return
        if getattr(t, "reveal", None):
            t.on_button("ok", "press", 0.0)
            continue
        if game.to_move(t.position) == CHANCE:
            t.on_chance(rng.choice(game.legal_moves(t.position)), 0.0)
            continue
        legal = {game.format_move(t.position, m) for m in game.legal_moves(t.position)}
        words = [e for e in events if ":" not in e]        # end, done, pass, cards: always tried
        rest = [e for e in events if ":" in e]
        for event in words + rng.sample(rest, min(len(rest), 25)):
            if event in legal or event.startswith("win:"):
                continue
            before, moves = t.position, list(t.moves)
            assert t.play(event, 0.0) is False
            assert t.position == before and t.moves == moves
            seen.add(check(t))
        # a game goes on: no claimed win, and "time" rarely ends a timed Cat Attack
        goes_on = sorted(e for e in legal if not e.startswith("win:") and e != "time")
        t.play(rng.choice(goes_on or sorted(legal)), 0.0)


def test_every_cats_refusal_in_german_and_english():
    keys = engine_keys(cats_rules)
    assert keys == phrased(CATS_PHRASES, "cats")             # a new reason needs its phrase
    seen: set[str] = set()
    rng = random.Random(7)
    for game_no in range(6):
        rules = ("", "upto4", "own-first-turn")[game_no % 3]
        t = tables.make(games.get("cats", players=2 + game_no % 3, rules=rules or None),
                        language="de", players=())
        play_randomly(t, cats_events(), rng, 120, seen)
    # never asked at the table: a finished game, the deal and the lot (chance), a wrong win claim
    # (the table answers "no win: play on" itself), moves the notation cannot write
    game = games.get("cats", players=2)
    t = tables.make(game, language="de", players=())
    dealt = game.apply(game.apply(t.position, CatsMove("deal", a=0, b=0)), CatsMove("deal", a=1, b=1))
    started = game.apply(dealt, CatsMove("first", a=0))
    for position, move in ((t.position, CatsMove("pass")), (t.position.__class__(
            secrets=((0, 0), None)), CatsMove("deal", a=0, b=1)), (dealt, CatsMove("first", a=5)),
            (started, CatsMove("win", a=1, b=0)), (started, CatsMove("step", a=12)),
            (game.apply(started, CatsMove("win", a=0, b=0)), CatsMove("pass"))):
        try:
            game.apply(position, move)
        except IllegalMoveError as exc:
            t.refused = t._refusal(exc, "")
            seen.add(check(t))
    # a Miau the notation cannot write (cat 8), in the reaction window of a real game; a hiss by
    # a cat that was hissed at (only the cat just moved hisses, and a cat hissed at cannot move
    # again: the engine checks it all the same)
    react = _cats_in_reaction_window(game)
    for position, move in ((react, CatsMove("miau", a=7, b=0)),
                           (replace(react, phase="move", last=0, hissed=1), CatsMove("hiss", a=0, b=1))):
        try:
            game.apply(position, move)
        except IllegalMoveError as exc:
            t.refused = t._refusal(exc, "")
            seen.add(check(t))
    assert seen == keys, sorted(keys - seen)


def _cats_in_reaction_window(game):
    t = tables.make(game, language="en", players=())
    for text in ("deal:1b", "deal:2c", "first:1", "blocked", "pass", "pass", "blocked", "pass",
                 "pass", "step:1", "step:1", "step:1", "step:1", "end"):
        t.line.push(text, commit=False)
    assert t.position.phase == "react"
    return t.position


def test_every_cat_attack_refusal_in_german_and_english():
    keys = engine_keys(attack_rules)
    assert keys == phrased(ATTACK_PHRASES, "ca")
    seen: set[str] = set()
    rng = random.Random(11)
    for game_no in range(16):
        rules = ("", "young", "no-dead-special", "timed,win-by-card")[game_no % 4]
        seats = 2 + game_no % 3
        game = games.get("cat-attack", players=seats, rules=rules or None, lives=1 + game_no % 3)
        t = tables.make(game, language="de", players=())
        play_randomly(t, attack_events(seats), rng, 150, seen)
    # a Cat Attack card with a cat out to hit, under no-dead-special: 'done' is refused
    t = tables.make(games.get("cat-attack", players=2, rules="no-dead-special"), language="de",
                    players=())
    for text in ("first:1", "C3", "done", "d6:2", "done", "ATTACK", "done"):
        if t.game.to_move(t.position) == CHANCE:
            t.on_chance(t.game.parse_move(t.position, text), 0.0)
        elif not t.play(text, 0.0):
            assert text == "done" and t.position.segment == "attack"
    assert check(t) == "dead_special"
    seen.add("dead_special")
    # never asked at the table: a finished game (the table takes no event then)
    game = games.get("cat-attack", players=2, rules="timed")
    t = tables.make(game, language="de", players=())
    over = t.position
    for text in ("first:1", "time"):
        over = game.apply(over, game.parse_move(over, text))
    try:
        game.apply(over, game.parse_move(over, "done"))
    except IllegalMoveError as exc:
        t.refused = t._refusal(exc, "done")
        seen.add(check(t))
    assert seen == keys, sorted(keys - seen)


def test_the_table_rewords_a_refusal_on_the_language_card_and_the_cli_words_stay():
    t = tables.make(games.get("cats", players=3), language="de", players=("Anna",))
    for text in ("deal:1b", "deal:2c", "deal:3m"):
        t.on_chance(t.game.parse_move(t.position, text), 0.0)
    for _ in range(6):
        t.on_button("ok", "press", 0.0)
    t.on_chance(t.game.parse_move(t.position, "first:1"), 0.0)
    t.on_card("event", 0.0, "hiss:1>2")
    assert "Nein: In der ersten Runde faucht niemand" in t.view().instruction
    t.on_card("language", 0.0)
    assert "No: nobody hisses in the first round" in t.view().instruction
    try:                                            # what `companion cats apply` prints
        t.game.apply(t.position, t.game.parse_move(t.position, "hiss:1>2"))
    except IllegalMoveError as exc:
        assert str(exc).endswith("': nobody hisses in the first round")
    t.on_card("language", 0.0)
    t.on_card("event", 0.0, "C3")                   # no event of Cats at all
    assert "Nein: C3 ist keine Aktion dieses Spiels" in t.view().instruction
