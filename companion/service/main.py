"""`companion run` and `companion sim`.

    companion run [--config FILE] [--state DIR] [--record FILE] [--feed FILE]
    companion run --replay FILE [--expect-end]
    companion sim [--state DIR] [--host H] [--port N] [--no-web] [--record FILE] [--config FILE]

Exit status 2 with one line on stderr for any configuration problem.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import time
from pathlib import Path

from companion.service.config import DEFAULT_CONFIG, Config, ConfigError, GameConfig, WebConfig, user_state_dir
from companion.cliargs import OneLineParser
from companion.games import native

log = logging.getLogger("companion")


def _setup_logging(verbose: bool) -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="companion: %(levelname)s %(message)s", force=True)
    logging.getLogger("companion").setLevel(logging.DEBUG if verbose else logging.INFO)


def _fail(message: str) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return 2


def _parser(prog: str, sim: bool) -> argparse.ArgumentParser:
    p = OneLineParser(prog=prog)
    p.add_argument("--config", help="TOML configuration file" + ("" if sim else f" (default {DEFAULT_CONFIG})"))
    p.add_argument("--state", help="state directory (journal, history, cards); overrides [state] dir")
    p.add_argument("--record", metavar="FILE", help="write the physical event stream (JSON lines)")
    p.add_argument("--feed", metavar="FILE",
                   help="follow FILE (JSON lines as --record writes) and apply its events to the fake devices")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("--remote", metavar="new|CODE",
                   help="maunz. against a friend at another companion: 'new' hosts (shows a code),"
                        " the other side's code joins ('new:CODE' hosts with a chosen code)")
    p.add_argument("--broker", action="append", metavar="URL",
                   help="remote play's MQTT broker (mqtt://, mqtts://, ws://, wss://; again for a"
                        " second); default [remote] brokers")
    p.add_argument("--name", help="your name for the other player (remote play)")
    p.add_argument("--ca-file", help="a CA certificate the brokers' TLS is checked against (remote play;"
                                     " default [remote] ca_file, else the system's)")
    if sim:
        p.add_argument("--host", default="127.0.0.1")
        p.add_argument("--port", type=int, default=8080)
        p.add_argument("--no-web", action="store_true", help="no web page (headless simulation)")
        p.add_argument("--bed", choices=("reed", "hall"), default="reed",
                       help="the simulated bed: reed switches (they see only that a piece is there) or"
                            " the hall-effect bed (it reads kitten or cat: no question)")
        p.add_argument("--voice", action="store_true",
                       help="say the guidance on this computer's speaker (espeak-ng and aplay; the"
                            " page can speak it too: its Sound switch)")
        p.add_argument("--seed", type=int, default=None,
                       help="seed of the virtual card deck's shuffles (card games; default: random)")
    else:
        p.add_argument("--replay", metavar="FILE", help="play a recording back through the referee (virtual time)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser("companion run", sim=False).parse_args(argv)
    _setup_logging(args.verbose)
    if args.replay:
        from companion.service.replay import replay_main

        return replay_main(args.replay)
    from companion.service import devices as devmod

    try:
        if args.config:
            config = Config.load(args.config)
        elif DEFAULT_CONFIG.exists():
            config = Config.load(DEFAULT_CONFIG)
        elif devmod.is_raspberry_pi():
            log.info("no %s: using the Raspberry Pi defaults (gpio reeds, SPI LEDs, SSD1306, PN532 UART)",
                     DEFAULT_CONFIG)
            config = Config.from_dict({"hardware": devmod.PI_DEFAULTS}, source="<Pi defaults>")
        else:
            return _fail(f"no configuration file ({DEFAULT_CONFIG}) and no Raspberry Pi hardware here: run"
                         " `companion sim` for a simulated board, or write a config and pass --config FILE"
                         " (see systemd/companion.toml.example)")
        if args.state:
            config = config.replace(state_dir=Path(args.state))
        for note in config.notes:
            log.warning("%s", note)
    except ConfigError as exc:
        return _fail(str(exc))
    try:
        devices = devmod.build(config.hardware, config.source, config.state_dir)
    except ConfigError as exc:
        from companion.service import flash_mode

        if flash_mode.wanted(config, str(exc)):   # the bed's Pico does not answer: flash it
            return flash_mode.run(config, str(exc))
        return _fail(str(exc))
    return _serve(config, devices, args, web=config.web)


def sim_main(argv: list[str] | None = None) -> int:
    parser = _parser("companion sim", sim=True)
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port}: a port is 0..65535 (0: any free port)")
    _setup_logging(args.verbose)
    from companion.service import devices as devmod

    try:
        config = Config.load(args.config) if args.config else _sim_config()
    except ConfigError as exc:
        return _fail(str(exc))
    for note in config.notes:
        log.warning("%s", note)
    state = Path(args.state) if args.state else user_state_dir()
    web = WebConfig(enabled=not args.no_web, host=args.host, port=args.port, control=True, token="")
    config = config.replace(state_dir=state, web=web, hardware=devmod.ALL_FAKE)
    if args.voice:
        import dataclasses

        config = config.replace(voice=dataclasses.replace(config.voice, enabled=True))
    return _serve(config, devmod.build_fakes(args.bed), args, web=web, sim=True)


#: The laptop's default: one person at seat 1, the computer on every other seat of a game that
#: has computer players (Katzenjammer; maunz. names its AI by colour, so it starts without one:
#: the "AI plays grey" card). Monster Mau Mau's virtual table does the same (virtual_cards.py).
SIM_AI = "2,3,4"


def _sim_config() -> Config:
    import dataclasses

    config = Config(source="<sim>")
    return config.replace(game=dataclasses.replace(config.game, ai=SIM_AI))


def _serve(config: Config, devices, args, web: WebConfig, sim: bool = False) -> int:
    """Run the companion until stopped: `companion run`, or with `sim` the simulator (`companion
    sim`: a virtual card deck, the page's simulated table)."""
    from companion.service.app import Companion
    from companion.service.journal import JournalError
    from companion.service.storage import StorageError
    from hardware.interfaces import HardwareError

    feed = recorder = None
    try:
        if args.feed:
            from companion.service.events import Feed

            from hardware.fakes import FakeReedGrid

            if not isinstance(devices.reed, FakeReedGrid):
                devices.close()
                return _fail(f"--feed {args.feed}: needs fake devices; set backend = \"fake\" in every"
                             " [hardware.*] section")
            feed = Feed(args.feed, devices)
        companion = Companion(config, devices, state_dir=config.state_dir, feed=feed)
    except (JournalError, StorageError, ValueError, HardwareError) as exc:
        devices.close()  # (HardwareError: the configured voice's programs are not installed)
        return _fail(str(exc))
    if sim:
        import secrets

        from companion.service.virtual_cards import VirtualCards

        seed = args.seed if args.seed is not None else secrets.randbits(32)
        # only used while a card game is played; each game's seed is journaled before it deals.
        # Never logged: every game's shuffle is drawn from it, so whoever reads the terminal
        # could deal the computer players' hands (the journal keeps each game's own seed)
        companion.virtual = VirtualCards(seed, journal=companion.journal)
        log.info("virtual card deck: shuffled from %s", "--seed" if args.seed is not None else "a random seed")
    if args.record:
        from companion.service.events import EventFileError, Recorder

        try:
            companion.recorder = Recorder(args.record, companion.record_header(), time.monotonic())
        except EventFileError as exc:
            companion.close()
            return _fail(str(exc))
    log.info("%s", native.describe())
    log.info("state in %s; game %d, %d moves", config.state_dir, companion.journal.current.id,
             len(companion.journal.moves()))
    try:
        asyncio.run(_run(companion, web, sim=sim, remote_args=args))
    except KeyboardInterrupt:
        pass
    finally:
        companion.close()
    return 0


def _remote(companion, args, sim: bool = False) -> bool:
    """Remote play as the flags ask (--remote new|new:CODE|CODE, --broker, --name), or the remote
    game the journal keeps for the game in play (a restart resumes it). False: refused (said).
    A laptop host (`companion sim`) prints the pairing code once: its page may be a spectator's,
    and the code is never logged (a Pi's terminal is the system journal; its OLED shows it)."""
    import dataclasses

    from companion.remote.pairing import PairingError
    from companion.service.config import ConfigError, read_remote
    from companion.service.remote import RemoteSetupError, attach

    config = companion.config
    changes = {}
    if args.broker:
        changes["brokers"] = list(args.broker)
    if args.name:
        changes["name"] = args.name
    if args.ca_file:
        changes["ca_file"] = args.ca_file
    try:
        if changes:
            remote = dataclasses.asdict(config.remote) | changes
            remote["brokers"] = list(remote["brokers"])
            config = config.replace(remote=read_remote(remote, "--broker/--name"))
            companion.config = config
        want = args.remote
        if want is None:
            attach(companion, config=config)
        elif want == "new" or want.startswith("new:"):
            attach(companion, code=want[4:] or None, host=True, config=config)
        else:
            attach(companion, code=want, host=False, config=config)
    except (RemoteSetupError, PairingError, ConfigError) as exc:
        _fail(f"--remote: {exc}")
        return False
    game = companion.remote
    if sim and game.active and game.side == 0:
        print(f"companion: remote game: pairing code {game.pairing.code} (the other companion joins"
              f" with `--remote {game.pairing.code}` or its remote card)", flush=True)
    return True


async def _run(companion, web: WebConfig, sim: bool = False, remote_args=None) -> None:
    from companion.service.notify import Notifier

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(companion.stop()))
    page = None
    if web.enabled:
        from companion.service.webpage import WebPage

        page = WebPage(companion, web, sim=sim)
        try:
            await page.start()
        except SystemExit:
            companion.close()
            raise
    if remote_args is not None and not _remote(companion, remote_args, sim=sim):
        companion.close()
        raise SystemExit(2)
    notifier = Notifier()
    try:
        await companion.run(notifier)
    finally:
        notifier.close()
        if page is not None:
            await page.close()
