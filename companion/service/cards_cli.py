"""`companion cards`: enrol, add, list and remove control cards.

    companion cards enrol [--functions new_game,undo,...] [--timeout S]   tap each card when asked
    companion cards add UID FUNCTION [NAME]
    companion cards list
    companion cards remove UID
    companion cards write-deck GAME [--start N] [--port TTY] [--list]   an NDEF record on each card
    companion cards enrol-deck GAME [--start N] [--port TTY]            fallback: each card's UID

GAME is monster-mau-mau, cats (its 60 reaction cards: the stickers get `maunz:event:miau:3@7`,
enrol-deck stores each UID as that event card; then its 9 secret cat and character cards,
`maunz:secret:cat:3`, for set-up with the players' own cards) or cat-attack (its 63 Mog cards,
likewise).

Enrolling opens the card reader named in the config ([hardware.cards]); stop the service first
(`sudo systemctl stop companion`) because it holds the reader. While the service runs, an unknown
card tapped during play shows its UID and the `cards add` line to type.
"""
from __future__ import annotations

import os
import select
import sqlite3
import sys
import time

from companion.service import statedir
from companion.service.cards import CardError, CardStore, DamagedCard, clean_name, functions as card_functions
from companion.service.config import Config, ConfigError
from companion.service.journal import DB_NAME, JournalError, connect
from companion.cliargs import OneLineParser


def _store(args) -> CardStore:
    path = statedir.resolve(args)
    path.mkdir(parents=True, exist_ok=True)
    return CardStore(connect(path / DB_NAME))


def open_reader(args, threaded: bool = True):
    """The configured card reader alone (every other device fake, so the GPIOs stay free).
    threaded=False: nothing polls behind the caller's back (writing stickers)."""
    from companion.service.devices import build

    config = Config.load(args.config) if args.config else None
    if config is None:
        from companion.service.config import DEFAULT_CONFIG

        if not DEFAULT_CONFIG.exists():
            raise ConfigError(str(DEFAULT_CONFIG), None, None, "file not found",
                              "pass --config FILE naming the [hardware.cards] reader")
        config = Config.load(DEFAULT_CONFIG)
    hw = {name: {"backend": "fake"} for name in ("reed", "leds", "buttons")}
    hw["display"] = {"backend": "none"}
    hw["cards"] = dict(config.hardware.get("cards", {}))
    if not threaded:
        hw["cards"].update(threaded=False, read_text=False)
    for key in ("wiring", "gpio"):
        if key in config.hardware:
            hw[key] = dict(config.hardware[key])
    devices = build(hw, config.source)
    if type(devices.cards).__name__ == "NullCardReader":
        devices.close()
        raise ConfigError(config.source, "hardware.cards", "backend", "no card reader available",
                          "connect the PN532 and check its mode switches")
    return devices


def wait_tap(reader, stdin, timeout: float, pending: list | None = None) -> str | None:
    """The UID of the next card tapped, or None when Enter was pressed or time ran out.
    ``pending`` keeps taps that arrived together for the next call."""
    pending = [] if pending is None else pending
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        fd = None
    deadline = time.monotonic() + timeout
    while True:
        pending.extend(reader.poll())
        if pending:
            return pending.pop(0).uid_hex
        if time.monotonic() >= deadline:
            return None
        if fd is not None and os.isatty(fd):
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                stdin.readline()
                return None
        else:
            time.sleep(0.02)


def _confirm_replace(store: CardStore, uid: str, function: str, name: str, stdin, out) -> bool:
    """A card already enrolled for something else: ask before it changes (Enter keeps it)."""
    old = store.get(uid)
    if old is None or (old.function, old.name) == (function, name):
        return True
    was = f"{old.function}{' ' + old.name if old.name else ''}"
    print(f"  {uid} is already the '{was}' card; make it '{function}' instead? [y/N] ", end="",
          file=out, flush=True)
    if stdin.readline().strip().lower() in ("y", "yes", "j", "ja"):
        return True
    print(f"  kept {uid} as '{was}'; '{function}' has no card yet", file=out, flush=True)
    return False


def enrol(store: CardStore, reader, functions, *, stdin=sys.stdin, out=sys.stdout, timeout: float = 30.0) -> int:
    n = 0
    pending: list = []
    helps = card_functions()
    asks = [(f, "", f"Tap the card for '{f}' ({helps[f]}); Enter skips")
            for f in functions if f not in ("player", "game")]
    if "game" in functions:  # one card per game that has a table
        from companion import tables
        from companion.games import info

        asks += [("game", name, f"Tap the card for a new game of {info(name).title}; Enter skips")
                 for name in tables.names()]
        if tables.has("maunz"):
            asks.append(("game", "puzzle", "Tap the card for maunz. puzzles; Enter skips"))
    for function, name, prompt in asks:
        print(prompt, file=out, flush=True)
        uid = wait_tap(reader, stdin, timeout, pending)
        if uid is None:
            print("  skipped", file=out)
            continue
        if not _confirm_replace(store, uid, function, name, stdin, out):
            continue
        store.add(uid, function, name, replace=True)
        print(f"  {uid} -> {function}{' ' + name if name else ''}", file=out, flush=True)
        n += 1
    if "player" in functions:
        while True:
            print("Tap a player's card (Enter when done)", file=out, flush=True)
            uid = wait_tap(reader, stdin, timeout, pending)
            if uid is None:
                break
            print(f"  {uid}: name? ", end="", file=out, flush=True)
            name = clean_name(stdin.readline())
            if not name:
                print("  no name given, card not stored", file=out)
                continue
            if not _confirm_replace(store, uid, "player", name, stdin, out):
                continue
            store.add(uid, "player", name, replace=True)
            print(f"  {uid} -> player {name}", file=out, flush=True)
            n += 1
    return n


def main(argv: list[str] | None = None) -> int:
    p = OneLineParser(prog="companion cards", description="control cards over RFID")
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("enrol", help="tap each card when asked")
    known = card_functions()
    e.add_argument("--functions", help=f"comma-separated subset of: {','.join(known)}")
    e.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for each tap")
    a = sub.add_parser("add", help="map a card UID to a function")
    a.add_argument("uid")
    a.add_argument("function", choices=list(known))
    a.add_argument("name", nargs="?", default="",
                   help="the player's name (function 'player') or the game (function 'game')")
    a.add_argument("--replace", action="store_true", help="re-enrol a card that is already enrolled")
    sub.add_parser("list", help="the enrolled cards")
    r = sub.add_parser("remove", help="forget a card")
    r.add_argument("uid")
    for name, help_ in (("write-deck", "write an NDEF text record naming each card of a game"),
                        ("enrol-deck", "fallback: store the UID of each card of a game")):
        d = sub.add_parser(name, help=help_)
        d.add_argument("game", help="the game whose deck: monster-mau-mau, cats (reaction cards)"
                                    " or cat-attack (Mog cards)")
        d.add_argument("--start", type=int, default=1, help="begin at this card of the printed order")
        d.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for each tap")
        d.add_argument("--port", help="the PN532's serial port (HSU), instead of the config's reader")
        if name == "write-deck":
            d.add_argument("--overwrite", action="store_true", help="rewrite stickers of the deck")
            d.add_argument("--list", action="store_true", help="only print the order of the cards")
    for sp in (e, a, r, sub.choices["list"], sub.choices["write-deck"], sub.choices["enrol-deck"]):
        statedir.add_arguments(sp)
    args = p.parse_args(argv)
    if args.cmd in ("write-deck", "enrol-deck"):
        return deck_command(args)
    try:
        store = _store(args)
        if args.cmd == "add":
            card = store.add(args.uid, args.function, args.name, replace=args.replace)
            print(f"{card.uid} -> {card.function}{' ' + card.name if card.name else ''}")
        elif args.cmd == "list":
            cards = store.all()
            if not cards:
                print("no cards enrolled; `companion cards enrol` or `companion cards add UID FUNCTION`")
            for c in cards:
                if isinstance(c, DamagedCard):
                    print(f"{c.uid:<30} DAMAGED    {c.problem()}")
                else:
                    print(f"{c.uid:<30} {c.function:<10} {c.name}")
        elif args.cmd == "remove":
            if not store.remove(args.uid):
                print(f"companion cards: no card {args.uid} enrolled; `companion cards list` shows them",
                      file=sys.stderr)
                return 1
            print(f"removed {args.uid}")
        else:
            known = card_functions()
            functions = list(known)
            if args.functions:
                functions = [f.strip() for f in args.functions.split(",") if f.strip()]
                bad = [f for f in functions if f not in known]
                if bad:
                    raise CardError(f"--functions: unknown {', '.join(bad)}; use: {','.join(known)}")
            devices = open_reader(args)
            try:
                n = enrol(store, devices.cards, functions, timeout=args.timeout)
            finally:
                devices.close()
            print(f"{n} cards enrolled")
    except (ConfigError, CardError, JournalError) as exc:
        print(f"companion cards: {exc}", file=sys.stderr)
        return 2
    except sqlite3.Error as exc:  # a damaged journal: one line, not a traceback
        from companion.service.storage import describe, recover_hint

        state = statedir.resolve(args)
        print(f"companion cards: journal {state / DB_NAME} cannot be used ({describe(exc)}):"
              f" {recover_hint(state)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


def deck_command(args, stdin=None, out=None) -> int:
    """write-deck / enrol-deck: one line on stderr and status 2 for a bad game, config or reader."""
    from companion.games import GameError
    from companion.service import deck_writer
    from companion.service.deck_store import DeckStore, EventCards
    from hardware.cards import TapDebouncer
    from hardware.interfaces import HardwareError

    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    devices = pn532 = None
    try:
        module, order = deck_writer.load_deck(args.game)
        if not 1 <= args.start <= len(order):
            raise ValueError(f"--start {args.start}: the deck has cards 1-{len(order)}")
        if args.cmd == "write-deck" and args.list:
            for i, card in enumerate(order, 1):
                print(f"{i:3}  {card.text:<8} {card.label}", file=out)
            return 0
        store = _store(args)
        controls = {c.uid: c.function for c in store.all()}
        if args.port:
            from hardware.pn532 import PN532, UartTransport

            pn532 = PN532(UartTransport(args.port))
            pn532.firmware_version()
            pn532.setup()
        else:
            devices = open_reader(args, threaded=False)
            from hardware.cards import PN532CardReader

            pn532 = devices.cards.pn532 if isinstance(devices.cards, PN532CardReader) else None
            if pn532 is None:
                raise ConfigError(str(args.config or "config"), "hardware.cards", "backend",
                                  "writing cards needs the PN532", "use pn532_uart or pn532_i2c, or --port")
        debounce = TapDebouncer(absent_polls=2)

        def wait():
            return deck_writer.wait_target(pn532, debounce, stdin, args.timeout)

        name = module.GAME
        if args.cmd == "write-deck":
            print(f"Sort the {len(order)} cards of {name} in this order and tap a sticker for each"
                  " (`--list` prints the order).", file=out)
            writer = deck_writer.DeckWriter(pn532, module, out, controls=controls,
                                            overwrite=args.overwrite)
            deck_writer.write_deck(writer, order, wait, args.start)
        elif module.ENROLS == "event":   # Cats, Cat Attack: event cards
            events = EventCards(store, (card.face for card in order), module.function_of)
            known = events.cards(name)
            deck_writer.enrol_deck(events, name, order, wait, out, args.start,
                                   {uid: f for uid, f in controls.items() if uid not in known})
        else:
            deck_writer.enrol_deck(DeckStore(store.conn), name, order, wait, out,
                                   args.start, controls)
    except (ConfigError, CardError, JournalError, GameError, HardwareError, ValueError) as exc:
        print(f"companion cards: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        if devices is not None:
            devices.close()
        elif pn532 is not None:
            pn532.close()
    return 0
