"""Cat Attack at the table. Mog cards are enrolled as `event` cards (their name is the card:
`C3`, `M5`, `SPEEDY` …): a tap plays it, or puts it down in a cat fight, where the engine checks
its kind. The die is the service's chance draw. What the cat landed on, the Curiosity card's
effect, the hit questions and the end-of-turn questions are picked with the buttons.

An undo that takes back an event after which the die was rolled keeps that roll for the next
roll (the picker's kept draws): pressing 'done' again cannot re-roll a bad number."""
from __future__ import annotations

from companion.games.base import CHANCE
from companion.games.cat_attack.announce import announce
from companion.games.cat_attack.state import KIND_NAMES, KINDS, TREATS, treat_count
from companion.tables.cat_attack import words
from companion.tables.choicemenu import Group
from companion.tables.cat_attack import refusals
from companion.tables.picker import PickerTable
from companion.words import COLS, Effect, LedCell, LedFrame

KINDS_DE = ("Katzen", "Maus", "Vogel")
#: The larders on the LED grid: one row per seat from the top, one column per treat, lit in the
#: treat's colour (the rulebook's pink fish, white milk, purple cat food, green vitamins).
TREAT_COLOURS = ((90, 160, 255), (150, 100, 60), (255, 255, 255), (255, 90, 160), (0, 200, 0),
                 (160, 0, 200))
RETIRED = LedCell((60, 0, 0), Effect.STEADY)
#: Last: what ends the movement or loses the fight, so that the first choice is a group (safe
#: to open) or a question's harmless answer ("no, gone", "nobody hit").
LAST = ("done", "none", "stayed")


class CatAttackTable(PickerTable):
    refusal_words = refusals

    def _de(self) -> bool:
        return self.language == "de"

    def announce(self, name: str, value) -> str:
        return announce(name, value, self.language)

    def chance_owner(self, position):
        return position.active   # a roll is the active cat's: kept only for its own turn

    def kept_line(self, draws: list[str], reused: bool = False) -> str:
        rolls = ", ".join(d.partition(":")[2] for d in draws)
        de, one = self._de(), len(draws) == 1
        if reused:
            return f"Gewürfelt wie zuvor: {rolls}" if de else f"the kept roll: {rolls}"
        if one:
            return (f"Wurf {rolls} gilt beim nächsten Würfeln" if de else
                    f"roll {rolls} stays for the next roll")
        return (f"Würfe {rolls} gelten für die nächsten Würfe" if de else
                f"rolls {rolls} stay for the next rolls")

    def board(self) -> LedFrame:
        cells = {}
        pos = self.position
        for seat in range(pos.seats):
            row = (5 - seat) * COLS
            for treat in range(len(TREATS)):
                if not pos.alive(seat):
                    cells[row + treat] = RETIRED
                elif pos.larders[seat] >> treat & 1:
                    effect = Effect.PULSE if seat == pos.active else Effect.STEADY
                    cells[row + treat] = LedCell(TREAT_COLOURS[treat], effect)
        return LedFrame.from_dict(cells)

    def choices(self) -> list[str]:
        if self.game.to_move(self.position) == CHANCE:
            return []
        legal = super().choices()
        if self.position.phase == "hits":   # the likely answers first: nobody, one cat, several
            legal.sort(key=lambda e: len(e.partition(":")[2].strip("-")))
        last = [e for e in LAST if e in legal]
        return [e for e in legal if e not in last] + last

    def group_of(self, event: str) -> tuple:
        return words.group_of(event)

    def group_label(self, group: Group) -> str:
        return words.group_label(group.key, "de" if self._de() else "en", self.seat_name)

    def describe(self, event: str) -> str:
        return words.describe(event, "de" if self._de() else "en", self.seat_name)

    def acknowledge(self, events: tuple) -> bool:
        # a fight's verdict, a hand to swap or a cat retiring: read (and done at the table)
        # first, the OK that says so picks nothing — the die rolled next must not hide it
        return any(name in ("swap_card", "retired", "fight") for name, _ in events)

    def header(self) -> str:
        de, pos = self._de(), self.position
        outcome = self.game.outcome(pos)
        if outcome is not None:
            if outcome.winner is None:
                return "Unentschieden" if de else "A draw"
            return f"{self.seat_name(outcome.winner)} {'gewinnt' if de else 'wins'}!"
        seat = self.game.to_move(pos)
        if seat == CHANCE:
            return "Würfeln …" if de else "Rolling …"
        return f"{self.seat_name(seat)} {'ist dran' if de else 'to act'}"

    def prompt(self) -> list[str]:
        de, pos = self._de(), self.position
        lives = " ".join(str(n) for n in pos.lives)
        treats = " ".join(str(treat_count(t)) for t in pos.larders)
        status = (f"Leben {lives} · Leckerbissen {treats}" if de else
                  f"lives {lives} · treats {treats}")
        if self.game.outcome(pos) is not None:
            return [status, "neues Spiel: OK lang" if de else "new game: hold OK"]
        ask = {"card": ("Miezekarte antippen", "tap a Mog card"),
               "move": ("Wo gelandet?", "where did your cat land?"),
               "hits": ("Wer wurde getroffen?", "who was hit?"),
               "penalty": ("Noch dort?", "still there?")}.get(pos.phase)
        out = [status]
        if pos.phase == "fight":  # whose card the fight waits for, by name
            kind, who = KINDS.index(pos.fight[2]), self.seat_name(pos.turn)
            out.append(f"Rauferei, {who}: {KINDS_DE[kind]}karte antippen oder 'kann nicht mehr'" if de
                       else f"fight, {who}: tap a {KIND_NAMES[kind]} card or 'cannot match'")
        elif ask:
            if pos.phase == "move" and pos.segment == "die" and pos.die is not None:
                ask = (f"{pos.die} gewürfelt: {ask[0]}", f"rolled {pos.die}: {ask[1]}")
            out.append(ask[not de])
        if pos.active is not None and pos.larders[pos.active] == (1 << len(TREATS)) - 1:
            out.append("6/6: genau nach Hause würfeln" if de else "6/6: now roll home exactly")
        return out
