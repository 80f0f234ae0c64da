"""The service's voice: what the table shows, said aloud on the Pi's speaker and by the page.

    speech = Speech.from_config(config, state_dir)
    speech.shown(screen, language, private, over=ended)   # the loop: the OLED changed
    speech.announced(msgs, language)          # a table's event (a move made)
    speech.recent_lines()                     # for the page: it says them with the browser's voice
    speech.set(enabled=False) / set(volume=60)   # the voice card, the page

The announcer (companion/voice/announcer.py) decides what to say; here a thread renders each
line (cached on disk) and plays it, so the loop never waits for a voice: `shown` only puts
lines in a queue. A line whose screen has gone by the time its turn comes is dropped, and so
is the phrase playing when its screen goes. With [voice] enabled = false nothing is rendered
or played and no speech program is needed; the page still gets the lines.
"""
from __future__ import annotations

import collections
import logging
import threading
import time
from pathlib import Path

from companion.voice.announcer import Announcer, SpeechQueue

log = logging.getLogger("companion.voice")


class Speech:
    def __init__(self, synth=None, player=None, cache_dir: Path | None = None, *, enabled: bool = False,
                 volume: int = 80) -> None:
        self.announcer = Announcer()
        self.queue = SpeechQueue()
        self.synth, self.player = synth, player
        self.cache = None
        if synth is not None:
            from hardware.speech import PhraseCache

            self.cache = PhraseCache(cache_dir)
        self.enabled = enabled and synth is not None
        self.volume = volume
        self.errors = 0
        #: for `companion bench voice`: the newest (line, seconds from `shown` to the sound
        #: starting), and how many lines have sounded (bounded: the service runs for weeks)
        self.latencies: collections.deque = collections.deque(maxlen=1000)
        self.sounded = 0
        self._put_at: dict[int, float] = {}
        self._cond = threading.Condition()
        self._current = None
        self._closed = False
        self._thread: threading.Thread | None = None
        if synth is not None:
            self._thread = threading.Thread(target=self._run, name="voice", daemon=True)
            self._thread.start()

    @classmethod
    def from_config(cls, voice, state_dir: Path, player=None, kept=None) -> "Speech":
        """The configured voice ([voice] section, companion/service/config.py), switched as the
        voice card last left it (`kept`: the journal's settings). The engine and the player are
        made only when the voice is enabled: a missing program is then an error."""
        if not voice.enabled:
            return cls()
        from hardware import speech as hw

        if voice.backend == "piper":
            synth = hw.PiperSynth({lang: model for lang, model in
                                   (("de", voice.model_de), ("en", voice.model_en)) if model})
        else:
            synth = hw.EspeakSynth(rate=voice.rate)
        if player is None:
            player = hw.FakePlayer() if voice.device == "none" else hw.AlsaPlayer(voice.device)
        speech = cls(synth, player, Path(state_dir) / "voice", enabled=True, volume=voice.volume)
        if kept is not None:
            speech.set(enabled=kept("voice", "on") == "on",
                       volume=int(kept("voice_volume", str(voice.volume)) or voice.volume))
        return speech

    # ------------------------------------------------------------------ from the service loop
    def shown(self, screen, language: str, private: bool = False, secret: bool = False,
              over: bool | None = None) -> None:
        self._put(self.announcer.screen(screen, language, private, secret, over))

    def announced(self, msgs, language: str) -> None:
        if msgs:
            self._put(self.announcer.events(msgs, language))

    def _put(self, lines) -> None:
        now = time.monotonic()
        with self._cond:
            if not self.enabled:
                return
            for line in lines:
                self._put_at[line.seq] = now
            while len(self._put_at) > 64:   # lines the queue dropped never sound: forget them
                del self._put_at[next(iter(self._put_at))]
            self.queue.put(lines, self.announcer.generation)
            current = self._current
            if current is not None and self.queue.stale(current):
                self.player.stop()  # the player moved on: stop guidance for a screen that is gone
            self._cond.notify()

    def recent_lines(self) -> list[dict]:
        # a secret line (the pairing code) is marked: web/privacy.py keeps it from spectators
        return [{"n": line.seq, "text": line.text, "lang": line.language, **({"secret": True} if line.secret else {})}
                for line in self.announcer.recent]

    def set(self, enabled: bool | None = None, volume: int | None = None) -> None:
        with self._cond:
            if enabled is not None:
                self.enabled = enabled and self.synth is not None
                if not self.enabled:
                    self.queue = SpeechQueue()
            if volume is not None:
                self.volume = max(0, min(100, int(volume)))

    def card(self, name: str, keep, note) -> None:
        """The voice card: on/off; one named with a number ("voice:40") sets that volume and
        switches the voice on. `keep(key, value)` stores the choice (the journal: it lasts a
        restart); `note(key)` tells the page when the config has no voice to switch."""
        if self.synth is None:
            note("note.voice_off_in_config")
            return
        volume = int(name) if name.isdigit() else None
        self.set(enabled=True if volume is not None else not self.enabled, volume=volume)
        keep("voice", "on" if self.enabled else "off")
        keep("voice_volume", str(self.volume))

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until every line put has been said or dropped (tests and the benchmark wait on
        this state, not on a sleep)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self.enabled or (len(self.queue) == 0
                                                                    and self._current is None), timeout)

    # ------------------------------------------------------------------ the voice thread
    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed or len(self.queue) > 0)
                if self._closed:
                    return
                line = self.queue.take()
                if line is None or self.queue.stale(line):
                    self._cond.notify_all()
                    continue
                volume = self.volume
                self._current = line
            try:
                path = self.cache.get(self.synth, line.text, line.language, volume)
                with self._cond:
                    if self.queue.stale(line) or not self.enabled:
                        continue
                self.player.play(path, line.text, started=lambda line=line: self._started(line))
            except Exception as exc:  # a voice that fails must never stop the table
                self.errors += 1
                if self.errors <= 3:
                    log.warning("voice: %s", exc)
            finally:
                with self._cond:
                    self._current = None
                    self._cond.notify_all()

    def _started(self, line) -> None:
        put = self._put_at.pop(line.seq, None)
        if put is not None:
            self.latencies.append((line, time.monotonic() - put))
            self.sounded += 1

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify_all()
        if self.player is not None:
            self.player.stop()
        if self._thread is not None:
            self._thread.join(timeout=5)
