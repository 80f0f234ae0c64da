"""`companion bench referee`: latency from a sensed change to the LED frame and to the OLED
image, through the real service loop (poll -> referee -> journal -> LEDs/OLED) on fake
hardware, over whole scripted games; and the service's memory after them.

Method: the loop runs at the configured scan rate (100 Hz) in virtual time, so a game takes
seconds, while the work inside each loop iteration is timed for real (perf_counter):
- echo: from the reed poll that returned the changed bed to leds.show() / display.show() in
  the same iteration (what a player sees while moving pieces);
- guidance: once the bed has been still for the settle time, the iteration that acts on it
  (commit + journal fsync + new guidance): the wait for that iteration (at most one scan
  period) plus the real time to leds.show() in it.
RSS is this process's resident set after the games (the service's modules and state only).

Targets: echo p99 < 20 ms; guidance within 20 ms after the settle time; RSS < 60 MB.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path


def pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))
    return values[k]


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="companion bench referee")
    ap.add_argument("--games", type=int, default=3, help="scripted games to play (default 3)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)

    from companion.games import get
    from companion.referee.script import occupancies
    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes

    import random

    config = Config()
    settle = config.game.settle
    period = 1.0 / config.scan_hz
    echo_led, echo_oled, guidance, guidance_oled, commit_steps = [], [], [], [], []
    moves_total = 0
    t_wall = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-referee-") as tmp:
        for g in range(args.games):
            game = get("maunz")
            rng = random.Random(args.seed + g)
            devices = build_fakes()
            comp = Companion(config, devices, state_dir=Path(tmp) / f"g{g}", ai_mode="off")
            marks = {}
            real_poll, real_led, real_oled = devices.reed.poll, devices.leds.show, devices.display.show

            def poll():
                v = real_poll()
                marks["poll"] = time.perf_counter()
                return v

            def led(frame):
                marks["led"] = time.perf_counter()
                real_led(frame)

            def oled(image):
                marks["oled"] = time.perf_counter()
                real_oled(image)

            devices.reed.poll, devices.leds.show, devices.display.show = poll, led, oled
            k = 0  # virtual time is k * period (integers: no drift)

            def step():
                nonlocal k
                marks.clear()
                marks["start"] = time.perf_counter()
                comp.step(k * period)
                k += 1
                return dict(marks)

            for _ in range(30):
                step()
            pos = game.initial_position()
            moves_total_game = 0
            while game.outcome(pos) is None:
                mv = rng.choice(game.legal_moves(pos))
                kittens, cats = pos.pool(pos.turn)
                if mv.kind == "c" and kittens:
                    devices.buttons.press("cat")
                    step()
                for i, occ in enumerate(occupancies(game, pos, mv)):
                    devices.reed.set_mask(occ)
                    m = step()
                    if "led" in m:
                        echo_led.append(m["led"] - m["poll"])
                    if "oled" in m:
                        echo_oled.append(m["oled"] - m["poll"])
                    due = k - 1 + round(settle / period)  # the first iteration that may act
                    measured = measured_oled = False
                    for _ in range(int((settle + 0.1) / period)):
                        k_step = k
                        m = step()
                        wait = max(0, k_step - due) * period
                        if not measured and k_step >= due and "led" in m:
                            guidance.append(wait + m["led"] - m["start"])
                            commit_steps.append(m["led"] - m["start"]) if len(comp.referee.moves) > moves_total_game else None
                            measured = True
                        if not measured_oled and k_step >= due and "oled" in m:
                            guidance_oled.append(wait + m["oled"] - m["start"])
                            measured_oled = True
                    if i == 0 and mv.kind == "k" and cats:
                        devices.buttons.press("ok")  # kitten, not cat
                        for _ in range(int((settle + 0.05) / period)):
                            step()
                pressed = False
                for _ in range(int(4.0 / period)):
                    if len(comp.referee.moves) > moves_total_game:
                        break
                    if mv.choice and not pressed:
                        devices.buttons.press("ok")  # confirm a retirement the referee waits on
                        pressed = True
                    step()
                moves_total_game += 1
                pos = game.apply(pos, mv)
                if comp.referee.position != pos:
                    print(f"referee diverged at move {len(comp.referee.moves)}: {comp.referee.view().instruction}",
                          file=sys.stderr)
                    return 1
                moves_total += 1
            comp.close()
    wall = time.perf_counter() - t_wall
    ms = lambda v: f"{v * 1000:.2f}"
    print(f"games {args.games}, moves {moves_total}, scan rate {config.scan_hz:.0f} Hz, settle {settle} s,"
          f" wall {wall:.1f} s")
    print(f"echo LED   n={len(echo_led)} p50 {ms(pct(echo_led, 50))} ms  p99 {ms(pct(echo_led, 99))} ms"
          f"  max {ms(max(echo_led))} ms")
    print(f"echo OLED  n={len(echo_oled)} (the screen changes only once a change has settled)")
    print(f"guidance LED after settle  n={len(guidance)} p50 {ms(pct(guidance, 50))} ms  p99 {ms(pct(guidance, 99))} ms"
          f"  max {ms(max(guidance))} ms")
    print(f"guidance OLED after settle n={len(guidance_oled)} p50 {ms(pct(guidance_oled, 50))} ms"
          f"  p99 {ms(pct(guidance_oled, 99))} ms  max {ms(max(guidance_oled))} ms")
    print(f"  of which iterations that commit a move (journal fsync): n={len(commit_steps)}"
          f" p50 {ms(pct(commit_steps, 50))} ms  p99 {ms(pct(commit_steps, 99))} ms")
    rss = rss_mb()
    print(f"echo_led_p50_ms {ms(pct(echo_led, 50))}")
    print(f"guidance_led_p50_ms {ms(pct(guidance, 50))}")
    print(f"oled_after_settle_p99_ms {ms(pct(guidance_oled, 99))}")
    print(f"echo_p99_ms {ms(pct(echo_led, 99))}")
    print(f"guidance_after_settle_p99_ms {ms(pct(guidance, 99))}")
    print(f"rss_mb {rss:.1f}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
