"""Issue 47: the service's loop sleeps while nothing happens. Counted from the loop's own selector
(companion/service/waking.py's CountingSelector), never timed: an idle service wakes only for
the timers really due (the watchdog at its interval), and an event from each source — the fake
bed, a button, a card, the bridge's reader thread, a page's control message, a due timer (the
blinking red ring of a refused card) — is handled at once, without a fixed tick.

Most run in virtual time: the loop's clock is the selector's, which jumps to the next timer
instead of sleeping (a real select(0) first, so a thread's call_soon_threadsafe is seen), and the
service's clock is the same; 600 s of an idle service take milliseconds."""
from __future__ import annotations

import asyncio

import pytest

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.service.notify import Notifier
from companion.service.waking import CountingSelector, LATE, counting_loop, next_deadline

UID = "04:11:22:33:44:55:66"


class VirtualSelector(CountingSelector):
    """Counts like the service's selector, but a wait that would block moves the clock instead."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 1000.0

    def select(self, timeout=None):
        events = super().select(0)
        if timeout is None or timeout > 0:
            self.wakeups += 1
            if not events:
                if timeout is None:
                    raise AssertionError("the loop would sleep for ever: no timer and nothing to read")
                self.now += timeout
        return events


class VirtualLoop(asyncio.SelectorEventLoop):
    def __init__(self) -> None:
        self.selector = VirtualSelector()
        super().__init__(self.selector)

    def time(self) -> float:
        return self.selector.now


class Recorder:
    """The service's recording (`--record`): each event with the loop time it was taken at."""

    def __init__(self) -> None:
        self.events: list[tuple[float, str, dict]] = []

    def event(self, now, type_, **fields) -> None:
        self.events.append((now, type_, fields))

    def close(self, *args, **kw) -> None:
        pass


class CountingNotifier(Notifier):
    def __init__(self, watchdog_s: float) -> None:
        super().__init__(environ={"WATCHDOG_USEC": str(int(watchdog_s * 2e6))})
        self.pings = 0

    def watchdog(self) -> bool:
        self.pings += 1
        return False


def run_virtual(tmp_path, scenario, game="maunz", notifier=None, chance_source=None, devices=None,
                **game_config):
    """`scenario(c, loop)` beside the real Companion.run() on a virtual-time loop."""
    loop = VirtualLoop()
    c = Companion(Config(game=GameConfig(game=game, language="en", **game_config)), devices or build_fakes(),
                  state_dir=tmp_path, ai_mode="off", clock=loop.time, recorder=Recorder(),
                  chance_source=chance_source)

    async def go():
        task = asyncio.create_task(c.run(notifier))
        await asyncio.sleep(5.0)   # the start: first frames, the first scan settled
        try:
            return await scenario(c, loop)
        finally:
            await c.stop()
            await task

    try:
        return loop.run_until_complete(go())
    finally:
        loop.close()


async def quiet_for(loop, seconds: float) -> int:
    """Sleep `seconds` of loop time; the loop's wake-ups meanwhile (this sleep's own end not)."""
    before = loop.selector.wakeups
    await asyncio.sleep(seconds)
    return loop.selector.wakeups - before - 1


def test_an_idle_service_does_not_wake(tmp_path):
    async def idle(c, loop):
        steps = c.steps
        wakeups = await quiet_for(loop, 600.0)
        return wakeups, c.steps - steps

    wakeups, steps = run_virtual(tmp_path, idle)
    assert wakeups == 0 and steps == 0   # 600 s of loop time; the 100 Hz tick stepped 60,000 times


@pytest.mark.parametrize("game", ["katzenjammer", "cats", "monster-mau-mau"])
def test_other_games_idle_too(tmp_path, game):
    async def idle(c, loop):
        await asyncio.sleep(60.0)   # loop time: a Katzenjammer void roll passes by itself first
        return await quiet_for(loop, 600.0)

    assert run_virtual(tmp_path, idle, game=game) <= 1


def test_a_katzenjammer_void_roll_passes_by_its_own_timer(tmp_path):
    """A void roll passes VOID_SECONDS after it showed (issue 46): with nothing else happening,
    the table's own deadline wakes the loop for it."""
    import random

    from companion.tables.katzenjammer.table import VOID_SECONDS

    async def moves_after(c, loop):
        return c.journal.moves()   # run_virtual's start took 5 s of loop time, nothing else happened

    assert VOID_SECONDS < 5.0
    moves = run_virtual(tmp_path, moves_after, game="katzenjammer", ai="off",
                        chance_source=random.Random(1))
    assert moves[:2] == ["roll:197", "pass"]   # every piece in the nest: void, passed by the timer alone


def test_the_watchdog_is_pinged_at_its_interval_only(tmp_path):
    notifier = CountingNotifier(watchdog_s=5.0)   # WatchdogSec=10: a ping every 5 s

    async def idle(c, loop):
        pings = notifier.pings
        wakeups = await quiet_for(loop, 600.0)
        return wakeups, notifier.pings - pings

    wakeups, pings = run_virtual(tmp_path, idle, notifier=notifier)
    assert pings in (120, 121) and wakeups <= pings + 1


def test_a_reed_change_is_taken_at_once_and_the_settle_time_is_a_timer(tmp_path):
    async def place(c, loop):
        t0 = loop.time()
        c.devices.reed.set("c3")
        wakeups = await quiet_for(loop, 1.0)
        scans = [t for t, kind, f in c.recorder.events if kind == "scan" and f["mask"] == 1 << 14]
        return t0, scans, wakeups, c.journal.moves(), c.steps

    t0, scans, wakeups, moves, steps = run_virtual(tmp_path, place, settle=0.25)
    assert scans == [t0]                 # seen when it happened: no tick to wait for
    assert moves == ["kc3"]              # committed when the settle time ended, by its timer
    assert wakeups <= 2                  # the settle time's end (and the correction delay's)


def test_a_gpio_reed_bed_sleeps_until_a_column_edge(tmp_path):
    """The GPIO reed matrix (gpiozero on MockFactory, the diode matrix's model from
    test_hw_reed): an empty still bed is not scanned at all (it was 100 scans and wake-ups a
    second); a piece put down wakes the loop through its column's edge and is taken after the
    debounce's scans; while a column is held the loop wakes at the grid's watch_hz only."""
    from gpiozero.pins.mock import MockFactory

    from hardware.reed import GpioReedGrid
    from tests.test_hw_reed import COLS, ROWS, Matrix

    factory = MockFactory()
    matrix = Matrix(factory)
    devices = build_fakes()
    devices.reed.close()
    devices.reed = grid = GpioReedGrid(ROWS, COLS, pin_factory=factory, debounce=3)

    def row_writes():   # a scan selects each row pin in turn: none written, nothing scanned
        return sum(len(p.states) for p in matrix.rows)

    async def scenario(c, loop):
        writes = row_writes()
        idle = await quiet_for(loop, 600.0)
        idle_writes = row_writes() - writes
        t0 = loop.time()
        matrix.close_squares({14})                  # c3
        await quiet_for(loop, 1.0)
        seen = [t - t0 for t, kind, f in c.recorder.events if kind == "scan" and f["mask"] == 1 << 14]
        held = await quiet_for(loop, 60.0)
        return idle, idle_writes, seen, held

    idle, idle_writes, seen, held = run_virtual(tmp_path, scenario, devices=devices, settle=0.25)
    assert idle == 0 and idle_writes == 0          # 600 s: 54,546 scans and wake-ups before
    assert seen and seen[0] <= 3 / grid.scan_hz + LATE * 3   # the edge's scan + 2 more: debounced
    assert held <= 60 * grid.watch_hz + 2          # a held column: 10/s, not 100/s


def test_a_button_and_a_card_are_taken_when_they_come(tmp_path):
    async def inputs(c, loop):
        t0 = loop.time()
        c.devices.buttons.press("cat")
        wakeups = await quiet_for(loop, 10.0)
        t1 = loop.time()
        c.devices.cards.tap(UID, "maunz:language")
        wakeups += await quiet_for(loop, 10.0)
        return t0, t1, c.recorder.events, wakeups, c.table.language

    t0, t1, events, wakeups, language = run_virtual(tmp_path, inputs)
    assert [t for t, kind, _ in events if kind == "button"] == [t0]
    assert [t for t, kind, _ in events if kind == "card"] == [t1]
    assert language == "de" and wakeups <= 2


def test_a_blinking_ring_goes_out_by_its_own_timer(tmp_path):
    """Monster Mau Mau: a card that does not fit blinks the ring red for FLASH_SECONDS; the loop
    sleeps through the blinking (the LEDs blink by themselves) and wakes when it ends."""
    from companion.tables.monster_mau_mau.session import FLASH_SECONDS
    from hardware.interfaces import Effect

    async def refuse(c, loop):
        async def now_and_then(press=None, card=None):
            if press:
                c.devices.buttons.press(press)
            else:
                c.devices.cards.tap(card[1] if len(card) > 1 else UID, card[0])
            await asyncio.sleep(0.1)
        for name in ("back", "back", "ok", "ok"):    # 2 players, 8 cards each
            await now_and_then(press=name)
        await now_and_then(card=("mmm:sR",))
        await now_and_then(card=("mmm:p3",))
        shows = []
        real_show = c.devices.leds.show
        c.devices.leds.show = lambda frame: (shows.append((loop.time(), frame)), real_show(frame))
        t0 = loop.time()
        c.devices.cards.tap("04:00:00:00:00:00:07", "mmm:s7")     # does not fit
        wakeups = await quiet_for(loop, 10.0)
        return t0, shows, wakeups

    t0, shows, wakeups = run_virtual(tmp_path, refuse, game="monster-mau-mau")
    (t_red, red), (t_back, back) = shows[:2]   # (then the blank frame of the stop)
    assert t_red == t0 and all(cell.effect is Effect.BLINK for cell in red.cells if cell.color != (0, 0, 0))
    assert t0 + FLASH_SECONDS <= t_back <= t0 + FLASH_SECONDS + 2 * LATE
    assert wakeups <= 3   # the ring's end, the OLED notice's end (NOTICE_SECONDS), no tick


# ------------------------------------------------------------------ real time: threads and sockets
def run_real(c, scenario):
    loop, selector = counting_loop()

    async def go():
        q = c.subscribe()
        task = asyncio.create_task(c.run())
        await asyncio.wait_for(q.get(), 5.0)   # the first screen
        try:
            return await scenario(c, q, selector)
        finally:
            await c.stop()
            await asyncio.wait_for(task, 5.0)

    try:
        return loop.run_until_complete(go())
    finally:   # what is left (a remote link's tasks) ends as asyncio.run ends it: cancelled, awaited
        left = asyncio.all_tasks(loop)
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.close()


async def sleeping(c):
    """Until the loop sleeps with no timer left: from then on only a wake-up makes it step."""
    while not c.waker.asleep or next_deadline(c, c.clock()) is not None:
        await asyncio.sleep(0.02)


QUICK = dict(language="en", settle=0.05, correction_delay=0.1)   # the start's timers end soon


async def until(q, predicate, timeout=5.0):
    while not predicate():
        await asyncio.wait_for(q.get(), timeout)


def test_the_bridge_reader_wakes_the_loop(tmp_path):
    """The Pico on a pty (the firmware's state machine): a piece put down reaches the service
    through the link's reader thread, which wakes the loop; its heartbeats (unchanged bed) do not."""
    from firmware_bridge import polling
    from firmware_bridge.emulator import FakePico
    from hardware import build_devices

    with FakePico() as pico:
        hw = {name: {"backend": "fake"} for name in ("display", "cards", "buttons")}
        hw["reed"] = {"backend": "bridge", "port": pico.port, "debounce_ms": 8, "heartbeat_ms": 20}
        hw["leds"] = {"backend": "bridge", "port": pico.port}
        devices = build_devices(hw)
        c = Companion(Config(game=GameConfig(**QUICK)), devices, state_dir=tmp_path, ai_mode="off")

        async def place(c, q, selector):
            await sleeping(c)
            wakeups, steps = selector.wakeups, c.steps
            pico.place(14)
            await until(q, lambda: c.sensed == 1 << 14)
            placed = selector.wakeups - wakeups, c.steps - steps
            await sleeping(c)   # (the settle time and the correction delay of the placement)
            link = c.devices.reed.link
            wakeups, steps, rx = selector.wakeups, c.steps, link.stats.frames_rx
            # 20 more frames from the Pico (heartbeats, the bed unchanged), waited for in a
            # thread whose end is this scenario's one wake-up
            await asyncio.get_running_loop().run_in_executor(
                None, polling.until, lambda: link.stats.frames_rx >= rx + 20, 5.0)
            return placed, (selector.wakeups - wakeups, c.steps - steps)

        placed, heartbeats = run_real(c, place)
    assert placed[0] <= 4 and placed[1] <= 4
    assert heartbeats == (1, 0)   # 20 frames that changed nothing: no step (the 1: the thread's end)


def test_a_page_control_message_wakes_the_loop(tmp_path):
    """The simulator's page: a button clicked on the page (a control message over the web
    socket) is taken by the service's next step, which the message itself asked for."""
    from aiohttp.test_utils import TestClient, TestServer

    from companion.web.server import make_app

    c = Companion(Config(game=GameConfig(**QUICK)), build_fakes(), state_dir=tmp_path,
                  ai_mode="off", recorder=Recorder())

    async def click(c, q, selector):
        client = TestClient(TestServer(make_app(c, control=True, token=None)))
        await client.start_server()
        try:
            ws = await client.ws_connect("/ws")
            await sleeping(c)
            steps = c.steps
            await ws.send_json({"type": "button", "name": "cat", "kind": "press"})
            await until(q, lambda: any(kind == "button" for _, kind, _ in c.recorder.events))
            await ws.close()
            return c.steps - steps
        finally:
            await client.close()

    assert run_real(c, click) <= 4


def test_a_gpio_button_edge_wakes_the_loop(tmp_path):
    """The buttons through gpiozero (MockFactory): the edge's callback, on another thread than
    the loop's, queues the press and wakes the loop, which takes it in its next step."""
    from gpiozero.pins.mock import MockFactory

    from hardware.buttons import GpioButtons
    from wiring.pins import load_pins

    pins = load_pins().buttons
    factory = MockFactory()
    devices = build_fakes()
    devices.buttons.close()
    devices.buttons = GpioButtons(pins, pin_factory=factory, hold_s=5, bounce_s=None)
    c = Companion(Config(game=GameConfig(**QUICK)), devices, state_dir=tmp_path, ai_mode="off",
                  recorder=Recorder())

    async def press(c, q, selector):
        await sleeping(c)
        taken = asyncio.Event()
        c.recorder.event = lambda now, type_, **f: taken.set() if type_ == "button" else None
        wakeups, steps = selector.wakeups, c.steps
        ok = factory.pin(f"GPIO{pins['ok']}")
        await asyncio.get_running_loop().run_in_executor(None, lambda: (ok.drive_low(), ok.drive_high()))
        await asyncio.wait_for(taken.wait(), 5.0)
        return selector.wakeups - wakeups, c.steps - steps

    wakeups, steps = run_real(c, press)
    assert wakeups <= 3 and 1 <= steps <= 3


def test_a_lost_broker_wakes_the_loop(tmp_path):
    """Remote play on a real mosquitto: the link's task sees the broker go (and come back) between
    two steps; the sleeping loop steps at once, so the OLED's remote screen ("No connection to
    the broker") follows the link, not the next button or card."""
    from companion.service.config import RemoteConfig
    from tests.remote_helpers import Broker

    broker = Broker(tmp_path)
    config = Config(game=GameConfig(**QUICK), remote=RemoteConfig(brokers=(broker.url,), name="Anna"))
    c = Companion(config, build_fakes(), state_dir=tmp_path, ai_mode="off")

    async def lose(c, q, selector):
        loop = asyncio.get_running_loop()
        c.devices.cards.tap(UID, "maunz:remote")
        await until(q, lambda: c.remote.active and c.remote.connected)
        out = []
        for change in (broker.stop, broker.start):
            await sleeping(c)   # no timer left: only a wake-up can make the loop step now
            steps = c.steps
            await loop.run_in_executor(None, change)
            await until(q, lambda: c.remote.connected == (change == broker.start), 10.0)
            for _ in range(100):   # the wake-up's step, taken at once (not after 2 s)
                if c.steps > steps:
                    break
                await asyncio.sleep(0.02)
            out.append(c.steps - steps)
        return out

    try:
        steps = run_real(c, lose)
    finally:
        broker.close()
    assert all(n >= 1 for n in steps), steps
