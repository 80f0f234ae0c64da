"""Random physical events against the referee: it never crashes, never commits an illegal
move, commits only when the sensed bed equals the committed one, and its committed position is
always the engine's replay of its committed moves."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from companion.referee import Referee
from companion.referee.script import actions
from companion.referee.testing import GAME
from hardware.interfaces import SQUARES, DeviceEvent, LedFrame

PHASES = {"await_placement", "ask_kind", "boops", "choose", "correction", "won", "paused",
          "confirm_new_game"}
CARDS = ["new_game", "undo", "cat", "hint", "ai_orange", "ai_grey", "ai_off", "language"]


def seed_kind(ref) -> str:
    k, c = ref.position.pool(ref.position.turn)
    return "c" if c and not k else ("k" if k else "c")


class RefereeMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 10**6), length=st.integers(0, 40),
                ai=st.sampled_from([None, 0, 1]))
    def resume_a_game(self, seed, length, ai):
        """Start from the opening or resume a random game part-way (cats, full beds, ...)."""
        rng = random.Random(seed)
        pos, moves = GAME.initial_position(), []
        for _ in range(length):
            legal = GAME.legal_moves(pos)
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(GAME.format_move(pos, move))
            pos = GAME.apply(pos, move)
        self.ref = Referee(GAME, moves=moves, ai_colour=ai)
        self.t = 0.0
        self.occ = pos.occupied
        self.plan: list[tuple[str, int]] = []
        self.ref.on_scan(self.occ, self.t)

    # ---------------------------------------------------------------- physical events
    def scan(self, occ: int) -> None:
        self.occ = occ
        self.ref.on_scan(occ, self.t)
        self.check_commits()

    @rule(square=st.integers(0, SQUARES - 1))
    def toggle(self, square):
        self.scan(self.occ ^ 1 << square)

    @rule(square=st.integers(0, SQUARES - 1), dt=st.floats(0.001, 0.2))
    def bounce(self, square, dt):
        before = self.occ
        self.scan(before ^ 1 << square)
        self.t += dt
        self.scan(before)

    @rule(dt=st.sampled_from([0.05, 0.3, 1.0, 3.5]))
    def advance(self, dt):
        self.t += dt
        self.ref.tick(self.t)
        self.check_commits()

    @rule(seed=st.integers(0, 10**6), graduate_first=st.booleans())
    def start_a_legal_move(self, seed, graduate_first):
        """A person starts carrying out a legal move (continued by `continue_move`)."""
        pos = self.ref.position
        moves = GAME.legal_moves(pos)
        if not moves or pos.occupied != self.occ:
            return
        move = moves[seed % len(moves)]
        self.plan = actions(GAME, pos, move, graduate_first=graduate_first)

    @rule()
    def continue_move(self):
        if self.plan:
            what, sq = self.plan.pop(0)
            self.scan(self.occ | 1 << sq if what == "place" else self.occ & ~(1 << sq))
            self.t += 0.3
            self.ref.tick(self.t)
            self.check_commits()

    @rule(answer=st.booleans())
    def finish_move(self, answer):
        """Carry out the rest of the started move, answering the kitten/cat question."""
        while self.plan:
            self.continue_move()
            if answer and self.ref.phase == "ask_kind":
                self.ref.on_button("ok" if seed_kind(self.ref) == "k" else "cat", "press", self.t)
                self.check_commits()

    @rule()
    def fix_the_bed(self):
        """Someone puts the bed back as the referee says it should be."""
        self.scan(self.ref.position.occupied)
        self.t += 0.3
        self.ref.tick(self.t)
        self.check_commits()

    # ---------------------------------------------------------------- controls
    @rule(name=st.sampled_from(["ok", "back", "cat"]), kind=st.sampled_from(["press", "long"]))
    def button(self, name, kind):
        self.ref.on_button(name, kind, self.t)
        self.check_commits()

    @rule(function=st.sampled_from(CARDS))
    def card(self, function):
        self.ref.on_card(function, self.t)
        self.check_commits()

    @rule(name=st.sampled_from(["Anna", "Jörg"]))
    def player_card(self, name):
        self.ref.on_card("player", self.t, name)

    @rule(kind=st.sampled_from(["reset", "offline", "online", "warning"]))
    def device(self, kind):
        self.ref.on_device_event(DeviceEvent(kind, "bridge"), self.t)

    @rule(seed=st.integers(0, 10**6))
    def ai_answers(self, seed):
        view = self.ref.view()
        if view.wants_ai or view.wants_hint:
            moves = GAME.legal_moves(self.ref.position)
            self.ref.on_ai_move(moves[seed % len(moves)])

    # ---------------------------------------------------------------- checks
    def check_commits(self):
        for c in self.ref.drain_commits():
            pos = GAME.parse_position(c.position)
            if c.kind == "move":
                # committed only when the bed is exactly the position's bed
                assert pos.occupied == self.occ, (c, bin(self.occ))

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


TestRefereeStateful = RefereeMachine.TestCase
TestRefereeStateful.settings = settings(max_examples=60, stateful_step_count=50, deadline=None,
                                        suppress_health_check=[HealthCheck.too_slow])
