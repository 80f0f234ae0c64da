"""Monster Mau Mau properties: random event sequences (legal and not) never leave the position
invalid; the cards always add up to 110; positions and events round-trip through text."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import GameError, get
from companion.games.monster_mau_mau import cli, engine, notation
from companion.games.monster_mau_mau.cards import DECK_SIZE, FACES, PATTERNS

RULES = ["plus3-play", "first-action", "no-mau-penalty"]
JUNK = ["draw", "pass", "mau", "up:p3", "s7", "MW", "+4>q", "x", "MW>s", "KK>g", "p+3", "gA", "zR"]


def check(pos: engine.Position) -> None:
    text = notation.format_position(pos)
    assert notation.parse_position(text) == pos  # the parser's validity checks all pass
    assert sum(pos.hands) + pos.pile + pos.discard == DECK_SIZE
    assert all(h > 0 for h in pos.hands) or (pos.phase == engine.OVER and pos.hands[pos.turn] == 0)
    assert (pos.pending != 0) == (pos.phase == engine.PENALTY)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 10), deal=st.integers(1, 15), rules=st.sets(st.sampled_from(RULES)),
       data=st.data())
def test_random_event_sequences_keep_the_position_valid(players, deal, rules, data):
    deal = min(deal, 100 // players)
    game = get("monster-mau-mau", rules=sorted(rules), players=players, deal=deal)
    pos = game.initial_position()
    check(pos)
    for _ in range(data.draw(st.integers(0, 400), label="length")):
        legal = game.legal_moves(pos)
        if not legal:
            assert game.outcome(pos) is not None or (pos.phase == engine.START and pos.pile == 0)
            break
        if data.draw(st.integers(0, 9), label="junk?") == 0:
            text = data.draw(st.sampled_from(JUNK + [str(e) for e in legal[:3]]), label="any event")
        else:
            text = str(data.draw(st.sampled_from(legal), label="legal event"))
        before = notation.format_position(pos)
        try:
            lines = cli.play(before, [text], game.rules_set, as_json=True)
        except GameError as exc:
            assert "\n" not in str(exc) and before in str(exc)
            assert text not in {str(e) for e in legal}
            continue
        event = game.parse_move(pos, text)
        assert game.format_move(pos, event) == text and event in legal
        after = game.apply(pos, event)
        assert notation.format_position(pos) == before  # apply is pure
        assert f'"position": "{notation.format_position(after)}"' in lines[0]
        check(after)
        pos = after


@given(hands=st.lists(st.integers(1, 12), min_size=2, max_size=10), turn=st.integers(0, 9),
       direction=st.sampled_from([1, -1]), top=st.sampled_from(FACES),
       wish=st.sampled_from(PATTERNS), pending=st.sampled_from([0, 3, 4]), mau=st.booleans(),
       split=st.integers(0, 100))
def test_format_parse_round_trip(hands, turn, direction, top, wish, pending, mau, split):
    rest = DECK_SIZE - sum(hands)
    discard = 1 + split % rest
    pos = engine.Position(hands=tuple(hands), turn=turn % len(hands), direction=direction, top=top,
                          wish=wish if top in ("MW", "+4", "KK") else None, pending=pending,
                          phase=engine.PENALTY if pending else engine.PLAY, pile=rest - discard,
                          discard=discard, mau=mau)
    text = notation.format_position(pos)
    assert notation.parse_position(text) == pos and notation.format_position(notation.parse_position(text)) == text
    for event in engine.legal_events(pos):
        assert notation.parse_event(str(event)) == event


def test_whole_games_with_random_choices_end_with_one_winner():
    import random

    rng = random.Random(13)
    winners = 0
    for n in range(40):
        game = get("mmm", rules=RULES[: n % 4], players=2 + n % 9)
        pos = game.initial_position()
        for _ in range(3000):
            if game.outcome(pos):
                break
            legal = game.legal_moves(pos)
            # a player who plays whenever something fits, as a table would: ends the game
            plays = [e for e in legal if e.kind in ("play", "up")]
            pos = game.apply(pos, rng.choice(plays) if plays and rng.random() < 0.4 else
                             (engine.MAU if engine.MAU in legal else rng.choice(legal)))
            check(pos)
        out = game.outcome(pos)
        if out is not None:
            winners += 1
            assert pos.hands[out.winner] == 0 and sum(h == 0 for h in pos.hands) == 1
    assert winners > 30
