"""Issue 45 item 3: `companion GAME apply --why de|en` on every engine's command prints, for each
move, the lines the table explains it with (the Why? words of the OLED, the page and the voice),
and for a refused move its refusal, then fails as before (status 2, the engine's one line on
stderr). Without --why the output is what the notation documents fix, unchanged. Run through
`companion.cli.main`, as a person types it (in-process: the tables' words are handed in there)."""
from __future__ import annotations

import json

import pytest

from companion import games, tables
from companion.cli import main
from companion.games.monster_mau_mau import cli as mmm_cli

MAUNZ_REFUSED = "6/6/3g2/6/1o4/6 o 7k0c 7k0c"


def run(capfd, *argv):
    code = main(list(argv))
    out, err = capfd.readouterr()
    return code, out.splitlines(), err


def table_words(name: str, position, text: str, language: str, **kw) -> list[str]:
    """What the table's Why? says of `text` played at `position` (its why_msg of the engine's
    reasons): the words the command must print."""
    game = games.get(name, **kw)
    table = tables.make(game, language=language, players=())
    return [table.why_msg(r).text(language)
            for r in game.explain(position, game.parse_move(position, text))]


def test_maunz_each_move_then_the_position(capfd):
    code, out, _ = run(capfd, "maunz", "apply", "kc3", "kd4", "--why", "en")
    assert code == 0
    assert out == ["kc3", "  Orange: kitten put on c3", "  Nothing stands next to c3: nothing is booped",
                   "kd4", "  Grey: kitten put on d4", "  c3: the orange kitten is booped to the lower left, to b2",
                   "6/6/3g2/6/1o4/6 o 7k0c 7k0c"]
    g = games.get("maunz")
    after = g.apply(g.initial_position(), g.parse_move(g.initial_position(), "kc3"))
    assert [f"  {line}" for line in table_words("maunz", after, "kd4", "en")] == out[4:6]


def test_maunz_refused_says_why_in_german_and_fails_as_before(capfd):
    code, out, err = run(capfd, "maunz", "apply", "--position", MAUNZ_REFUSED, "kb2", "--why", "de")
    assert code == 2
    assert out == ["kb2 refused",
                   "  Auf b2 steht schon das orange Kätzchen: eine Figur kommt nur auf ein freies Feld"]
    assert err == f"companion maunz: illegal move 'kb2' in '{MAUNZ_REFUSED}': the square is occupied\n"
    code, out, _ = run(capfd, "maunz", "apply", "--position", MAUNZ_REFUSED, "cb3", "--why", "en")
    assert out == ["cb3 refused", "  Orange has no cat in the pool: place a kitten (a cat comes only"
                                  " when a kitten graduates)"]


def test_maunz_json_carries_the_words(capfd):
    code, out, _ = run(capfd, "maunz", "apply", "kc3", "--json", "--why", "en")
    assert json.loads(out[0])["why"] == ["Orange: kitten put on c3", "Nothing stands next to c3: nothing is booped"]
    code, plain, _ = run(capfd, "maunz", "apply", "kc3", "--json")
    assert "why" not in json.loads(plain[0])          # without --why: the documented output


def test_katzenjammer_a_roll_and_a_refused_turn(capfd):
    start = games.get("katzenjammer").format_position(games.get("katzenjammer").initial_position())
    code, out, _ = run(capfd, "kj", "apply", "--position", start, "roll:147", "--why", "en")
    assert code == 0 and out[0] == "roll:147" and out[1] == "  Red rolled 147" and out[-1].endswith(" 147")
    assert "  No die allows a move: Red's roll is void" in out
    rolled = out[-1]
    code, out, err = run(capfd, "kj", "apply", "--position", rolled, "1:0+1", "--why", "de")
    assert code == 2 and out[0] == "1:0+1 refused" and out[1] == "  Rot würfelt 147"
    assert err.startswith("companion katzenjammer: ")


def test_monster_mau_mau_names_cards_in_a_refusal(capfd):
    start = "hands=8,8 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=94 discard=0 mau=0"
    code, out, err = run(capfd, "mmm", "apply", "--position", start, "up:s3", "p7", "--why", "en")
    assert code == 2
    assert out == ["up:s3", "  Stripes 3 turned up: a number, play begins", "p7 refused",
                   "  Dots 7 does not fit on stripes 3 (play a stripes card, a 3 or a wild card, or draw)"]
    assert "p7 does not fit on s3" in err                     # the engine's line, as documented
    code, out, _ = run(capfd, "mmm", "apply", "--position", start, "up:s3", "draw", "--why", "de", "--json")
    assert json.loads(out[1])["why"] == ["Spieler 1 zieht eine Karte: legen, wenn sie passt, sonst weiter"]


def test_cats_and_cat_attack(capfd):
    start = games.get("cat-attack", players=2).format_position(games.get("cat-attack", players=2).initial_position())
    code, out, _ = run(capfd, "cat-attack", "apply", "--position", start, "first:1", "--why", "de")
    assert code == 0 and out[:2] == ["first:1", "  Das Los bestimmt Spieler 1 als Startspieler"]
    cats = games.get("cats", players=2)
    code, out, err = run(capfd, "cats", "apply", "--position", cats.format_position(cats.initial_position()),
                         "end", "--why", "en")
    assert code == 2 and out[0] == "end refused" and len(out) == 2 and err.startswith("companion cats: ")


def test_the_engines_command_alone_has_no_words_to_give(capfd):
    assert mmm_cli.main(["apply", "--position", "x", "up:s3", "--why", "en"]) == 2
    assert "--why" in capfd.readouterr().err


@pytest.mark.parametrize("command", ["maunz", "katzenjammer", "monster-mau-mau", "cats", "cat-attack"])
def test_every_engine_offers_why(capfd, command):
    with pytest.raises(SystemExit):
        main([command, "apply", "--help"])
    assert "--why {de,en}" in capfd.readouterr().out
