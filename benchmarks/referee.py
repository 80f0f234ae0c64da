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

Then, in real time (`--rt-changes`, 0 to skip), the AI scenario: the service's real asyncio loop
(`Companion.run()`, time.monotonic; it steps when a device wakes it or a timer is due) while
scripted moves arrive on the fake reed grid (each bed held settle + 50-100 ms, settle 0.1 s), three times: with no AI, with the AI searching
back to back through the service's thread path (`ai_process = false`), and through its worker
process (the default). The AI searches a mid-game position at level "hard", `--ai-time`
Pi-seconds a call, restarted at once, so it thinks during every sensed change. Per run:
- echo: the reed poll that returned the change -> leds.show() (as above, now with the GIL shared);
- change->LED: from the moment the bed changed to leds.show() (adds the wait for the next scan
  and the loop's late wake-ups: what a player sees; the 50 ms requirement);
- guidance: from the moment the bed has been still for the settle time to the leds.show() of the
  move it made (the loop's wait for the step that acts on it is in it; a move a button press
  made is not counted);
- the time between iterations p99 (a fixed-rate loop: its period; the sleeping loop of issue 47
  steps only when something happens, so this is then the gap between events), and the AI calls
  completed.
The fakes do no I/O, but real drivers do (a serial/SPI write, an I2C ioctl) and every such call
lets go of the GIL, which a thread that holds it for its whole switch interval (5 ms) is slow to
give back. So by default each reed poll and each LED frame also blocks for 0.2 ms in a call that
releases the GIL (time.sleep, standing in for a driver's transfer; a 36-LED WS2812 frame over SPI
takes ~0.4 ms): `--no-device-io` leaves it out.
Worker: spawn time (pool creation -> the AI imported in the worker) and the worker's RSS
(current and peak) after the run.

Targets: echo p99 < 20 ms (also while the AI thinks); guidance within 20 ms after the settle time;
RSS < 60 MB. The Pi-class budget (benchmarks/pibudget.py: the Pi's target / 5 here): echo p99 <
10 ms in every run, guidance after settle p99 < 20 ms.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from companion.cliargs import OneLineParser


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


def children_memory() -> list[tuple[str, float, float]]:
    """(command, RSS MB, PSS MB) of this process's children (the AI worker, multiprocessing's
    resource tracker)."""
    me, out = str(__import__("os").getpid()), []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            if (d / "stat").read_text().rsplit(")", 1)[1].split()[1] != me:
                continue
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            mem = {}
            for line in (d / "smaps_rollup").read_text().splitlines():
                if line.startswith(("Rss:", "Pss:")):
                    mem[line.split(":")[0]] = int(line.split()[1]) / 1024
        except (OSError, IndexError):
            continue
        name = "resource tracker" if "resource_tracker" in cmd else "AI worker" if "spawn_main" in cmd else cmd[:40]
        out.append((name, mem.get("Rss", 0.0), mem.get("Pss", 0.0)))
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion bench referee")
    ap.add_argument("--games", type=int, default=3, help="scripted games to play (default 3)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rt-changes", type=int, default=150,
                    help="sensed changes per real-time AI-scenario run (default 150; 0 skips the scenario)")
    ap.add_argument("--no-device-io", dest="device_io", action="store_false",
                    help="AI scenario: no emulated device I/O in reed polls and LED frames")
    ap.add_argument("--ai-time", type=float, default=1.0,
                    help="Pi-seconds per background AI search in the AI scenario (default 1.0)")
    ap.add_argument("--voice", action="store_true",
                    help="the voice on (espeak-ng rendering every line in its thread, a player that"
                         " plays nothing): the echo must not change")
    args = ap.parse_args(argv)

    from companion.games import get
    from companion.tables.maunz.script import occupancies
    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes

    import random

    config = Config()
    if args.voice:
        from companion.service.config import VoiceConfig

        config = config.replace(voice=VoiceConfig(enabled=True, device="none"))
        print("voice: on (espeak-ng, played nowhere)")
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
                            commit_steps.append(m["led"] - m["start"]) if len(comp.table.moves) > moves_total_game else None
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
                    if len(comp.table.moves) > moves_total_game:
                        break
                    if mv.choice and not pressed:
                        devices.buttons.press("ok")  # confirm a retirement the referee waits on
                        pressed = True
                    step()
                moves_total_game += 1
                pos = game.apply(pos, mv)
                if comp.table.position != pos:
                    print(f"referee diverged at move {len(comp.table.moves)}: {comp.table.view().instruction}",
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
    rt = {}
    if args.rt_changes > 0:
        import asyncio

        for scenario in ("none", "thread", "process"):
            with tempfile.TemporaryDirectory(prefix="bench-referee-rt-") as tmp:
                rt[scenario] = asyncio.run(realtime(scenario, args.rt_changes, args.seed, args.ai_time, Path(tmp),
                                                    device_io=args.device_io))
        print(f"real-time AI scenario: {args.rt_changes} changes a run, AI {args.ai_time} Pi-s a search,"
              f" device I/O {'emulated (0.2 ms GIL-free per poll/frame)' if args.device_io else 'none'}")
        for scenario, r in rt.items():
            label = {"none": "no AI", "thread": "AI in a thread", "process": "AI in a process"}[scenario]
            print(f"real time, {label:<16} n={r['n']:4d}  echo p50 {ms(r['echo50'])} p99 {ms(r['echo99'])}"
                  f" max {ms(r['echomax'])} ms | change->LED p50 {ms(r['chg50'])} p99 {ms(r['chg99'])}"
                  f" max {ms(r['chgmax'])} ms | guidance after settle p50 {ms(r['guide50'])} p99 {ms(r['guide99'])}"
                  f" ms | between iterations p99 {ms(r['period99'])} ms | AI calls {r['ai_calls']}")
        w = rt["process"]
        print(f"AI worker: spawn + AI import {w['spawn'] * 1000:.0f} ms (submit blocked the loop"
              f" {w['submit'] * 1000:.1f} ms), RSS {w['worker_rss']:.1f} MB, peak {w['worker_hwm']:.1f} MB")
        for name, rss_c, pss_c in w["children"]:
            print(f"  child process {name}: RSS {rss_c:.1f} MB, PSS {pss_c:.1f} MB")
    from benchmarks.pibudget import verdict

    # the Pi-class budget (benchmarks/pibudget.py): the worst echo of all the runs
    worst_echo = max([pct(echo_led, 99)] + [r["echo99"] for r in rt.values()])
    print(verdict("referee_echo_p99_ms", worst_echo * 1000))
    print(verdict("guidance_after_settle_p99_ms", pct(guidance, 99) * 1000))
    print(f"echo_led_p50_ms {ms(pct(echo_led, 50))}")
    print(f"guidance_led_p50_ms {ms(pct(guidance, 50))}")
    print(f"oled_after_settle_p99_ms {ms(pct(guidance_oled, 99))}")
    print(f"echo_p99_ms {ms(pct(echo_led, 99))}")
    print(f"guidance_after_settle_p99_ms {ms(pct(guidance, 99))}")
    print(f"rss_mb {rss:.1f}")
    if rt:
        for scenario in ("none", "thread", "process"):
            print(f"rt_echo_p50_ms_ai_{scenario} {ms(rt[scenario]['echo50'])}")
            print(f"rt_echo_p99_ms_ai_{scenario} {ms(rt[scenario]['echo99'])}")
            print(f"rt_change_to_led_p99_ms_ai_{scenario} {ms(rt[scenario]['chg99'])}")
            print(f"rt_guidance_after_settle_p50_ms_ai_{scenario} {ms(rt[scenario]['guide50'])}")
            print(f"rt_guidance_after_settle_p99_ms_ai_{scenario} {ms(rt[scenario]['guide99'])}")
        print(f"ai_worker_spawn_ms {rt['process']['spawn'] * 1000:.0f}")
        print(f"ai_worker_rss_mb {rt['process']['worker_rss']:.1f}")
        print(f"ai_worker_peak_rss_mb {rt['process']['worker_hwm']:.1f}")
        print(f"ai_children_pss_mb {sum(c[2] for c in rt['process']['children']):.1f}")
    return 0


async def realtime(scenario: str, changes: int, seed: int, ai_time: float, tmp: Path, *,
                   device_io: bool = True) -> dict:
    """One real-time run of the AI scenario (see the module docstring)."""
    import asyncio
    import random

    from companion.games import get
    from companion.tables.maunz.script import occupancies
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes

    settle = 0.1
    config = Config(game=GameConfig(settle=settle, ai_level="hard", ai_time=ai_time,
                                    ai_process=scenario == "process"))
    game = get("maunz")
    rng = random.Random(seed)
    devices = build_fakes()
    comp = Companion(config, devices, state_dir=tmp / "state",
                     ai_mode={"none": "off", "thread": "thread", "process": "process"}[scenario])
    # the AI's position: a mid-game (ply 12 of a random game)
    think_pos = game.initial_position()
    for _ in range(12):
        think_pos = game.apply(think_pos, rng.choice(game.legal_moves(think_pos)))

    pending = {}  # the change waiting for its echo: "set" time, then "poll" time
    echo, chg, starts = [], [], []
    guide, guided = {}, []  # the moment the bed has been still for `settle`; the waits after it
    real_poll, real_led, real_step = devices.reed.poll, devices.leds.show, comp.step

    def io():
        if device_io:
            time.sleep(0.0002)  # releases the GIL, as a driver's transfer does

    def poll():
        io()
        v = real_poll()
        if "set" in pending and "poll" not in pending:
            pending["poll"] = time.perf_counter()
        return v

    def led(frame):
        io()  # the frame is out once the driver's write returned
        t = time.perf_counter()
        if "poll" in pending:
            echo.append(t - pending["poll"])
            chg.append(t - pending["set"])
        if "at" in guide and t >= guide["at"] and len(comp.table.moves) > guide["moves"]:
            guided.append(t - guide.pop("at"))
        real_led(frame)

    def step(now=None):
        starts.append(time.perf_counter())
        try:
            return real_step(now)
        finally:
            if "poll" in pending:
                pending.clear()  # this iteration saw the change (with or without a new frame)

    real_press = devices.buttons.press

    def press(name):
        guide.clear()   # a move this press makes is no guidance after the settle time
        real_press(name)

    devices.reed.poll, devices.leds.show, comp.step, devices.buttons.press = poll, led, step, press
    done = asyncio.Event()
    ai_calls = 0
    spawn = submit = 0.0

    async def keep_thinking():
        nonlocal ai_calls, spawn, submit
        while not done.is_set():
            await asyncio.wrap_future(comp.ai.start(think_pos, ai_time))
            ai_calls += 1

    def set_mask(occ):
        pending.clear()
        devices.reed.set_mask(occ)
        pending["set"] = time.perf_counter()
        guide.update(at=pending["set"] + settle, moves=len(comp.table.moves))

    async def hold(extra=0.0):
        await asyncio.sleep(settle + rng.uniform(0.05, 0.1) + extra)

    async def play():
        sent = 0
        if True:
            pos = game.initial_position()
            while game.outcome(pos) is None and sent < changes:
                before = len(comp.table.moves)
                mv = rng.choice(game.legal_moves(pos))
                kittens, cats = pos.pool(pos.turn)
                if mv.kind == "c" and kittens:
                    devices.buttons.press("cat")
                    await asyncio.sleep(0.03)
                for i, occ in enumerate(occupancies(game, pos, mv)):
                    set_mask(occ)
                    sent += 1
                    await hold()
                    if i == 0 and mv.kind == "k" and cats:
                        devices.buttons.press("ok")  # kitten, not cat
                        await hold()
                pressed = False
                for _ in range(200):
                    if len(comp.table.moves) > before:
                        break
                    if mv.choice and not pressed:
                        devices.buttons.press("ok")
                        pressed = True
                    await asyncio.sleep(0.02)
                pos = game.apply(pos, mv)
                if comp.table.position != pos:
                    raise SystemExit(f"referee diverged at move {len(comp.table.moves)}:"
                                     f" {comp.table.view().instruction}")
            return  # one game (or `changes` changes of it): n says how many were echoed

    runner = asyncio.create_task(comp.run())
    if scenario == "process":  # the spawn, before (not during) the measured changes
        t0 = time.perf_counter()
        fut = comp.ai.warm()
        submit = time.perf_counter() - t0
        await asyncio.wrap_future(fut)
        spawn = time.perf_counter() - t0
    thinker = asyncio.create_task(keep_thinking()) if scenario != "none" else None
    await asyncio.sleep(0.3)
    try:
        await play()
    finally:
        done.set()
        worker = (0.0, 0.0)
        children = []
        if scenario == "process" and comp.ai.pool is not None:
            from companion.service import ai_process

            worker = await asyncio.wrap_future(comp.ai.pool.submit(ai_process.rss_mb))
            children = children_memory()
        if thinker is not None:
            await thinker
        await comp.stop()
        await runner
    periods = [b - a for a, b in zip(starts, starts[1:])]
    return {"n": len(echo), "echo50": pct(echo, 50), "echo99": pct(echo, 99), "echomax": max(echo),
            "chg50": pct(chg, 50), "chg99": pct(chg, 99), "chgmax": max(chg),
            "period99": pct(periods, 99), "guide50": pct(guided, 50), "guide99": pct(guided, 99),
            "ai_calls": ai_calls, "spawn": spawn, "submit": submit,
            "worker_rss": worker[0], "worker_hwm": worker[1], "children": children}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
