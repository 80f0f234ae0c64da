"""`companion bench voice`: how soon the companion speaks, and whether every phrase can be said.

- Phrase coverage: every OLED phrase (the shared ones and every table's own), in both
  languages, worded with sample values and read out (companion/voice/coverage.py): the share
  that comes out as plain words. Target 100 %.
- Event -> first sound: the lines a whole maunz. game says (both languages, the game played
  through the real service first to collect them) are put to the voice one at a time, as the
  service puts them (`Speech.announced`), and timed until the player starts playing the WAV:
  uncached (espeak-ng renders it: a fresh cache) and then cached (the same lines again). The
  player is ALSA's `aplay` on its "null" device when aplay is installed (its process start is
  in the figure), else the FakePlayer. Targets: cached p99 < 150 ms, uncached p99 < 400 ms.
- The referee's echo with the voice on: `companion bench referee --voice` (compare with a run
  without, in the same session).
"""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from companion.cliargs import OneLineParser


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))]


def game_lines(seed: int, language: str) -> list[str]:
    """What a whole maunz. game says, played through the real service in virtual time (the
    bed changes as a person's hands would make them, as `companion bench referee` plays)."""
    import collections
    import random

    from companion.games import get
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes
    from companion.tables.maunz.script import needs_ok, occupancies

    game, rng = get("maunz"), random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="bench-voice-") as tmp:
        devices = build_fakes()
        c = Companion(Config(game=GameConfig(language=language)), devices, state_dir=tmp, ai_mode="off")
        c.speech.announcer.recent = collections.deque(maxlen=100000)   # keep every line said
        t = 0.0

        def run(seconds):
            nonlocal t
            for _ in range(int(seconds * 100)):
                c.step(t)
                t += 0.01

        run(0.5)
        pos = game.initial_position()
        while game.outcome(pos) is None:
            move = rng.choice(game.legal_moves(pos))
            if move.kind == "c" and pos.pool(pos.turn)[0]:
                devices.buttons.press("cat")
                run(0.05)
            for i, occ in enumerate(occupancies(game, pos, move)):
                devices.reed.set_mask(occ)
                run(0.5)
                if i == 0 and move.kind == "k" and pos.pool(pos.turn)[1]:
                    devices.buttons.press("ok")   # the OLED asks kitten or cat: kitten
                    run(0.5)
            if needs_ok(game, pos, move):
                devices.buttons.press("ok")
                run(0.5)
            pos = game.apply(pos, move)
            run(1.0)
        lines = [x.text for x in c.speech.announcer.recent]
        won = c.table.view().winner is not None
        c.close()
    if not won:
        raise SystemExit(f"companion bench voice: the scripted game (seed {seed}) did not end in a win")
    return lines


def timed(speech, lines, language) -> list[float]:
    from companion.ui.screens import msg

    out = []
    for text in lines:
        before = speech.sounded
        speech.announced([msg("text", text=text)], language)
        if not speech.wait_idle(30) or speech.sounded == before:
            raise SystemExit(f"companion bench voice: {text!r} was not said ({speech.errors} errors)")
        out.append(speech.latencies[-1][1])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion bench voice")
    ap.add_argument("--seed", type=int, default=7, help="the scripted maunz. game (default 7)")
    ap.add_argument("--lines", type=int, default=60, help="lines timed per language (default 60)")
    args = ap.parse_args(argv)

    from companion.service.speech import Speech
    from companion.voice.coverage import coverage
    from hardware.speech import AlsaPlayer, EspeakSynth, FakePlayer

    covered, total, failures = coverage()
    for failure in failures[:10]:
        print(f"  not sayable: {failure}")
    print(f"phrases: {total} (keys x languages), sayable {covered}")

    if not shutil.which("espeak-ng"):
        print("companion bench voice: espeak-ng is not installed (apt install espeak-ng); latency not measured")
        print(f"phrase_coverage_pct {100 * covered / total:.1f}")
        return 1
    player = AlsaPlayer("null") if shutil.which("aplay") else FakePlayer()
    print(f"player: {'aplay -D null' if isinstance(player, AlsaPlayer) else 'FakePlayer (no aplay)'}")
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-voice-cache-") as cache:
        speech = Speech(EspeakSynth(), player, Path(cache), enabled=True)
        try:
            for language in ("de", "en"):
                lines = list(dict.fromkeys(game_lines(args.seed, language)))[:args.lines]
                t0 = time.perf_counter()
                results.setdefault("uncached", []).extend(timed(speech, lines, language))
                results.setdefault("cached", []).extend(timed(speech, lines, language))
                print(f"{language}: {len(lines)} distinct lines of a whole game, e.g. {lines[2]!r};"
                      f" {time.perf_counter() - t0:.1f} s")
        finally:
            speech.close()
    for kind in ("uncached", "cached"):
        v = [x * 1000 for x in results[kind]]
        print(f"event -> first sound, {kind}: n={len(v)} p50 {pct(v, 50):.1f} ms  p99 {pct(v, 99):.1f} ms"
              f"  max {max(v):.1f} ms")
    print(f"voice_cached_p99_ms {pct(results['cached'], 99) * 1000:.1f}")
    print(f"voice_uncached_p99_ms {pct(results['uncached'], 99) * 1000:.1f}")
    print(f"phrase_coverage_pct {100 * covered / total:.1f}")
    return 0
