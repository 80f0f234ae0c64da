"""The simulator's computer players through every screen a person can open over the table (issue
46, item 9): after a "Why?" a computer seat that had to draw a +3 penalty never drew (its OK press
was taken to close an explanation no longer shown, and the deck waited for it for ever), and a
game card tapped mid-game let a computer's OK confirm a switch of games. The real service with
fake devices and the seeded virtual deck, in virtual time: waits are on state, never sleeps."""
from __future__ import annotations

from companion.games.monster_mau_mau import bot
from tests.test_mmm_virtual_service import setup
from tests.test_mmm_service import step

WHY = ("04:AA:00:00:00:00:09", "maunz:why")


def person_acts(c) -> None:
    """The person (seat 1) plays as the bot would, through the page's hand (taps and presses)."""
    v = c.virtual
    pos = v.deck.position
    event = bot.choose(pos, v.deck.hands[0], v.deck.playable(0))
    v.person(c.table, c.devices, event.kind, event.card, event.wish)


def until(c, clock, pred, steps: int = 400) -> bool:
    for _ in range(steps):
        if pred():
            return True
        step(c, clock, 1)
    return pred()


def shown(c) -> str:
    screen = c.screen.screen
    return getattr(screen, "kind", "message")


def test_a_penalty_after_a_why_is_drawn_and_the_game_goes_to_its_end(tmp_path):
    # QA: "Am Zug: Spieler 2 - 3 Karten ziehen (OK)" stood for 90 s after a Why?
    c, clock = setup(tmp_path, players=3, seed=5)
    v = c.virtual
    penalties = 0
    for _ in range(4000):
        if c.table.phase == "won":
            break
        v.sync(c.table)
        pos = v.deck.position
        if pos.turn != 0:
            penalties += pos.phase == "penalty"
            step(c, clock, 1)
            continue
        # the person's turn: Why? first, read on the OLED, then the person plays (a card tapped
        # changes the table's screen, which ends the explanation without a press)
        c.devices.cards.tap(*WHY)
        step(c, clock, 1)
        assert shown(c) == "why"
        moves = len(c.journal.moves())
        person_acts(c)   # a press now only reads the explanation away: then play again
        assert until(c, clock, lambda: len(c.journal.moves()) > moves or shown(c) != "why", 5)
        if len(c.journal.moves()) == moves:
            person_acts(c)
            assert until(c, clock, lambda: len(c.journal.moves()) > moves, 5)
    assert c.table.phase == "won", c.table.lines()
    assert penalties > 0   # computer seats had penalties to draw after a Why?


def test_computers_wait_while_the_person_reads_and_go_on_after(tmp_path):
    """A Why?, the "new game?" question, the game menu opened by a game card and a service
    message stand over the table while a computer seat is due: no computer acts (its OK would
    read the explanation away or confirm another game), nothing is journaled, the screen stays
    the person's; once it is gone the computer plays on."""
    c, clock = setup(tmp_path, players=3, seed=5)
    v = c.virtual
    v.delay = 1.0   # as at the table: each move is seen for a second before a computer acts
    name = c.game.info.name
    screens = [
        (lambda: c.devices.cards.tap(*WHY), "why", [("ok",)]),
        (lambda: c.devices.buttons.long("ok"), "confirm_new_game", [("back",)]),
        (lambda: (c.devices.buttons.long("ok"), step(c, clock, 1), c.devices.buttons.press("cat")), "menu",
         [("back",), ("back",)]),   # "new game?", CAT: the game menu; BACK closes it, BACK: no
        (lambda: c.devices.cards.tap("04:AA:00:00:00:00:0A", "maunz:game:katzenjammer"),
         "confirm_new_game", [("back",), ("back",)]),
        (lambda: c.devices.cards.tap("04:BB:00:00:00:00:0B", "hello"), "message", []),
    ]
    for open_it, kind, close in screens:
        # the person plays until a computer seat is due
        assert until(c, clock, lambda: v.deck.position.turn == 0 and c.table.phase == "play")
        for _ in range(4):   # a draw, then a pass or a card
            person_acts(c)
            step(c, clock, 1)
            v.sync(c.table)
            if v.deck.position.turn != 0:
                break
        assert v.deck.position.turn != 0
        moves = list(c.journal.moves())
        open_it()
        step(c, clock, 1)
        assert shown(c) == kind
        step(c, clock, 30)   # three seconds: a computer would have acted thrice
        assert c.journal.moves() == moves and shown(c) == kind and c.game.info.name == name
        for (button,) in close:
            c.devices.buttons.press(button)
            step(c, clock, 1)
        # gone (a service message by itself, after its time): the computer plays on
        assert until(c, clock, lambda: len(c.journal.moves()) > len(moves), 100), (kind, shown(c))
        assert c.game.info.name == name
