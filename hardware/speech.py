"""The companion's voice on the Pi: text -> WAV (espeak-ng, or Piper with a voice model), cached
on disk, played through ALSA (`aplay`) on a USB speaker or an I2S amplifier.

    voice = Voice(EspeakSynth(), AlsaPlayer("default"), cache_dir, volume=80)
    voice.say(lines, generation)      # returns at once; a thread renders and plays
    voice.close()                     # idempotent

Speaking runs in its own thread, never in the service loop: a phrase is rendered once (the
cache key is the engine, its voice, the volume and the words) and then only played, and a line
whose screen is gone by the time its turn comes is dropped (companion/voice/announcer.py).
Both engines run as programs (no Python binding to import); a configured engine or player
that is not installed is an error when the voice is made, never a silent mute.

`FakePlayer` is the player for tests and the laptop: it records what it was given to play and
when (`played`, `wait_for`), without a sound device.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from hardware.interfaces import HardwareError

#: espeak-ng's voices for the table's languages
ESPEAK_VOICES = {"de": "de", "en": "en-gb"}


class SpeechError(HardwareError, RuntimeError):
    """The speech engine or the player is missing or failed; the message says what to do."""


def _last_line(err: bytes) -> str:
    """A program's complaint as one line (its last: ALSA's own lines come first)."""
    lines = err.decode(errors="replace").strip().splitlines()
    return lines[-1].strip() if lines else "no message"


def _program(name: str, package: str, key: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise SpeechError(f"{name} not found: install it (apt install {package}) or set {key}")
    return path


class EspeakSynth:
    """espeak-ng (Debian package espeak-ng): small, offline, German and English."""

    name = "espeak-ng"

    def __init__(self, rate: int = 165) -> None:
        self.program = _program("espeak-ng", "espeak-ng", "[voice] enabled = false")
        self.rate = rate

    def key(self, language: str) -> str:
        return f"espeak-ng/{ESPEAK_VOICES.get(language, 'en-gb')}/{self.rate}"

    def render(self, text: str, language: str, path: Path, volume: int = 100) -> None:
        """Render at `volume` percent (espeak-ng's own amplitude, which is linear: no sample
        touched in Python, whose loop would hold the GIL the service loop needs)."""
        voice = ESPEAK_VOICES.get(language, "en-gb")
        run = subprocess.run([self.program, "-v", voice, "-s", str(self.rate), "-a", str(volume),
                              "-w", str(path), "--", text],
                             capture_output=True, timeout=30)
        if run.returncode != 0 or not path.exists():
            raise SpeechError(f"espeak-ng failed on {text!r}: {_last_line(run.stderr)}")


class PiperSynth:
    """Piper (`pip install piper-tts`) with one voice model file (.onnx) per language."""

    name = "piper"

    def __init__(self, models: dict[str, str]) -> None:
        self.program = shutil.which("piper") or str(Path(sys.executable).with_name("piper"))
        if not Path(self.program).exists():
            raise SpeechError("piper not found: pip install piper-tts (the 'voice' extra), or set "
                              "[voice] backend = \"espeak-ng\"")
        for language, model in models.items():
            if not Path(model).is_file():
                raise SpeechError(f"piper voice model {model!r} ([voice] model_{language}) not found; "
                                  f"download a voice (.onnx and its .onnx.json) and give its path")
        self.models = models

    def key(self, language: str) -> str:
        return f"piper/{Path(self.models.get(language, '')).name}"

    def render(self, text: str, language: str, path: Path, volume: int = 100) -> None:
        model = self.models.get(language)
        if model is None:
            raise SpeechError(f"no piper voice for language {language!r}: set [voice] model_{language}")
        run = subprocess.run([self.program, "--model", model, "--output_file", str(path),
                              "--volume", f"{volume / 100:.2f}"],
                             input=text.encode(), capture_output=True, timeout=60)
        if run.returncode != 0 or not path.exists():
            raise SpeechError(f"piper failed on {text!r}: {_last_line(run.stderr)}")


class PhraseCache:
    """Rendered phrases on disk, one WAV per (engine and voice, volume, words)."""

    def __init__(self, directory: Path) -> None:
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.hits = self.misses = 0

    def path(self, synth, text: str, language: str, volume: int) -> Path:
        digest = hashlib.sha1(f"{synth.key(language)}|{volume}|{text}".encode()).hexdigest()[:20]
        return self.dir / f"{digest}.wav"

    def get(self, synth, text: str, language: str, volume: int) -> Path:
        path = self.path(synth, text, language, volume)
        if path.exists():
            self.hits += 1
            return path
        self.misses += 1
        fd, tmp = tempfile.mkstemp(suffix=".wav", dir=self.dir)
        os.close(fd)
        try:
            synth.render(text, language, Path(tmp), volume)
            os.replace(tmp, path)  # whole or not at all: a power cut never leaves half a phrase
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return path


class AlsaPlayer:
    """`aplay` (Debian package alsa-utils) on an ALSA device: "default", a USB speaker
    ("plughw:CARD=Device"), or the I2S amplifier's card."""

    def __init__(self, device: str = "default") -> None:
        self.program = _program("aplay", "alsa-utils", "[voice] enabled = false")
        self.device = device
        self._proc: subprocess.Popen | None = None

    def play(self, path: Path, text: str = "", started=None) -> None:
        """Play a WAV to its end (`text`: its words, for the log); `started()` once it sounds."""
        self._proc = subprocess.Popen([self.program, "-q", "-D", self.device, str(path)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if started is not None:
            started()
        _, err = self._proc.communicate()
        if self._proc.returncode not in (0, -15):
            raise SpeechError(f"aplay on {self.device!r} failed: {_last_line(err)}"
                              f"; check [voice] device (aplay -L lists them)")

    def stop(self) -> None:
        proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.terminate()


@dataclass
class Played:
    text: str
    path: Path
    at: float           # time.monotonic() when it started


class FakePlayer:
    """A player without a sound device: records each phrase it was given, and when."""

    def __init__(self) -> None:
        self.played: list[Played] = []
        self._cond = threading.Condition()

    def play(self, path: Path, text: str = "", started=None) -> None:
        if started is not None:
            started()
        with self._cond:
            self.played.append(Played(text, Path(path), time.monotonic()))
            self._cond.notify_all()

    def stop(self) -> None:
        """Nothing is playing long enough to stop."""

    def wait_for(self, count: int, timeout: float = 10.0) -> bool:
        """Wait until `count` phrases have been played (a test waits on this, not a sleep)."""
        with self._cond:
            return self._cond.wait_for(lambda: len(self.played) >= count, timeout)
