"""Cat Attack at the table. Mog cards are enrolled as `event` cards (their name is the card:
`C3`, `M5`, `SPEEDY` …): a tap plays it, or puts it down in a cat fight, where the engine checks
its kind. The die is the service's chance draw. What the cat landed on, the Curiosity card's
effect, the hit questions and the end-of-turn questions are picked with the buttons.

An undo that takes back an event after which the die was rolled keeps that roll for the next
roll (the picker's kept draws): pressing 'done' again cannot re-roll a bad number."""
from __future__ import annotations

from companion.games.base import CHANCE
from companion.tables.cat_attack.announce import announce
from companion.games.cat_attack.state import KINDS, SPECIALS, TREATS, treat_count
from companion.tables.cat_attack import refusals, words
from companion.tables.cat_attack.phrases import name
from companion.tables.choicemenu import Group
from companion.tables.picker import PickerTable
from companion.tables.cat_attack.why import CatAttackWhy
from companion.ui import i18n
from companion.words import COLS, Effect, LedCell, LedFrame

#: The larders on the LED grid: one row per seat from the top, one column per treat, lit in the
#: treat's colour (the rulebook's pink fish, white milk, purple cat food, green vitamins).
TREAT_COLOURS = ((90, 160, 255), (150, 100, 60), (255, 255, 255), (255, 90, 160), (0, 200, 0),
                 (160, 0, 200))
RETIRED = LedCell((60, 0, 0), Effect.STEADY)
#: Last: what ends the movement or loses the fight, so that the first choice is a group (safe
#: to open) or a question's harmless answer ("no, gone", "nobody hit").
LAST = ("done", "none", "stayed")


class CatAttackTable(CatAttackWhy, PickerTable):
    refusal_words = refusals
    #: the Mog cards, on the simulator's page to tap when the OLED asks for one (page.mog_cards)
    page_event_cards = tuple(f"{k}{n}" for k in KINDS for n in range(1, 7)) + SPECIALS

    def announce(self, name: str, value) -> str:
        return announce(name, value, self.language)

    def chance_owner(self, position):
        return position.active   # a roll is the active cat's: kept only for its own turn

    def kept_line(self, draws: list[str], reused: bool = False) -> str:
        rolls = ", ".join(d.partition(":")[2] for d in draws)
        key = "ca.kept_reused" if reused else "ca.kept_one" if len(draws) == 1 else "ca.kept_many"
        return self._words(key, rolls=rolls)

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
        return words.group_label(group.key, self.language, self.seat_name)

    def describe(self, event: str) -> str:
        return words.describe(event, self.language, self.seat_name)

    def acknowledge(self, events: tuple) -> bool:
        # a fight's verdict, a hand to swap or a cat retiring: read (and done at the table)
        # first, the OK that says so picks nothing — the die rolled next must not hide it
        return any(name in ("swap_card", "retired", "fight") for name, _ in events)

    def header(self) -> str:
        pos, w = self.position, self._words
        outcome = self.game.outcome(pos)
        if outcome is not None:
            if outcome.winner is None:
                return w("ca.draw")
            return w("ca.wins", name=self.seat_name(outcome.winner))
        seat = self.game.to_move(pos)
        if seat == CHANCE:
            return w("ca.rolling")
        return w("ca.to_act", name=self.seat_name(seat))

    def prompt(self) -> list[str]:
        pos, w = self.position, self._words
        status = [w("ca.status.seat", n=s + 1, lives=pos.lives[s], treats=treat_count(pos.larders[s]))
                  if pos.alive(s) else w("ca.status.retired", n=s + 1) for s in range(pos.seats)]
        if self.game.outcome(pos) is not None:
            return status + [i18n.text("new_game_keys", self.language)]
        out = status
        who = self.seat_name(self.game.to_move(pos)) if pos.turn is not None else ""
        if pos.phase == "fight":  # whose card the fight waits for, by name
            what = name("kind_card", KINDS.index(pos.fight[2]), self.language)
            out.append(w("ca.fight_turn", name=self.seat_name(pos.turn), what=what))
        elif pos.phase in ("card", "move", "hits", "penalty"):
            ask = w(f"ca.ask.{pos.phase}")
            if pos.phase == "move" and pos.segment == "die" and pos.die is not None:
                out.append(w("ca.rolled", name=who, die=pos.die, ask=ask))
            else:
                out.append(w("ca.whose", name=who, ask=ask))
        if pos.active is not None and pos.larders[pos.active] == (1 << len(TREATS)) - 1:
            out.append(w("ca.six"))
        return out
