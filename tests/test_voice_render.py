"""The voice on the Pi, without a speaker: real espeak-ng renders the phrases to WAV, checked
with sox's statistics (length, loudness, no clipping, a voice's pitch range), the phonemes
espeak-ng makes of a sample of phrases per language against goldens (a change of wording or
of the engine shows here), the phrase cache, the volume, and the one-line errors for a missing
engine or player. `./dev test` installs espeak-ng, sox and alsa-utils."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hardware.speech import AlsaPlayer, EspeakSynth, FakePlayer, PhraseCache, SpeechError

pytestmark = pytest.mark.skipif(not (shutil.which("espeak-ng") and shutil.which("sox")),
                                reason="espeak-ng and sox are installed by ./dev test")
GOLDENS = json.loads((Path(__file__).parent / "data" / "voice_phonemes.json").read_text(encoding="utf-8"))
VOICES = {"de": "de", "en": "en-gb"}


def stat(path: Path) -> dict[str, float]:
    out = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True).stderr
    return {m.group(1).strip(): float(m.group(2))
            for m in re.finditer(r"^([A-Za-z ()]+):\s+(-?[\d.]+)$", out, re.M)}


@pytest.mark.parametrize("language, text", [
    ("de", "Orange: Kätzchen auf c3, stupst d4 nach e5"),
    ("en", "Orange: kitten on c3, boops d4 to e5"),
])
def test_a_phrase_renders_to_a_wav_a_person_can_hear(tmp_path, language, text):
    cache = PhraseCache(tmp_path)
    path = cache.get(EspeakSynth(), text, language, 100)
    s = stat(path)
    assert 2.0 < s["Length (seconds)"] < 6.0           # a sentence, said at 165 words a minute
    assert s["RMS     amplitude"] > 0.03                  # not silence
    assert s["Maximum amplitude"] < 0.99                  # no clipping
    assert 300 < s["Rough   frequency"] < 3000            # a voice, not a hum or hiss


def test_the_volume_scales_the_phrase_and_is_part_of_its_cache_key(tmp_path):
    cache = PhraseCache(tmp_path)
    synth = EspeakSynth()
    loud = cache.get(synth, "Grau ist dran", "de", 100)
    quiet = cache.get(synth, "Grau ist dran", "de", 40)
    assert loud != quiet
    ratio = stat(quiet)["RMS     amplitude"] / stat(loud)["RMS     amplitude"]
    assert 0.37 < ratio < 0.43


def test_a_phrase_is_rendered_once_then_played_from_the_cache(tmp_path):
    cache = PhraseCache(tmp_path)
    synth = EspeakSynth()
    first = cache.get(synth, "Setz ein Kätzchen", "de", 80)
    data = first.read_bytes()
    again = cache.get(synth, "Setz ein Kätzchen", "de", 80)
    assert again == first and again.read_bytes() == data
    assert (cache.misses, cache.hits) == (1, 1)
    assert [p.name for p in tmp_path.iterdir()] == [first.name]   # no half-written leftovers


@pytest.mark.parametrize("language", ["de", "en"])
def test_phonemes_of_a_sample_of_phrases_match_the_goldens(language):
    for text, phonemes in GOLDENS["phonemes"][language].items():
        out = subprocess.run(["espeak-ng", "-q", "-x", "-v", VOICES[language], "--", text],
                             capture_output=True, text=True).stdout.strip()
        assert out == phonemes, (language, text)


def test_squares_and_dice_are_said_as_a_person_says_them():
    # "c3" is "ce drei" / "see three", the dice "2, 4, 6" three numbers (not two hundred ...)
    de = GOLDENS["phonemes"]["de"]
    assert "ts'e: dr'aI" in de["Orange: Kätzchen auf c3, stupst d4 nach e5"]
    assert de["Rot: 2, 4, 6"].split("\n")[1:] == ["tsv'aI", "f'i:r", "z'Eks"]
    assert "s'i: Tr'i:" in GOLDENS["phonemes"]["en"]["Orange: kitten on c3, boops d4 to e5"]


def test_the_symbols_a_screen_uses_are_said_as_words():
    # issue 32: "Katze +1" is "plus eins", "2/4" "zwei von vier", the gender star both words,
    # a Katzenjammer roll number words
    de, en = GOLDENS["phonemes"]["de"], GOLDENS["phonemes"]["en"]
    assert "pl'Us _'aIns" in de["Katze plus 1, Zurück minus 1, OK"] and "m'i:nUs" in de["Katze plus 1, Zurück minus 1, OK"]
    assert "tsv'aI_! fOn f'i:r" in de["Schritte 2 von 4, Objekte 0 von 2"]
    assert "Sp'i:le:R,In@n" in de["Wie viele Spielerinnen und Spieler? 4"]
    assert de["Rot würfelt sechs, drei, sechs: Sechserpasch"].startswith("r'o:t v'yrf@lt z'Eks")
    assert "t'u: 0v f'o@" in en["steps 2 of 4, objects 1 of 2"]


def test_alsa_player_plays_a_wav_on_a_device(tmp_path):
    if not shutil.which("aplay"):
        pytest.skip("alsa-utils is installed by ./dev test")
    path = PhraseCache(tmp_path).get(EspeakSynth(), "OK", "en", 80)
    started = []
    AlsaPlayer("null").play(path, "OK", started=lambda: started.append(True))  # ALSA's null sink
    assert started == [True]
    with pytest.raises(SpeechError, match=r"^aplay on .no-such-card. failed: aplay: [^\n]*; check \[voice\] device \(aplay -L lists them\)$"):
        AlsaPlayer("no-such-card").play(path)


def test_a_missing_engine_or_player_is_a_one_line_error(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SpeechError, match=r"^espeak-ng not found: install it \(apt install espeak-ng\) or set"
                                          r" \[voice\] enabled = false$"):
        EspeakSynth()
    with pytest.raises(SpeechError, match=r"^aplay not found: install it \(apt install alsa-utils\)"):
        AlsaPlayer()


def test_the_fake_player_records_what_it_was_given():
    player = FakePlayer()
    player.play(Path("/x.wav"), "Grau ist dran")
    assert player.wait_for(1, timeout=0.1)
    assert [(p.text, p.path.name) for p in player.played] == [("Grau ist dran", "x.wav")]


def test_piper_without_its_program_or_model_is_a_one_line_error(monkeypatch, tmp_path):
    # (no Piper voice model can be downloaded here: the Piper path is checked up to its program)
    from hardware import speech

    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(speech.sys, "executable", str(tmp_path / "python"))
    with pytest.raises(SpeechError, match=r"^piper not found: pip install piper-tts \(the 'voice' extra\)"):
        speech.PiperSynth({"de": str(tmp_path / "de.onnx")})
    (tmp_path / "piper").write_text("#!/bin/sh\nexit 0\n")
    (tmp_path / "piper").chmod(0o755)
    with pytest.raises(SpeechError, match=r"^piper voice model '.*de\.onnx' \(\[voice\] model_de\) not found"):
        speech.PiperSynth({"de": str(tmp_path / "de.onnx")})
