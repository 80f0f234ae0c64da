"""The buttons at the Cats and Cat Attack tables: the first choice is safe (a group to open, a
step, a harmless answer), verdicts and refusals need their own OK, the choices are groups that
reach every legal event and nothing else, every choice is said in words, and everything said is
worded again after the language card. Over seeded random sessions of both games."""
from __future__ import annotations

from tests.test_tables_cats_cat_attack import attack_ready, cats_ready, make, pass_until, quiet_round


def test_the_first_choice_never_ends_a_turn_or_gives_a_chance_away():
    """Every phase of both games: OK on the first choice opens a group, takes a step, or
    answers a question harmlessly; never end, blocked, pass, done, none (lose the fight) while
    anything else could be done — but a Cats cat that cannot step any more ends its turn."""
    import random

    from companion.tables.choicemenu import Group

    for name, players in (("cats", 3), ("cat-attack", 3)):
        for seed in range(12):
            rng, t = random.Random(seed), make(name, players=players)
            for _ in range(150):
                if t.game.outcome(t.position) is not None:
                    break
                if t.game.to_move(t.position) == -1:
                    moves = [m for m, _ in t.game.chance_outcomes(t.position)]
                    t.on_chance(rng.choice(moves), 0.0)
                    continue
                if getattr(t, "reveal", None):
                    t.on_button("ok", "press", 0.0)
                    continue
                first = t.menu_items()[0]
                legal = [e for e in t.choices() if e != "secret" and not e.startswith("win:")]
                enders = ("end", "blocked", "pass", "done", "none", "stayed")
                # once a Cats cat has walked all it can, ending the turn is the default (item 8)
                walked = name == "cats" and t.position.phase == "move" \
                    and not any(e.startswith("step:") for e in legal)
                assert isinstance(first, Group) or first not in enders or legal == [first] \
                    or walked, (first, t.position)
                assert t.play(rng.choice(legal), 0.0)


def test_a_challenge_verdict_needs_its_own_ok_and_the_extra_turn_is_kept():
    t = cats_ready()
    quiet_round(t)
    for event in ("step:4", "step:4", "step:4", "step:4", "end"):
        t.play(event, 0.0)
    pass_until(t, "challenge")
    t.play("challenge:2=2", 0.0)            # right: seat 1 plays again at once
    t.drain_commits()
    assert t.position.active == 0 and t.view().instruction.endswith("OK: continue")
    assert "The challenge is right" in t.view().instruction
    moves = list(t.moves)
    t.on_button("ok", "press", 0.0)         # reads the verdict: nothing is played
    assert t.moves == moves and t.drain_commits() == [] and not t.ack
    assert t.position.phase == "move" and t.position.steps == 0 and "> step: cat 1" in t.view().instruction


def test_a_refusal_needs_its_own_ok_press():
    for name in ("cats", "cat-attack"):
        t = cats_ready() if name == "cats" else attack_ready()
        t.on_card("event", 0.0, "miau:1@3" if name == "cats" else "catch:b")
        view = t.view().instruction
        assert "No: " in view and view.endswith("OK: continue"), view
        moves = list(t.moves)
        t.on_button("ok", "press", 0.0)
        assert t.moves == moves and t.drain_commits() == [] and "OK: continue" not in t.view().instruction
        t.on_button("ok", "press", 0.0)     # now OK acts on the choice again
        assert t.moves != moves or t.opened



# Words after the language card -------------------------------------------------------------------
def test_a_win_is_said_again_in_the_new_language():
    t = cats_ready("en")
    t.on_card("event", 0.0, "win:3m")
    # the header says who won, the body does not say it again (issue 32 item 14)
    head = lambda: t.view().screen.header(t.language)  # noqa: E731
    assert "Player 3 wins" in head() and "wins" not in t.view().instruction
    t.on_card("language", 0.0)
    assert "Spieler 3 gewinnt" in head() and "Player 3" not in t.view().instruction
    t.on_card("language", 0.0)
    assert "Player 3 wins" in head() and "gewinnt" not in t.view().instruction


def _random_session(name, seed, steps=120):
    """A seeded random session of either game through the table: yields after every event."""
    import random

    rng = random.Random(seed)
    t = make(name, players=3, language=rng.choice(("de", "en")))
    for _ in range(steps):
        if t.game.outcome(t.position) is not None:
            return
        if t.game.to_move(t.position) == -1:
            t.on_chance(rng.choice([m for m, _ in t.game.chance_outcomes(t.position)]), 0.0)
        elif getattr(t, "reveal", None):
            t.on_button("ok", "press", 0.0)
            continue
        else:
            options = [e for e in t.choices() if e != "secret"]
            roll = rng.random()
            if roll < 0.06:
                t.on_button("back", "long", 0.0)          # an undo (kept draws, refusals)
            elif roll < 0.1:
                t.on_card("event", 0.0, rng.choice(options))   # maybe refused
            else:
                kinds = sorted({e.partition(":")[0] for e in options})
                kind = rng.choice(kinds)
                t.play(rng.choice([e for e in options if e.partition(":")[0] == kind]), 0.0)
        yield t


def test_every_line_said_is_worded_again_after_the_language_card():
    from companion.tables.cat_attack.announce import announce as ca_announce
    from companion.tables.cats.announce import announce as cats_announce

    seen = set()
    for name, announce in (("cats", cats_announce), ("cat-attack", ca_announce)):
        for seed in range(8):
            for t in _random_session(name, seed):
                before = t.language
                old = t.said_lines() + ([t.refusal()] if t.refused else [])
                t.on_card("language", 0.0)
                now = t.view().instruction
                for say in t.said:
                    seen.add((name, say.kind))
                    if say.kind == "event" and say.value[0] == "winner" and t.view().phase == "won":
                        # said by the header, not again below it (issue 32 item 14)
                        assert announce(*say.value, t.language).startswith(
                            t.view().screen.header(t.language).rstrip("!")), say
                        continue
                    if say.kind == "event":
                        assert announce(*say.value, t.language) in now, (say, now)
                    assert t.word(say) in now
                assert t.language != before
                new = t.said_lines() + ([t.refusal()] if t.refused else [])
                for line in old:               # nothing stays in the old language
                    if line not in new:
                        assert line not in now.split(" · "), (line, now)
    assert {("cats", "event"), ("cat-attack", "event"), ("cat-attack", "undone"),
            ("cats", "undone"), ("cat-attack", "kept")} <= seen, seen


def test_no_choice_is_shown_as_notation_in_either_language():
    import re

    from companion.tables.choicemenu import Group, level

    notation = re.compile(r"\S:\S|\d@\d|\d>\d|\d=\d|\b[CMB][1-6]\b|\b(?:SPEEDY|ATTACK|BURGLAR)\b")
    checked = set()

    def labels(t, path=()):
        for item in level(t.choices(), t.group_of, path):
            yield item, t.item_label(item)
            if isinstance(item, Group):
                yield from labels(t, item.path)

    for name in ("cats", "cat-attack"):
        for seed in range(10):
            for t in _random_session(name, seed, steps=150):
                language = t.language
                for t.language in ("de", "en"):
                    for item, text in labels(t):
                        key = item if isinstance(item, str) else item.path[0]
                        checked.add((name, t.language, key.partition(":")[0]))
                        assert not notation.search(text), (item, text, t.language)
                        assert all(ord(ch) < 256 or ch in "→…" for ch in text), text   # the OLED font
                        if isinstance(item, str) and not item.isalpha():
                            assert text != item, (item, t.language)
                t.language = language
    kinds = {k for n, lang, k in checked if n == "cat-attack" and lang == "de"}
    assert {"C", "SPEEDY", "catch", "shop", "curiosity", "done", "fight", "hit", "none"} <= kinds, kinds
    kinds = {k for n, _, k in checked if n == "cats"}
    assert {"step", "object", "miau", "challenge", "win", "end", "pass", "swap"} <= kinds, kinds


def test_the_groups_reach_every_legal_event_and_nothing_else():
    """Over random sessions: the tree's leaves are exactly the offered events; every legal
    event is offered (Cats: a true win claim among all claims) and every offered one is legal
    or a table action; and the buttons alone reach a randomly chosen one."""
    import random

    from companion.tables.choicemenu import Group, holds, level

    def leaves(t, path=()):
        for item in level(t.choices(), t.group_of, path):
            if isinstance(item, Group):
                yield from leaves(t, item.path)
            else:
                yield item

    rng = random.Random(5)
    for name in ("cats", "cat-attack"):
        for seed in range(10):
            for t in _random_session(name, seed, steps=150):
                if t.game.to_move(t.position) == -1 or getattr(t, "reveal", None):
                    continue
                offered = t.choices()
                assert sorted(leaves(t)) == sorted(offered) and len(set(offered)) == len(offered)
                legal = {t.game.format_move(t.position, m) for m in t.game.legal_moves(t.position)}
                actions = {"secret"} | {e for e in offered if e.startswith("win:")} if name == "cats" \
                    else set()
                assert legal <= set(offered) and set(offered) - actions <= legal
                # a person reaches one with the buttons (once the game is over, OK asks "new
                # game?" in every game: no walk then)
                if rng.random() < 0.3 and offered and t.game.outcome(t.position) is None:
                    target, moves = rng.choice(offered), list(t.moves)
                    t.ack = False
                    for _ in range(80):
                        items = t.menu_items()
                        item = items[t.selected % len(items)]
                        t.on_button("ok" if holds(item, target) else "cat", "press", 0.0)
                        if item == target:
                            break
                    assert t.moves != moves or t.refused or t.reveal or target.startswith("win:") \
                        or t.game.outcome(t.position) is not None, target


def test_ok_on_every_default_plays_the_game_on():
    """Issue 32 item 8: OK pressed on whatever is offered first, again and again, never loops:
    after the last step the default ends the turn (a claim is no default: a wrong one would only
    bring the same menu back), so every seat gets turns and moves are committed all along."""
    import random

    for seed in range(3):
        rng, t = random.Random(seed), make("cats", players=3)
        for _ in range(600):
            if t.game.outcome(t.position) is not None:
                break
            if t.game.to_move(t.position) == -1:
                t.on_chance(rng.choice([m for m, _ in t.game.chance_outcomes(t.position)]), 0.0)
                continue
            assert t.refused is None, t.view().instruction   # OK never picks a refused choice
            t.on_button("ok", "press", 0.0)
        played = [m for m in t.moves if not m.startswith(("deal:", "first:"))]
        assert len(played) > 60 and "end" in played, t.moves[-12:]
        assert not any(m.startswith("win:") for m in played)


def test_after_the_last_step_ending_the_turn_is_the_default():
    t = cats_ready()
    quiet_round(t)
    for _ in range(4):
        t.play("step:4", 0.0)
    assert t.position.steps == 4 and t.menu_items()[0] == "end", t.menu_items()
    assert "> end the move" in t.view().instruction


def test_a_verdict_line_goes_when_the_next_choice_comes():
    t = cats_ready()
    quiet_round(t)
    t.on_card("event", 0.0, "win:1m")               # a wrong claim: refused, read with OK
    assert "no win: play on" in t.view().instruction
    t.on_button("ok", "press", 0.0)
    assert "no win" not in t.view().instruction and "> step: cat 1" in t.view().instruction
    t.play("step:4", 0.0)
    pass_until(t, "move")
    assert "no win" not in t.view().instruction
    # a challenge's verdict, too, goes once its OK has read it
    for event in ("step:4", "step:4", "step:4", "end"):
        t.play(event, 0.0)
    pass_until(t, "challenge")
    t.play("challenge:2=2", 0.0)
    assert "The challenge is right" in t.view().instruction
    t.on_button("ok", "press", 0.0)
    assert "the challenge is right" not in t.view().instruction
