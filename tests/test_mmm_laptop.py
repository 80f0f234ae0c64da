"""The laptop's virtual table: a person's seat against computer players, through the table's
decisions; what each seat and a spectator may see; the terminal front end."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from companion.games.monster_mau_mau import engine
from companion.tables.monster_mau_mau import words
from companion.ui import i18n
from companion.tables.monster_mau_mau.laptop import LaptopGame


def person_turn(seed: int, players: int = 4, **kw) -> LaptopGame:
    g = LaptopGame(random.Random(seed), players, **kw)
    g.advance()
    return g


def test_the_person_is_refused_with_the_reason_and_nothing_changes():
    g = person_turn(1, language="en")
    v = g.view(0)
    before = (g.deck.position, [list(h) for h in g.deck.hands], list(g.deck.pile))
    held = [c for c in v["hand"] if c not in v["playable"]]
    assert held, "seed 1 deals seat 1 a card that does not fit"
    why = g.play(held[0])
    assert "does not fit on" in why and i18n.sentence(words.card(held[0], "en")) in why   # named, not "pA"
    assert any("does not fit on" in line for line in g.view(0)["screen"])
    missing = next(f for f in ("s0", "p0", "z0", "g0") if f not in v["hand"])
    assert g.play(missing) == f"{i18n.sentence(words.card(missing, 'en'))} is not in your hand"
    assert g.press("pass") == "seat 1 may pass only after drawing a card; draw first"
    wild = "MW" if "MW" in v["hand"] else None
    if wild:
        assert g.play(wild) == "MW needs a wish: s, p, z or g"
    assert (g.deck.position, [list(h) for h in g.deck.hands], list(g.deck.pile)) == before


def test_a_german_table_refuses_in_german():
    # QA: `companion monster-mau-mau play --lang de` said the rules' refusals in English
    g = person_turn(1, language="de")
    v = g.view(0)
    held = [c for c in v["hand"] if c not in v["playable"]][0]
    top = g.deck.position.top
    assert g.play(held) == (f"{words.card(held, 'de')} passt nicht auf {words.card(top, 'de')} (leg eine"
                            f" {words.pattern(top[0], 'de')}-Karte, eine Karte „{top[1:]}“"
                            f" oder eine Wunschkarte, oder zieh)")
    missing = next(f for f in ("s0", "p0", "z0", "g0") if f not in v["hand"])
    # the OLED's lines (the terminal's screen) name the cards in words
    said = f"{words.card(held, 'de')} passt nicht auf {words.card(top, 'de')}"
    assert any(said in line for line in g.view(0)["screen"])
    assert g.play(missing) == f"{words.card(missing, 'de')} ist nicht auf deiner Hand"
    assert g.press("pass") == "Weiter erst nach dem Ziehen: zuerst ziehen"
    assert g.press("mau") == f"Mau! ruft man mit 2 Karten auf der Hand (du hast {len(v['hand'])})"
    assert g.press("draw") is None
    assert g.press("draw") == "Schon gezogen: die gezogene Karte legen, wenn sie passt, oder weiter"
    other = next(c for c in g.view(0)["hand"] if c != g.deck.drawn)
    assert g.play(other, "s") == f"Nach dem Ziehen darf nur die gezogene Karte ({words.card(g.deck.drawn, 'de')}) gelegt werden"
    assert g.press("pass") is None
    g.advance()
    if not g.over and g.deck.position.phase == engine.PENALTY:
        assert g.press("pass").startswith("Erst die Strafkarten ziehen")


def test_after_drawing_only_the_drawn_card_and_not_out_of_turn():
    g = person_turn(2, language="en")
    assert g.press("draw") is None
    v = g.view(0)
    assert v["phase"] == "drawn" and set(v["playable"]) <= {g.deck.drawn} and v["can"] == ["pass"]
    other = next(c for c in v["hand"] if c != g.deck.drawn)
    assert g.play(other, "s").startswith("after drawing only the card drawn")
    assert g.press("pass") is None
    if not g.over and g.deck.position.turn != 0:
        assert g.press("draw").startswith("it is ")


def test_seats_see_only_their_own_hand_and_spectators_none():
    g = person_turn(3)
    spectator = g.view(None)
    assert "hand" not in spectator and "playable" not in spectator
    for seat in range(4):
        v = g.view(seat)
        assert v["hand"] == sorted(g.deck.hands[seat], key=lambda c: ("spzg".find(c[0]) if c not in
                                                                      ("MW", "+4", "KK") else 4, c))
        assert [p["cards"] for p in v["players"]] == [len(h) for h in g.deck.hands]
    assert '"hand"' not in json.dumps(spectator) and '"hand"' in json.dumps(g.view(2))


def forgetful(g: LaptopGame) -> str | None:
    """A person who plays the first card that fits (wishing s) and never calls Mau!."""
    v = g.view(0)
    if v["playable"]:
        return g.play(v["playable"][0], "s")
    return g.press("draw" if "draw" in v["can"] else "pass")


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_whole_games_with_a_forgetful_person(players):
    seen = set()
    for seed in range(8):
        g = LaptopGame(random.Random(seed), players, rules=frozenset({"plus3-play"}) if seed % 2 else frozenset(),
                       language="en")
        for _ in range(2000):
            g.advance()
            if g.over:
                break
            assert forgetful(g) is None
        assert g.over and g.view(None)["winner"] is not None
        log = " ".join(g.said)
        seen |= {k for k in ("forgot Mau!", "shuffled", "+4 wish, wishes", "Mau Mau!") if k in log}
    assert {"forgot Mau!", "+4 wish, wishes", "Mau Mau!"} <= seen


def test_terminal_game_subprocess():
    cmds = "x7\n" + "d\np\n" * 200
    r = subprocess.run([sys.executable, "-m", "companion", "mmm", "play", "--seed", "4", "--players", "3",
                        "--lang", "en"], input=cmds, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Monster Mau Mau, 3 players (")
    assert "refused: x7 is not in your hand" in r.stdout
    assert "| Top: " in r.stdout and "your hand: " in r.stdout
    end = r.stdout.rstrip().splitlines()
    assert end[-2].endswith("wins") or end[-2].endswith("stopped")
    assert end[-1] == "seed 4 (--seed 4 shuffles the same again)"   # once the game is over


def test_terminal_speaks_one_language_by_default():
    # QA: the default German screen among the terminal's English words read "| Am Zug: you"
    r = subprocess.run([sys.executable, "-m", "companion", "mmm", "play", "--seed", "3", "--players", "2"],
                       input="d\nq\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "| Top: " in r.stdout and "| To play: you" in r.stdout and "your hand: " in r.stdout
    assert "Oben" not in r.stdout and "Am Zug" not in r.stdout


def test_terminal_bad_settings_exit_2():
    r = subprocess.run([sys.executable, "-m", "companion", "mmm", "play", "--players", "12"],
                       capture_output=True, text=True, timeout=60, input="")
    assert r.returncode == 2 and "for 2-10 players" in r.stderr and r.stderr.count("\n") == 1
    assert engine.MAX_PLAYERS == 10


def test_terminal_in_german_refuses_in_german():
    # QA: with --lang de the rules' refusals (and the terminal's own words) were English
    r = subprocess.run([sys.executable, "-m", "companion", "mmm", "play", "--seed", "3", "--players", "3",
                        "--lang", "de"], input="p\nm\nx7\nd\nd\nq\n", capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "abgelehnt: Weiter erst nach dem Ziehen: zuerst ziehen" in out
    assert "abgelehnt: Mau! ruft man mit 2 Karten auf der Hand (du hast 8)" in out
    assert "abgelehnt: x7 ist nicht auf deiner Hand" in out
    assert "abgelehnt: Schon gezogen: die gezogene Karte legen, wenn sie passt, oder weiter" in out
    assert "| Am Zug: du" in out and "deine Hand: " in out and "du: zieht 1" in out
    for english in ("refused", "your hand", "seat 1", "draw first", " fits", "you"):
        assert english not in out, english


def test_the_log_holds_phrases_and_is_worded_in_the_tables_language_when_shown():
    g = person_turn(1, language="de")
    assert g.press("draw") is None
    g.advance()
    german = g.said
    assert german[0].startswith("aufgedeckt: ") and len(german) > 1
    g.table.language = "en"   # the language card: the whole log rewords, not only new lines
    assert g.said[0].startswith("turned up ") and g.said[1] != german[1] and len(g.said) == len(german)
    assert g.view(0)["log"] == g.said[-12:]
