"""The companion speaks in the real service (virtual time, fake devices, a FakePlayer instead of
a speaker, real espeak-ng): a whole maunz. game says every move and every turn's guidance; a
Katzenjammer game says the dice; Cats and Monster Mau Mau never say what a spectator may not
see; the voice card switches the speaker and the choice lasts a restart; with the voice off no
speech program is needed."""
from __future__ import annotations

import random
import re
import shutil

import pytest

from companion.service.app import Companion
from companion.service.config import Config, GameConfig, VoiceConfig
from companion.service.devices import build_fakes
from companion.ui.screens import msg
from companion.voice.spoken import say, words
from companion.web.privacy import for_spectators
from hardware.speech import FakePlayer
from tests.test_service_support import VirtualPlayer, scripted_game

needs_espeak = pytest.mark.skipif(not shutil.which("espeak-ng"), reason="./dev test installs espeak-ng")


def _companion(tmp_path, game="maunz", language="de", voice=True, player=None, **kw):
    config = Config(game=GameConfig(game=game, language=language),
                    voice=VoiceConfig(enabled=voice, device="none"))
    return Companion(config, build_fakes(), state_dir=tmp_path, ai_mode="off", speech_player=player, **kw)


@needs_espeak
@pytest.mark.parametrize("language", ["de", "en"])
def test_a_whole_maunz_game_says_every_move_and_the_win(tmp_path, language):
    player = FakePlayer()
    c = _companion(tmp_path, language=language, player=player)
    p = VirtualPlayer(c)
    p.run(0.5)
    _, moves = scripted_game(seed=7)
    try:
        for text in moves:
            p.play(text)
            p.run(1.0)
            assert c.speech.wait_idle()   # the players listen before they move on
        assert c.table.view().winner is not None
        lines = [x.text for x in c.speech.announcer.recent]
        assert player.wait_for(len(moves), 20)
    finally:
        c.close()
    transcript = [x.text for x in player.played]
    if language == "de":
        move = re.compile(r"^(Orange|Grau): (Kätzchen|Katze) auf [a-f][1-6]")
        turn, won = re.compile(r"^(Orange|Grau) ist dran$"), "gewinnt"
    else:
        move = re.compile(r"^(Orange|Grey): (kitten|cat) on [a-f][1-6]")
        turn, won = re.compile(r"^(Orange|Grey) to move$"), "wins"
    # each move said once, as a person says it: the colour, the piece, its square, its boops
    assert len([t for t in transcript if move.match(t)]) == len(moves), transcript
    assert any((" stupst " if language == "de" else " boops ") in t for t in transcript)
    assert len([t for t in transcript if turn.match(t)]) >= len(moves) - 1
    # the win, its line, the keys and last the review's offer (service/review.py)
    assert any(won in t for t in transcript[-4:]), transcript[-5:]
    assert transcript[-1] == say(msg("review.offer"), language)
    assert transcript[-1] == lines[-1]
    # nothing a voice would spell out, and no line twice in a row
    assert all(t == words(t, language) for t in transcript)
    assert all(a != b for a, b in zip(transcript, transcript[1:]))


@needs_espeak
def test_a_katzenjammer_game_says_the_dice_and_whose_turn(tmp_path):
    player = FakePlayer()
    config = Config(game=GameConfig(game="katzenjammer", language="de", ai="2,3,4"),
                    voice=VoiceConfig(enabled=True, device="none"))
    c = Companion(config, build_fakes(), state_dir=tmp_path, ai_mode="off", speech_player=player,
                  chance_source=random.Random(4))
    p = VirtualPlayer(c)
    try:
        p.run(1.0)
        for _ in range(12):   # the person on seat 1 takes the first choice each turn
            if c.table.view().winner is not None:
                break
            c.devices.buttons.press("ok")
            p.run(3.0)
            assert c.speech.wait_idle()
        assert player.wait_for(6, 20), [x.text for x in player.played]
    finally:
        c.close()
    transcript = [x.text for x in player.played]
    seats = ("Rot", "Blau", "Grün", "Schwarz")
    dice = [t for t in transcript if t.startswith(tuple(f"{s} würfelt " for s in seats))]
    assert dice, transcript
    # a roll is said die by die in words ("Rot würfelt zwei, vier, sechs"), never as one number
    digits = ("eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun")
    assert all(all(d in digits for d in t.split(" würfelt ")[1].split(":")[0].split(", ")) for t in dice), dice
    # the computer seats' turns are said: the die and what moved where (issue 32 item 6)
    turns = [t for t in transcript if t.startswith(tuple(f"{s}: " for s in seats[1:]))]
    assert turns and all(re.search(r"(zieht von Feld|tauscht Feld|setzt eine Figur ein|Wurf verfällt)", t)
                         for t in turns), transcript


def _spoken_only_what_spectators_see(c, step) -> int:
    """Run the service; after each step every line said must come from what a spectator's page
    shows (the OLED's lines as its instruction, or its header when the OLED is not private)."""
    last = c.speech.announcer.recent[-1].seq if c.speech.announcer.recent else 0
    checked = 0
    for _ in range(400):
        step()
        state = for_spectators(c.snapshot())
        new = [x for x in c.speech.announcer.recent if x.seq > last]
        if new:
            last = new[-1].seq
            assert not state["private"], (state["instruction"], new)
            shown = words(state["instruction"], state["language"])
            screen = c.screen.screen
            header = screen.header(state["language"]) if not isinstance(screen, tuple) else ""
            # a line with a spoken wording of its own ("Spieler 1: 3 Karten" for "1:3") is said
            # only when the page shows its OLED text
            own = {} if isinstance(screen, tuple) else {
                say(m, state["language"]): m.text(state["language"]) for m in screen.lines}
            for line in new:
                if line.kind == "guidance":
                    assert (line.text in shown or line.text == words(header, line.language)
                            or own.get(line.text, "\0") in state["instruction"]), (line, shown)
                checked += 1
    return checked


def test_cats_never_says_a_secret(tmp_path):
    c = _companion(tmp_path, game="cats", language="en", voice=False, chance_source=random.Random(3))
    p = VirtualPlayer(c)
    rng = random.Random(11)
    privates = []

    def step():
        c.devices.buttons.press(rng.choice(["ok", "ok", "ok", "back", "cat"]))
        p.run(0.05)
        if c.table.view().private:
            privates.append(c.table.view().instruction)

    try:
        assert _spoken_only_what_spectators_see(c, step) > 10
        assert privates   # the deal was shown (privately) and not said
        secret_words = {w for text in privates for w in text.split(":")[1:]}
        said = " ".join(x.text for x in c.speech.announcer.recent)
        assert not any(s.strip() and s.strip() in said for s in secret_words)
    finally:
        c.close()


def test_monster_mau_mau_never_says_a_hand(tmp_path):
    from companion.games.monster_mau_mau import bot
    from tests.test_mmm_virtual_service import setup

    c, clock = setup(tmp_path)
    v = c.virtual
    from tests.test_mmm_service import step as mmm_step

    def step():
        pos = v.deck.position
        if pos.turn == 0 and c.table.phase != "won":
            event = bot.choose(pos, v.deck.hands[0], v.deck.playable(0))
            v.person(c.table, c.devices, event.kind, event.card, event.wish)
        mmm_step(c, clock, 1)   # one loop iteration: one screen shown
        v.sync(c.table)

    try:
        assert _spoken_only_what_spectators_see(c, step) > 10
    finally:
        c.close()


@needs_espeak
def test_the_voice_card_switches_the_speaker_and_it_lasts_a_restart(tmp_path):
    player = FakePlayer()
    c = _companion(tmp_path, player=player)
    p = VirtualPlayer(c)
    p.run(0.5)
    assert c.snapshot()["voice"] == {"speaker": True, "enabled": True, "volume": 80}
    c.devices.cards.tap("04a1b2c3d4e5f6", "maunz:voice")
    p.run(0.1)
    assert c.snapshot()["voice"]["enabled"] is False
    c.devices.cards.tap("04a1b2c3d4e5f7", "maunz:voice:40")   # a number: that volume, and on
    p.run(0.1)
    assert c.snapshot()["voice"] == {"speaker": True, "enabled": True, "volume": 40}
    c.devices.cards.tap("04a1b2c3d4e5f6", "maunz:voice")
    p.run(0.1)
    c.close()
    again = _companion(tmp_path, player=FakePlayer())
    try:
        assert again.snapshot()["voice"] == {"speaker": True, "enabled": False, "volume": 40}
    finally:
        again.close()


def test_with_the_voice_off_no_speech_program_is_needed(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))   # no espeak-ng, no aplay
    c = _companion(tmp_path, voice=False)
    p = VirtualPlayer(c)
    try:
        p.run(0.5)
        p.play("ka1")
        p.run(0.5)
        # the page still gets the lines (it may speak them with the browser's voice)
        assert "Orange: Kätzchen auf a1" in [x["text"] for x in c.snapshot()["spoken"]]
        c.devices.cards.tap("04a1b2c3d4e5f6", "maunz:voice")
        p.run(0.1)
        assert "voice is off in the config" in c.notices.messages[-1]
    finally:
        c.close()


def test_a_voice_enabled_without_its_programs_is_a_one_line_error(tmp_path, monkeypatch):
    from hardware.speech import SpeechError

    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SpeechError, match=r"^espeak-ng not found: install it \(apt install espeak-ng\)"):
        _companion(tmp_path)
