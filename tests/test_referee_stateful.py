"""Physical events against the referee, driven by hypothesis.

Random noise (lifts, places, bounces, cards, buttons, device events, time) is interleaved with
legal moves carried out step by step as a person would (`companion.tables.maunz.script`), chosen
with a bias toward the turns that reach the rarer phases: graduations, retirements, cat
placements with a kitten also in the pool (ask_kind) and wins. Games start at the opening, after
a random or a cat-rich prefix, or from hand-made end-game positions.

Invariants: the referee never crashes, never commits an illegal move, commits a move only when
the sensed bed equals the committed bed, and its committed position is always the engine's
replay of its committed moves. A move carried out with no noise since the last commit is
committed exactly as intended, and only once its last step is done.

`test_every_phase_is_reached` runs the machine with a fixed seed and asserts that the phases
were really seen (boops, choose, ask_kind, won, correction, ...), so the coverage is measured,
not assumed.
"""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, event, settings, strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule, run_state_machine_as_test)

from companion.tables.maunz import MaunzTable
from companion.tables.maunz.script import actions, needs_ok
from companion.tables.maunz.testing import GAME
from hardware.interfaces import SQUARES, DeviceEvent, LedFrame

PHASES = {"await_placement", "ask_kind", "boops", "choose", "correction", "won", "paused",
          "confirm_new_game"}
CARDS = ["new_game", "undo", "cat", "hint", "ai_orange", "ai_grey", "ai_off", "language"]
STEP = 0.3  # a person's pace between two steps of a move: longer than the settle time

# End-game positions, checked to parse (and be valid) at import time.
HANDMADE = [
    # orange cats a1 b1, both kinds in the pool: "cc1" wins (ask_kind first), "kc1" graduates
    "6/6/6/2g3/6/OO4 o 3k3c 7k0c",
    # grey cats on a diagonal with a gap, grey holds only cats: "cc3" wins
    "6/6/6/3o2/3G2/G5 g 7k0c 0k6c",
    # orange has 7 on the bed and one cat left: any placement puts all 8 down (retire one)
    "o1o1o1/6/o1o1o1/6/O5/6 o 0k1c 8k0c",
    # orange kittens b2 c2 with a cat in the pool too: a line of three with a kitten pushed
    "6/6/6/6/1oo3/g5 o 5k1c 7k0c",
    # 7 orange cats on the bed and one in the pool: placing it anywhere wins (all 8 cats)
    "O1O1O1/6/O1O1O1/6/O5/6 o 0k1c 8k0c",
]
for _text in HANDMADE:
    GAME.parse_position(_text)


def bed_after(occ: int, steps) -> int:
    for what, sq in steps:
        if what == "place":
            occ |= 1 << sq
        elif what == "lift":
            occ &= ~(1 << sq)
    return occ


def is_win(pos, move) -> bool:
    return GAME.apply(pos, move).winner is not None


def is_ask_kind(pos, move) -> bool:
    k, c = pos.pool(pos.turn)
    return bool(k and c)


def special_moves(pos, win: bool = True) -> list:
    """The moves that reach the rare phases: wins (if `win` and there are any), else
    graduations/retirements and placements with both kinds in the pool."""
    legal = GAME.legal_moves(pos)
    wins = [m for m in legal if is_win(pos, m)]
    if wins and win:
        return wins
    return [m for m in legal if m.choice or is_ask_kind(pos, m)] or legal


def prefix(rng: random.Random, length: int, biased: bool):
    """A game prefix: uniform random moves, or moves that prefer graduations and cats (so the
    pools fill with cats and wins come near). Never plays a winning move."""
    pos, moves = GAME.initial_position(), []
    for _ in range(length):
        legal = [m for m in GAME.legal_moves(pos) if not is_win(pos, m)]
        if not legal:
            break
        if biased:
            grads = [m for m in legal if m.choice]
            cats = [m for m in legal if m.kind == "c"]
            legal = grads if grads and rng.random() < 0.8 else cats if cats else legal
        move = rng.choice(legal)
        moves.append(GAME.format_move(pos, move))
        pos = GAME.apply(pos, move)
    return moves


class RefereeMachine(RuleBasedStateMachine):
    # examples that saw each phase, over the life of the class (see test_every_phase_is_reached)
    phase_examples: Counter = Counter()
    # clean moves checked to be committed exactly as carried out, by category
    checked_moves: Counter = Counter()

    # ---------------------------------------------------------------- start
    @initialize(start=st.sampled_from(["opening", "random", "cats", "cats", "handmade",
                                       "handmade"]),
                seed=st.integers(0, 10**6), length=st.integers(0, 60),
                handmade=st.sampled_from(HANDMADE), ai=st.sampled_from([None, None, 0, 1]))
    def start_a_game(self, start, seed, length, handmade, ai):
        """The opening, a random game part-way, a cat-rich game part-way, or an end game."""
        rng = random.Random(seed)
        if start == "handmade":
            self.ref = MaunzTable(GAME, handmade, ai_seats=() if ai is None else (ai,))
        else:
            moves = [] if start == "opening" else prefix(rng, length, start == "cats")
            self.ref = MaunzTable(GAME, moves=moves, ai_seats=() if ai is None else (ai,))
        event(f"start: {start}")
        self.t = 0.0
        self.occ = self.ref.position.occupied
        self.phases: set[str] = set()
        self.plan: list[tuple[str, int | None]] = []  # steps of the move being carried out
        self.move_text: str | None = None
        self.move_from = None  # committed position when the move was started
        self.clean = True      # no noise since the last commit: the move must read exactly
        self.quiet = False     # a move is being carried out with no noise in between
        self.ref.on_scan(self.occ, self.t)
        self.after_input()

    def teardown(self):
        for phase in getattr(self, "phases", ()):
            type(self).phase_examples[phase] += 1

    # ---------------------------------------------------------------- plumbing
    def after_input(self) -> None:
        """After every input to the referee: check its commits, note the phase."""
        for c in self.ref.drain_commits():
            pos = GAME.parse_position(c.position)
            if c.kind == "move":
                # committed only when the bed is exactly the position's bed
                assert pos.occupied == self.occ, (c, bin(self.occ))
                if self.move_text is not None and self.clean:
                    # a clean move is read exactly as carried out, and only when it is done
                    assert c.move == self.move_text, (c.move, self.move_text)
                    if any(what != "ok" for what, _ in self.plan):
                        # Only if the steps left would not change the bed: the AI's
                        # retirement of a piece it pushes is known, so lifting that piece
                        # from its push source already ends the move.
                        assert self.ref.ai_colour == self.move_from.turn, (c.move, self.plan)
                        assert bed_after(self.occ, self.plan) == self.occ, (c.move, self.plan)
                        event("an AI move committed before its net-zero last steps")
                    event("checked: a clean move committed as carried out")
                    type(self).checked_moves[self.move_category] += 1
                    self.move_done()
                elif self.move_text is not None:
                    event("a move after noise committed as "
                          + ("carried out" if c.move == self.move_text else "something else"))
                self.clean = True  # a fresh turn: nothing left over from noise
            elif c.kind in ("undo", "new_game"):
                self.move_done()
        phase = self.ref.phase
        if phase not in self.phases:
            self.phases.add(phase)
            event(f"phase: {phase}")

    def move_done(self) -> None:
        self.plan, self.move_text, self.move_from = [], None, None
        self.quiet = False

    def noise(self) -> None:
        """An input that is not part of carrying out the chosen move."""
        self.clean = False
        if self.plan:
            event("noise between the steps of a move")

    def scan(self, occ: int) -> None:
        self.occ = occ
        self.ref.on_scan(occ, self.t)
        self.after_input()

    def wait(self, dt: float) -> None:
        self.t += dt
        self.ref.tick(self.t)
        self.after_input()

    def press(self, name: str, kind: str = "press") -> None:
        self.ref.on_button(name, kind, self.t)
        self.after_input()

    # ---------------------------------------------------------------- noise
    # Two rules only (each drawing what happens), so that hypothesis, which picks among the
    # enabled rules evenly, leaves enough room for the moves.
    @precondition(lambda self: not self.quiet)
    @rule(what=st.one_of(
        st.tuples(st.just("toggle"), st.integers(0, SQUARES - 1)),
        st.tuples(st.just("bounce"), st.integers(0, SQUARES - 1), st.floats(0.001, 0.2)),
        st.tuples(st.just("pause"), st.sampled_from([1.0, 3.5])),
        st.tuples(st.just("fix_the_bed"))))
    def bed_noise(self, what):
        """A piece lifted or placed at random, a reed bouncing, a long pause, or someone putting
        the bed back as the committed position says it should be."""
        self.noise()
        if what[0] == "toggle":
            self.scan(self.occ ^ 1 << what[1])
        elif what[0] == "bounce":
            before = self.occ
            self.scan(before ^ 1 << what[1])
            self.t += what[2]
            self.scan(before)
        elif what[0] == "pause":
            self.wait(what[1])
        else:
            self.scan(self.ref.position.occupied)
            self.wait(STEP)

    @precondition(lambda self: not self.plan and self.ref.phase == "correction"
                  and self.ref.state().restore == self.ref.position.occupied
                  and self.ref.ai_colour != self.ref.position.turn
                  and self.ref.position.winner is None)  # a won game has no next move to place
    @rule(gap=st.sampled_from([0.0, 0.05, 0.3]), tick=st.booleans(), index=st.integers(0, 10**6),
          graduate_first=st.booleans())
    def fix_the_bed_and_place_at_once(self, gap, tick, index, graduate_first):
        """Someone puts the bed right and at once -- faster than the settle time, or before the
        loop ticked -- puts down the next move's first piece. When that ended the restore, the
        move that follows is a clean turn: it must be committed exactly as carried out."""
        self.noise()
        self.scan(self.ref.position.occupied)
        if tick:
            self.wait(gap)
        else:
            self.t += gap
        self.start(GAME.legal_moves(self.ref.position), index, graduate_first, False, True)
        what, sq = self.plan.pop(0)
        self.scan(self.occ | 1 << sq)
        if self.ref.state().restore is None:
            event("restore ended, the next piece placed at once")
            self.clean = True
        self.wait(STEP)  # (the placement settles, as after any step)
        if self.clean and self.move_text is not None:  # (a one-step move is committed already)
            self.finish()

    @precondition(lambda self: not self.quiet)
    @rule(what=st.one_of(
        st.tuples(st.just("button"), st.sampled_from(["ok", "back", "cat"]),
                  st.sampled_from(["press", "long"])),
        st.tuples(st.just("card"), st.sampled_from(CARDS)),
        st.tuples(st.just("player"), st.sampled_from(["Anna", "Jörg"])),
        st.tuples(st.just("device"), st.sampled_from(["reset", "offline", "online", "warning"])),
        st.tuples(st.just("ai"), st.integers(0, 10**6))))
    def control_noise(self, what):
        """Buttons, cards, device events and AI/hint answers at random moments."""
        self.noise()
        if what[0] == "button":
            self.ref.on_button(what[1], what[2], self.t)
        elif what[0] == "card":
            self.ref.on_card(what[1], self.t)
        elif what[0] == "player":
            self.ref.on_card("player", self.t, what[1])
        elif what[0] == "device":
            self.ref.on_device_event(DeviceEvent(what[1], "bridge"), self.t)
        else:
            view = self.ref.view()
            if view.wants_ai or view.wants_hint:
                moves = GAME.legal_moves(self.ref.position)
                self.ref.on_ai_move(moves[what[1] % len(moves)])
        self.after_input()

    @rule(dt=st.sampled_from([0.05, 0.3, 1.0]))
    def advance(self, dt):
        """Time passes (shorter than the correction delay: also between a move's steps)."""
        self.wait(dt)

    # ---------------------------------------------------------------- legal moves, step by step
    def can_start(self) -> bool:
        ref = self.ref
        return (not self.plan and ref.phase == "await_placement"
                and self.occ == ref.position.occupied and ref.position.winner is None)

    def start(self, moves, index: int, graduate_first: bool, declare: bool, quiet: bool) -> None:
        ref = self.ref
        pos = ref.position
        sugg = ref._suggestion  # the AI's move, once chosen, is the only one accepted
        if ref.view().wants_ai:
            move = moves[index % len(moves)]
            ref.on_ai_move(move)
            self.after_input()
        elif sugg is not None and sugg.ai:
            move = sugg.move
        else:
            move = moves[index % len(moves)]
        move = GAME.parse_move(pos, GAME.format_move(pos, move))  # canonical choice
        if ref._declared_cat and move.kind == "k":
            self.press("cat")  # withdraw an earlier "cat" declaration
        elif declare and move.kind == "c" and not ref._declared_cat and pos.pool(pos.turn)[0]:
            self.press("cat")  # declare the cat beforehand instead of answering afterwards
        self.move_text, self.move_from = GAME.format_move(pos, move), pos
        self.quiet = quiet
        self.plan = list(actions(GAME, pos, move, graduate_first=graduate_first))
        if needs_ok(GAME, pos, move):
            self.plan.append(("ok", None))
        self.move_category = ("win" if is_win(pos, move) else "choice" if move.choice
                              else "kind" if is_ask_kind(pos, move) else "plain")
        event("move: " + self.move_category)

    @precondition(can_start)
    @rule(index=st.integers(0, 10**6), graduate_first=st.booleans(), declare=st.booleans(),
          quiet=st.booleans())
    def start_a_legal_move(self, index, graduate_first, declare, quiet):
        """A person starts carrying out any legal move (continued by `step` / `finish`), with
        or without noise allowed between its steps."""
        self.start(GAME.legal_moves(self.ref.position), index, graduate_first, declare, quiet)

    @precondition(can_start)
    @rule(index=st.integers(0, 10**6), graduate_first=st.booleans(), declare=st.booleans(),
          quiet=st.booleans(), win=st.booleans())
    def start_a_special_move(self, index, graduate_first, declare, quiet, win):
        """... a win (if `win` and there is one), else a graduation, retirement or kitten/cat
        choice."""
        self.start(special_moves(self.ref.position, win), index, graduate_first, declare, quiet)

    @precondition(lambda self: bool(self.plan))
    @rule()
    def step(self):
        """One physical step of the move: place, lift, or press OK for an ambiguous ending."""
        what, sq = self.plan.pop(0)
        if what == "ok":
            if self.ref.phase == "choose":
                self.press("ok")
        else:
            self.scan(self.occ | 1 << sq if what == "place" else self.occ & ~(1 << sq))
            self.wait(STEP)

    def answer(self) -> None:
        kind = self.move_text[0] if self.move_text else "k"
        self.press("ok" if kind == "k" else "cat")

    @precondition(lambda self: self.ref.phase == "ask_kind")
    @rule(card=st.booleans())
    def answer_kind(self, card):
        """Kitten or cat? The answer that fits the move carried out (OK, CAT button or card)."""
        if card and self.move_text and self.move_text[0] == "c":
            self.ref.on_card("cat", self.t)
            self.after_input()
        else:
            self.answer()

    @precondition(lambda self: bool(self.plan))
    @rule()
    def finish(self):
        """Carry out the rest of the move, answering the kitten/cat question; a clean move is
        then committed exactly as intended."""
        text, clean = self.move_text, self.clean
        while self.plan:
            self.step()
            if self.ref.phase == "ask_kind":
                self.answer()
        if self.ref.phase == "ask_kind":
            self.answer()
        self.wait(STEP)
        self.quiet = False
        if clean:
            assert self.ref.moves and self.ref.moves[-1] == text, (text, self.ref.moves)
            assert self.move_text is None

    @precondition(lambda self: self.can_start() and self.clean)
    @rule(index=st.integers(0, 10**6), graduate_first=st.booleans(), win=st.booleans())
    def play_a_special_move(self, index, graduate_first, win):
        """A whole turn without noise, to get deep into a game."""
        self.start(special_moves(self.ref.position, win), index, graduate_first, False, True)
        self.finish()

    # ---------------------------------------------------------------- invariants
    @invariant()
    def committed_position_is_the_engines_replay(self):
        pos = self.ref.start_position
        for text in self.ref.moves:
            move = GAME.parse_move(pos, text)  # raises on an illegal move
            assert GAME.format_move(pos, move) == text
            pos = GAME.apply(pos, move)
        assert pos == self.ref.position

    @invariant()
    def view_is_well_formed(self):
        v = self.ref.view()
        assert isinstance(v.leds, LedFrame) and len(v.leds.cells) == SQUARES
        assert v.phase in PHASES and v.phase == self.ref.phase
        assert v.leds == self.ref.view().leds  # nothing changed: the same frame
        assert isinstance(v.instruction, str)
        if v.phase == "won":
            assert v.winner is not None

    @invariant()
    def a_started_move_belongs_to_the_committed_position(self):
        if self.move_from is not None and self.ref.position != self.move_from:
            self.move_done()  # the turn ended otherwise (noise): drop the rest


TestRefereeStateful = RefereeMachine.TestCase
TestRefereeStateful.settings = settings(max_examples=150, stateful_step_count=40, deadline=None,
                                        derandomize=True, database=None,
                                        suppress_health_check=[HealthCheck.too_slow])

WANTED = {"await_placement", "ask_kind", "boops", "choose", "correction", "won", "paused",
          "confirm_new_game"}


def test_every_phase_is_reached():
    """With a fixed seed, the machine really reaches every phase (and checks its invariants
    on the way)."""
    class Counted(RefereeMachine):
        phase_examples = Counter()
        checked_moves = Counter()

    run_state_machine_as_test(Counted, settings=settings(
        max_examples=250, stateful_step_count=40, deadline=None, derandomize=True, database=None,
        suppress_health_check=list(HealthCheck)))
    seen = Counted.phase_examples
    print("examples per phase:", dict(sorted(seen.items())))
    print("clean moves checked:", dict(sorted(Counted.checked_moves.items())))
    assert WANTED <= set(seen), f"never reached: {WANTED - set(seen)}"
    assert min(seen[p] for p in WANTED) >= 5, seen
    # wins, graduations/retirements and kitten/cat answers were each carried out physically
    # and committed exactly as intended
    assert {"win", "choice", "kind", "plain"} <= set(Counted.checked_moves), Counted.checked_moves


def test_ai_retiring_the_piece_it_pushes_ends_when_that_piece_is_lifted():
    """Found by the machine: for a person the retirement of a just-pushed piece waits for OK
    (it looks like the push still in a hand), but the AI's choice is known, so lifting the
    piece from its push source already ends the move -- the same bed and move either way."""
    from companion.tables.maunz.testing import Bed

    bed = Bed("O4G/6/3g2/o1O2O/6/1O1O1o o 0k1c 0k6c", ai_seats=(0,))  # orange: 7 on the bed
    assert bed.view.wants_ai
    bed.ref.on_ai_move("ca1/c1")  # cat a1 pushes b1 -> c1, then retires it
    bed.place("a1")
    assert bed.ref.moves == []  # b1 shown as "lift it" (it is retired after its push)
    bed.lift("b1")
    assert bed.ref.moves == ["ca1/c1"]
    # without the AI the same bed waits for OK (retire c1, or b1 still on its way to c1)
    bed = Bed("O4G/6/3g2/o1O2O/6/1O1O1o o 0k1c 0k6c")
    bed.place("a1")
    bed.lift("b1")
    assert bed.ref.moves == [] and bed.ref.phase == "choose"
    bed.button("ok")
    bed.wait(0.3)
    assert bed.ref.moves == ["ca1/c1"]
