"""`companion cards write-deck GAME` and `companion cards enrol-deck GAME`: give every card of a
card game its identity on the reader.

write-deck walks through the deck in its printed order; for each sticker tapped it writes an NDEF
text record naming the card (hardware/ntag.py: NTAG WRITE page by page, then a read-back) and
moves on. A sticker that is not an NTAG21x, is locked or too small is refused with one line and
the same card is asked for again. enrol-deck is the fallback for cards that already carry a tag
that cannot be written: each tapped UID is stored for its card in the journal database (a deck
of event cards, Cats' and Cat Attack's: as that event card in the card table, deck_store.EventCards).
"""
from __future__ import annotations

import importlib
import os
import select
import time
from typing import Callable

from companion.games import info as game_info
from companion.service.deck_store import DeckStore
from hardware.cards import TapDebouncer
from hardware.ntag import NtagError, TagRefused, write_text
from hardware.pn532 import PN532, PN532Error, PN532FrameError, Target

SKIP = "skip"


def load_deck(game: str):
    """(the game's deck module, its printed order); GameError for an unknown game, ValueError
    for a game without cards."""
    name = game_info(game).name
    try:
        module = importlib.import_module(f"companion.games.{name.replace('-', '_')}.deck")
    except ModuleNotFoundError:
        raise ValueError(f"{name} has no deck of cards to write; write-deck knows the decks of"
                         " monster-mau-mau, cats (reaction cards) and cat-attack (Mog cards)") from None
    return module, module.printed_order()


def wait_target(pn532: PN532, debounce: TapDebouncer, stdin, timeout: float,
                interval: float = 0.05) -> Target | str | None:
    """The next sticker tapped (a held one counts once), SKIP when Enter was pressed, None when
    time ran out. Reader link trouble is retried."""
    try:
        fd = stdin.fileno() if os.isatty(stdin.fileno()) else None
    except (AttributeError, OSError, ValueError):
        fd = None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            target = pn532.target()
        except PN532FrameError:
            debounce.current = None
            continue
        if debounce.update(None if target is None else target.uid):
            return target
        if fd is not None:
            if select.select([fd], [], [], interval)[0]:
                stdin.readline()
                return SKIP
        else:
            time.sleep(interval)
    return None


class DeckWriter:
    """Decides what to do with each sticker tapped; prints one line per sticker."""

    def __init__(self, pn532: PN532, deck_module, out, *, controls: dict[str, str] | None = None,
                 overwrite: bool = False) -> None:
        self.pn532 = pn532
        self.deck = deck_module
        self.out = out
        self.controls = controls or {}
        self.overwrite = overwrite
        self.done: dict[str, str] = {}  # UID -> face written in this run

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def offer(self, target: Target, card) -> bool:
        """Write `card` to the tapped sticker; True when the card is done."""
        uid = target.uid.hex(":").upper()
        if uid in self.done:
            self.say(f"  {uid} is card {self.done[uid]} already (written just now); take the next"
                     " sticker")
            return False
        if uid in self.controls:
            self.say(f"  {uid} is the maunz. control card '{self.controls[uid]}'; take a blank"
                     " sticker")
            return False
        try:
            old = self.pn532.read_ndef_text(target.tg)
        except PN532Error:
            old = None  # not readable as Type 2: write_text tells why
        if old == card.text:
            self.done[uid] = card.face
            self.say(f"  {uid} holds {old!r} already: done")
            return True
        other = self.deck.face_of_text(old)   # first: an event card's text is a maunz: text too
        if other is None and old and old.startswith(self.deck.CONTROL_PREFIX):
            self.say(f"  {uid} is a maunz. control card ({old!r}); take a blank sticker")
            return False
        if other is not None and not self.overwrite:
            self.say(f"  {uid} is card {other} of the deck already ({old!r}); take a blank"
                     " sticker, or pass --overwrite to rewrite it")
            return False
        try:
            written = write_text(self.pn532, target, card.text)
        except TagRefused as exc:
            self.say(f"  {uid} refused: {exc}")
            return False
        except NtagError as exc:
            self.say(f"  {uid} not written: {exc}")
            return False
        self.done[uid] = card.face
        self.say(f"  {uid} -> {card.text!r} ({written.ntag.name}, pages 4-{3 + written.pages},"
                 " read back and verified)")
        return True


def write_deck(writer: DeckWriter, order: list, wait: Callable[[], Target | str | None],
               start: int = 1) -> int:
    """Walk the deck from card number `start`; the number of cards done. Stops when `wait`
    gives up (None), saying where to resume."""
    n = 0
    i = start - 1
    while i < len(order):
        card = order[i]
        writer.say(f"[{i + 1}/{len(order)}] {card.label}: tap a sticker for {card.text!r}"
                   " (Enter skips)")
        while True:
            target = wait()
            if target is None:
                writer.say(f"no sticker tapped; stopped at card {i + 1}. Resume with --start {i + 1}")
                return n
            if target == SKIP:
                writer.say("  skipped")
                break
            if writer.offer(target, card):
                n += 1
                break
        i += 1
    writer.say(f"{n} cards written" + ("" if start == 1 else f" (from card {start})"))
    return n


def enrol_deck(store: DeckStore, game: str, order: list, wait, out, start: int = 1,
               controls: dict[str, str] | None = None) -> int:
    """Tap each card of the deck in the printed order; its UID is stored for it."""
    known = store.cards(game)
    n = 0
    for i in range(start - 1, len(order)):
        card = order[i]
        print(f"[{i + 1}/{len(order)}] {card.label}: tap the card (Enter skips)", file=out, flush=True)
        while True:
            target = wait()
            if target is None:
                print(f"no card tapped; stopped at card {i + 1}. Resume with --start {i + 1}", file=out)
                return n
            if target == SKIP:
                print("  skipped", file=out)
                break
            uid = target.uid.hex(":").upper()
            if uid in (controls or {}):
                print(f"  {uid} is the maunz. control card '{controls[uid]}'; tap the game card",
                      file=out, flush=True)
                continue
            if uid in known and known[uid] != card.face:
                print(f"  {uid} is enrolled as {known[uid]} already; tap the card {card.face}",
                      file=out, flush=True)
                continue
            store.add(uid, game, card.face)
            known[uid] = card.face
            print(f"  {uid} -> {card.face}", file=out, flush=True)
            n += 1
            break
    print(f"{n} cards enrolled", file=out)
    return n
