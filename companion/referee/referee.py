"""The referee: sensed bed in, guidance and commits out. Pure: no I/O, no clock (time is passed
in as `now`, monotonic seconds), no asyncio. See README.md in this folder for the state machine
and the LED/OLED conventions.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.games.maunz.board import SQUARE_NAMES, file_rank_key, lines_in
from companion.games.maunz.engine import KIDS, Move, Placement, Position
from companion.games.maunz.notation import format_move, format_position
from companion.referee.guidance import step_message, steps, undo_sources
from companion.referee.plan import Plan, bits, plan_placement
from companion.ui import i18n, palette
from companion.ui.screens import Msg, Pool, Screen, msg
from hardware.interfaces import DARK, FULL_MASK, SQUARES, DeviceEvent, LedCell, LedFrame

# Device names whose resets say nothing about the bed (everything else pauses the referee).
NON_BOARD_DEVICES = frozenset({"cards", "card_reader", "rfid", "buttons", "display", "oled"})
CARD_FUNCTIONS = ("new_game", "undo", "cat", "hint", "ai_orange", "ai_grey", "ai_off",
                  "language", "player")


@dataclass(frozen=True)
class Commit:
    kind: str            # "move" | "undo" | "new_game" | "abandon" | "settings"
    move: str | None     # canonical move text for "move"
    position: str        # position text after the commit


@dataclass(frozen=True)
class RefereeView:
    leds: LedFrame
    screen: Screen
    position: Position
    moves: tuple[str, ...]
    phase: str
    instruction: str
    wants_ai: bool
    wants_hint: bool
    winner: int | None


@dataclass(frozen=True)
class _Suggestion:
    move: Move
    ai: bool  # True: the AI's own move (enforced); False: a hint (shown only)


def _names(mask: int) -> str:
    return " ".join(SQUARE_NAMES[s] for s in sorted(bits(mask), key=file_rank_key))


class Referee:
    """Referees one game on a physical bed.

    `position` is the game's *start* position (Position or text; None: the game's initial one)
    and `moves` the moves already played from it (text or Move); the current position is their
    replay, and undo can walk back through them. The referee starts paused until the first scan:
    if that bed equals the committed one play continues, otherwise it guides the bed back.
    """

    def __init__(self, game, position=None, *, moves=(), settle: float = 0.25,
                 correction_delay: float = 3.0, language: str = "de", ai_colour: int | None = None):
        self.game = game
        self.settle = float(settle)
        self.correction_delay = float(correction_delay)
        self._language = i18n.check_language(language)
        if ai_colour not in (None, 0, 1):
            raise ValueError(f"ai_colour {ai_colour!r} must be None, 0 (orange) or 1 (grey)")
        self.ai_colour = ai_colour
        self.names = ["", ""]
        if position is None:
            position = game.initial_position()
        elif isinstance(position, str):
            position = game.parse_position(position)
        self._start: Position = position
        self._pos: Position = position
        self._history: list[Position] = []
        self._moves: list[str] = []
        for m in moves:
            move = self.game.parse_move(self._pos, m if isinstance(m, str) else format_move(m))
            self._history.append(self._pos)
            self._pos = self.game.apply(self._pos, move)
            self._moves.append(format_move(move))
        self._commits: list[Commit] = []
        # sensing
        self._sensed: int | None = None
        self._sensed_since = 0.0
        self._stable: int | None = None
        self._stable_since = 0.0
        # pause / resync: nothing is inferred across a gap in the readings
        self._paused: str | None = "start"
        self._fresh = False
        self._pregap = self._pos.occupied
        self._pregap_labels: dict[int, str] | None = None
        # bed restoration (undo, new game, resync): guide the bed to this occupancy
        self._restore: int | None = None
        self._restore_reason = ""
        self._restore_labels: dict[int, str] = {}
        self._restore_sources = ((0, 0), False)  # (kittens in the box per colour, from the pool)
        self._restore_notes: tuple[Msg, ...] = ()
        # What stands where, as far as the referee can know (reed switches see no colour): the
        # pieces of the last anchor (a commit, an undo, a restore), on the squares that stayed
        # occupied in every reading since (`_known`).
        self._have: dict[int, str] = self._labels()
        self._known = self._pos.occupied
        self._confirm_new = False
        self._confirm_by_card = False  # "(or tap the card again)" only after a card tap
        self._want_hint = False
        self._notice: Msg | None = None
        self._reset_turn()
        self._cache: dict = {}

    # ------------------------------------------------------------------ properties
    @property
    def position(self) -> Position:
        return self._pos

    @property
    def start_position(self) -> Position:
        return self._start

    @property
    def moves(self) -> list[str]:
        return list(self._moves)

    @property
    def language(self) -> str:
        return self._language

    @property
    def players(self) -> tuple[str, str]:
        return (self.names[0], self.names[1])

    @property
    def wants_ai(self) -> bool:
        return (self.ai_colour is not None and self.ai_colour == self._pos.turn
                and self._pos.winner is None and not (self._suggestion and self._suggestion.ai)
                and not self._paused and not self._confirm_new and self._restore is None)

    @property
    def wants_hint(self) -> bool:
        return self._want_hint and not self._paused and self._pos.winner is None

    @property
    def phase(self) -> str:
        if self._paused:
            return "paused"
        if self._confirm_new:
            return "confirm_new_game"
        if self._restore is not None:
            return "correction"
        if self._pos.winner is not None:
            return "won"
        if self._correction:
            return "correction"
        plan = self._stable_plan()
        if plan is None or plan.placement is None:
            return "await_placement"
        if plan.kind is None:
            return "ask_kind"
        if plan.pending:
            return "boops"
        if plan.ambiguous or plan.lifts or plan.candidates or plan.choice is None:
            return "choose"
        return "boops"

    def drain_commits(self) -> list[Commit]:
        out, self._commits = self._commits, []
        return out

    # ------------------------------------------------------------------ inputs
    def on_scan(self, occupancy: int, now: float) -> None:
        occupancy &= FULL_MASK
        self._known &= occupancy  # a piece lifted and put down again may be another piece
        if self._paused == "offline":
            return
        if self._paused and not self._fresh:
            self._fresh = True
            self._sensed, self._sensed_since = occupancy, now
            if occupancy == self._pregap:
                self._resume()
        elif occupancy != self._sensed:
            # The order in which squares fill up tells the placement from the pushes when the
            # bed alone is ambiguous (hands faster than the settle time).
            for sq in bits(occupancy & ~(self._sensed or 0) & ~self._pos.occupied):
                if sq not in self._arrivals:
                    self._arrivals.append(sq)
            self._sensed, self._sensed_since = occupancy, now
        self._update(now)

    def tick(self, now: float) -> None:
        self._update(now)

    def on_button(self, name: str, kind: str, now: float) -> None:
        if self._paused:
            return
        if self._confirm_new:
            if name == "ok":
                self._new_game()
            elif name == "back":
                self._confirm_new = False
            self._update(now)
            return
        phase = self.phase
        if name == "back" and kind == "long":
            self._undo()
        elif name == "ok" and kind == "long":
            self._confirm_new, self._confirm_by_card = True, False
        elif phase == "ask_kind" and name in ("ok", "cat"):
            self._answer_kind("k" if name == "ok" else "c")
        elif name == "cat" and kind == "long":
            self._ask_hint()
        elif name == "cat":
            self._declare_cat()
        elif name == "ok" and phase == "won":
            self._confirm_new, self._confirm_by_card = True, False
        elif name == "ok" and phase == "choose":
            self._retire_ok = True
        self._update(now)

    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        if function not in CARD_FUNCTIONS:
            raise ValueError(f"unknown card function {function!r}; known: {', '.join(CARD_FUNCTIONS)}")
        if function == "language":
            self._language = arg if arg in i18n.LANGUAGES else (
                "en" if self._language == "de" else "de")
            self._notice = msg("language")
            self._settings()
        elif function in ("ai_orange", "ai_grey", "ai_off"):
            self.ai_colour = {"ai_orange": 0, "ai_grey": 1, "ai_off": None}[function]
            if self._suggestion and self._suggestion.ai:
                self._suggestion = None
            self._notice = msg("ai_off") if self.ai_colour is None else msg("ai_set",
                                                                            colour=self.ai_colour)
            self._settings()
        elif function == "player":
            name = (arg or "").strip()
            if name:
                colour = next((c for c in (0, 1) if not self.names[c]), self._pos.turn)
                self.names[colour] = name
                self._notice = msg("player_set", colour=colour, name=name)
                self._settings()
        elif self._paused:
            pass
        elif function == "new_game":
            if self._confirm_new:
                self._new_game()
            else:
                self._confirm_new, self._confirm_by_card = True, True
        elif self._confirm_new:
            self._confirm_new = False  # any other card cancels the question
        elif function == "undo":
            self._undo()
        elif function == "cat":
            if self.phase == "ask_kind":
                self._answer_kind("c")
            else:
                self._declare_cat()
        elif function == "hint":
            self._ask_hint()
        self._update(now)

    def on_device_event(self, event: DeviceEvent, now: float) -> None:
        if event.device in NON_BOARD_DEVICES:
            return
        if event.kind == "online":
            if self._paused == "offline":
                self._paused, self._fresh = "reset", False
            return
        if event.kind not in ("reset", "offline"):
            return
        if not self._paused:
            plan = self._stable_plan()
            if self._restore is not None:
                self._pregap = self._restore
            elif plan is not None and plan.errors == 0:
                self._pregap = self._stable
            else:
                self._pregap = self._pos.occupied
            self._pregap_labels = self._analyse(self._pregap).labels
        self._paused, self._fresh = event.kind, False
        self._correction = False

    def on_ai_move(self, move) -> None:
        """The AI's answer to wants_ai or wants_hint (Move or text); a stale one is ignored."""
        if not (self.wants_ai or self.wants_hint):
            return
        text = move if isinstance(move, str) else format_move(move)
        move = self.game.parse_move(self._pos, text)  # raises IllegalMoveError on a bad move
        if self.wants_ai:
            self._suggestion = _Suggestion(move, True)
        else:
            self._suggestion = _Suggestion(move, False)
            self._want_hint = False

    # ------------------------------------------------------------------ decisions
    def _reset_turn(self) -> None:
        self._remembered: int | None = None
        self._kind_answer: tuple[int, str] | None = None
        self._declared_cat = False
        self._suggestion: _Suggestion | None = None
        self._want_hint = False
        self._correction = False
        self._retire_ok = False
        self._arrivals: list[int] = []

    def _resume(self) -> None:
        self._paused = None
        self._stable, self._stable_since = self._sensed, self._sensed_since
        if self._sensed != self._pregap:
            # nothing is known across the gap: every extra piece is "a piece"
            self._start_restore(self._pregap, "resync", self._pregap_labels or self._labels(), {})
        else:
            self._have, self._known = dict(self._pregap_labels or self._labels()), self._sensed

    def _update(self, now: float) -> None:
        if self._sensed is None:
            return
        if self._paused:
            if self._paused == "offline" or not self._fresh:
                return
            if now - self._sensed_since < self.settle:
                return
            self._resume()
        if self._sensed != self._stable and now - self._sensed_since >= self.settle:
            self._stable, self._stable_since = self._sensed, self._sensed_since
            self._retire_ok = False
            self._notice = None
        if self._sensed != self._stable:
            return  # still moving: only the echo changes
        S = self._stable
        if self._restore is not None:
            if S != self._restore:
                return
            have = self._belief(S)  # the bed is the target now: this is the new anchor
            self._restore = None
            self._have, self._known = {sq: p for sq, p in have.items() if p}, S
        if self._confirm_new or self._pos.winner is not None:
            return
        plan = self._analyse(S)
        if plan.errors:
            if now - self._stable_since >= self.correction_delay:
                if plan.placement is None:
                    # No turn in progress: guide back to the committed bed, inferring nothing
                    # until it is reached (a half-fixed bed must not become a placement).
                    C = self._pos.occupied  # (| the AI's square: "move it there")
                    self._start_restore(C | plan.missing, "correction", plan.labels,
                                        self._belief(S))
                else:
                    self._correction = True
            return
        self._correction = False
        if plan.placement is not None:
            self._remembered = plan.placement.square
        if plan.final and plan.kind is not None:
            if plan.ambiguous and not self._retire_ok and (
                    plan.needs_ok or now - self._stable_since < self.correction_delay):
                return  # lifting one piece may be the start of a line: wait, or OK confirms
            self._commit_move(plan)

    def _commit_move(self, plan: Plan) -> None:
        p = plan.placement
        choice = plan.final_option
        move = Move(plan.kind, p.square, choice)
        new = self.game.apply(self._pos, move)  # the engine has the last word
        if new != p.finish(choice):  # pragma: no cover - the engine disagrees with itself
            raise RuntimeError(f"engine mismatch for {format_move(move)}")
        self._history.append(self._pos)
        self._pos = new
        text = format_move(move)
        self._moves.append(text)
        self._commits.append(Commit("move", text, format_position(new)))
        self._reset_turn()
        self._have, self._known = self._labels(), new.occupied

    def _undo(self) -> None:
        self._confirm_new = False
        C = self._pos.occupied
        have = self._belief(self._stable) if self._stable is not None else {}
        sources, notes = ((0, 0), False), ()
        if self._restore is None and self._stable is not None and self._stable != C:
            self._reset_turn()  # first cancel the turn in progress
        elif self._moves:
            after = self._pos
            self._pos = self._history.pop()
            self._moves.pop()
            self._commits.append(Commit("undo", None, format_position(self._pos)))
            self._reset_turn()
            sources, notes = undo_sources(after, self._pos)
        else:
            self._notice = msg("nothing_to_undo")
            return
        if self._sensed is not None and self._sensed != self._pos.occupied:
            self._start_restore(self._pos.occupied, "undo", self._labels(), have, sources, notes)
        else:
            self._restore = None
            self._have, self._known = self._labels(), self._pos.occupied

    def _start_restore(self, target: int, reason: str, labels: dict, have: dict,
                       sources=((0, 0), False), notes: tuple = ()) -> None:
        """Guide the bed to `target` (`labels`: the piece each square needs); `have`: what the
        referee believes stands on the bed now (piece letters; absent: unknown)."""
        self._restore, self._restore_reason, self._restore_labels = target, reason, labels
        self._restore_sources, self._restore_notes = sources, notes
        self._have = {sq: p for sq, p in have.items() if p}
        self._known = (self._sensed or 0) & sum(1 << sq for sq in self._have)

    def _belief(self, S: int) -> dict[int, str | None]:
        """The piece the referee believes stands on each square of the bed S (None: unknown)."""
        if self._restore is not None:
            return {sq: self._have.get(sq) if self._known >> sq & 1
                    else self._restore_labels.get(sq) if self._restore >> sq & 1 else None
                    for sq in bits(S)}
        plan = self._analyse(S)
        if plan.errors == 0:  # the bed reads as the committed one or a turn done right so far
            have = {sq: plan.labels.get(sq) for sq in bits(S)}
            if plan.placement is not None and plan.kind is None:
                have[plan.placement.square] = None  # kitten or cat: not answered yet
            return have
        return {sq: self._have.get(sq) if self._known >> sq & 1 else None for sq in bits(S)}

    def _new_game(self) -> None:
        if self._moves and self._pos.winner is None:
            self._commits.append(Commit("abandon", None, format_position(self._pos)))
        self._start = self._pos = self.game.initial_position()
        self._history, self._moves = [], []
        self._commits.append(Commit("new_game", None, format_position(self._pos)))
        self._reset_turn()
        self._confirm_new = False
        if self._sensed:
            self._start_restore(0, "new_game", {}, {})  # clearing: "take the piece off" each
        else:
            self._restore = None

    def _settings(self) -> None:
        self._commits.append(Commit("settings", None, format_position(self._pos)))

    def _answer_kind(self, kind: str) -> None:
        plan = self._stable_plan()
        if plan is not None and plan.placement is not None:
            self._kind_answer = (plan.placement.square, kind)

    def _declare_cat(self) -> None:
        if self._pos.winner is not None:
            return
        if self._pos.pool(self._pos.turn)[1] == 0:
            self._notice = msg("no_cat")
            return
        self._declared_cat = not self._declared_cat
        self._notice = msg("cat_declared") if self._declared_cat else None

    def _ask_hint(self) -> None:
        if self._pos.winner is None and self.ai_colour != self._pos.turn:
            self._want_hint = True
            if self._suggestion and not self._suggestion.ai:
                self._suggestion = None

    # ------------------------------------------------------------------ reading the bed
    def _kinds(self, sq: int) -> tuple[str, ...]:
        pos = self._pos
        if self._suggestion and self._suggestion.ai:
            return (self._suggestion.move.kind,)
        k, c = pos.pool(pos.turn)
        if self._kind_answer and self._kind_answer[0] == sq:
            return (self._kind_answer[1],)
        if self._declared_cat and c:
            return ("c",)
        return tuple(kind for kind, n in (("k", k), ("c", c)) if n)

    def _labels(self, p: Placement | None = None, kind: str | None = None) -> dict[int, str]:
        pos = self._pos
        labels = {sq: pos.piece_at(sq) for sq in bits(pos.occupied)}
        if p is not None:
            letter = "og"[pos.turn]
            labels[p.square] = letter.upper() if kind == "c" else letter
            for src, dst in p.boops:
                if dst is not None:
                    labels[dst] = pos.piece_at(src)
        return labels

    def _stable_plan(self) -> Plan | None:
        return None if self._stable is None else self._analyse(self._stable)

    def _analyse(self, S: int) -> Plan:
        sugg = self._suggestion
        key = (S, self._pos, self._remembered, self._kind_answer, self._declared_cat, sugg,
               self.ai_colour, tuple(self._arrivals))
        plan = self._cache.get(key)
        if plan is None:
            if len(self._cache) > 256:
                self._cache.clear()
            plan = self._cache[key] = self._analyse_uncached(S)
        return plan

    def _analyse_uncached(self, S: int) -> Plan:
        pos = self._pos
        C = pos.occupied
        base = Plan(S, extra=S & ~C, missing=C & ~S, labels=self._labels(),
                    final=S == C)
        if pos.winner is not None:
            return base
        if S == C:
            return self._retire_placed(base)
        sugg = self._suggestion
        ai_turn = self.ai_colour is not None and self.ai_colour == pos.turn
        cands = S & ~C
        for sq in ([] if self._remembered is None else [self._remembered]) + self._arrivals:
            cands |= 1 << sq  # a placed piece may already be lifted again (it graduates)
        cands &= ~C
        if ai_turn:
            if sugg is None or not sugg.ai:
                return base  # nothing is accepted before the AI has chosen its move
            target = sugg.move.square
            cands &= 1 << target
            if not cands and base.extra and not S >> target & 1:
                base.missing |= 1 << target  # so correction says: move it to the AI's square
                base.labels[target] = ("og"[pos.turn].upper() if sugg.move.kind == "c"
                                       else "og"[pos.turn])
        best, best_key = base, (base.errors, -1, 0)
        for sq in bits(cands):
            kinds = self._kinds(sq)
            for kind in kinds:
                p = self.game.place(pos, kind, sq)
                options = p.options
                if ai_turn and options:
                    options = (sugg.move.choice,)
                plan = plan_placement(S, C, p, options)
                plan.kind = kind if len(kinds) == 1 else None
                # Fewest errors; then the placement seen before (continuity), then the square
                # that filled first; then the most progress.
                if sq == self._remembered:
                    rank = -1
                elif sq in self._arrivals:
                    rank = self._arrivals.index(sq)
                else:
                    rank = SQUARES
                if plan.errors and sq != self._remembered:
                    continue  # a new placement is read only from a bed that fits it exactly
                key = (plan.errors, rank, -plan.progress)
                if key < best_key:
                    best, best_key = plan, key
                    plan.labels = self._labels(p, kind)
        return best

    def _retire_placed(self, base: Plan) -> Plan:
        """The bed equals the committed one, but a placement was seen: placing a piece and
        lifting it again looks exactly like changing one's mind -- or like the start of taking
        a line with the placed piece, or retiring it (all 8 on the bed). Show what is left to
        lift; a retirement of the placed piece itself is committed only on OK."""
        r = self._remembered
        if r is None:
            return base
        kinds = self._kinds(r)
        if len(kinds) != 1:
            return base
        p = self.game.place(self._pos, kinds[0], r)
        options = p.options
        sugg = self._suggestion
        if sugg and sugg.ai and options:
            options = (sugg.move.choice,)
        if not any(o >> r & 1 for o in options):
            return base
        plan = plan_placement(base.occ, self._pos.occupied, p, options)
        if plan.errors:
            return base
        if plan.final:
            plan.ambiguous = plan.needs_ok = True
        plan.kind = kinds[0]
        plan.labels = self._labels(p, kinds[0])
        return plan

    # ------------------------------------------------------------------ output
    def view(self) -> RefereeView:
        phase = self.phase
        pos = self._pos
        turn = pos.turn
        cells: dict[int, LedCell] = {}
        lines: list[Msg] = []
        title: Msg | None = None
        plan = self._stable_plan()
        if phase == "paused":
            lines.append(msg("offline" if self._paused == "offline" else "paused"))
        elif phase == "confirm_new_game":
            lines.append(msg("confirm_keys"))
            if self._confirm_by_card:
                lines.append(msg("confirm_card"))
        elif phase == "won":
            self._win_view(cells, lines)
        elif phase == "correction":
            title = self._correction_view(plan, cells, lines)
        elif phase == "await_placement":
            self._await_view(plan, cells, lines)
        elif phase == "ask_kind":
            sq = plan.placement.square
            cells[sq] = palette.ask_kind(turn)
            lines += [msg("ask_kind", square=SQUARE_NAMES[sq]), msg("ask_keys")]
        else:
            self._turn_view(plan, cells, lines)
        if self._notice is not None and phase not in ("paused", "confirm_new_game"):
            lines.insert(0, self._notice)
        if phase != "paused" and self._sensed is not None and self._stable is not None:
            changed = self._sensed ^ self._stable
            for sq in bits(changed):  # echo: a lift or place shows at once
                cells[sq] = (palette.echo_place(turn) if self._sensed >> sq & 1
                             else palette.echo_lift())
        screen = Screen(
            phase, to_move=None if phase == "won" else turn,
            pools=tuple(Pool(*pos.pool(c), pos.reserve(c), pos.boxed(c)) for c in (0, 1)),
            names=self.players, lines=tuple(lines), title=title, winner=pos.winner)
        return RefereeView(
            leds=LedFrame(tuple(cells.get(sq, DARK) for sq in range(SQUARES))),
            screen=screen, position=pos, moves=tuple(self._moves), phase=phase,
            instruction=screen.instruction(self._language), wants_ai=self.wants_ai,
            wants_hint=self.wants_hint, winner=pos.winner)

    def _show_errors(self, plan: Plan, cells: dict[int, LedCell]) -> None:
        for sq in bits(plan.missing):
            cells[sq] = palette.put_back(plan.labels.get(sq))
        for sq in bits(plan.extra):
            cells[sq] = palette.leaves_bed()

    def _await_view(self, plan: Plan | None, cells: dict, lines: list) -> None:
        turn = self._pos.turn
        sugg = self._suggestion
        if sugg is not None:
            m = sugg.move
            cells[m.square] = palette.place_here(turn, m.kind)
            lines.append(msg("ai_move" if sugg.ai else "hint_move", kind=m.kind,
                             square=SQUARE_NAMES[m.square]))
            if m.choice:
                lines.append(msg("then_lift", squares=_names(m.choice)))
        elif self.wants_ai:
            lines.append(msg("ai_thinking"))
        elif self.wants_hint:
            lines.append(msg("hint_wait"))
        else:
            k, c = self._pos.pool(turn)
            if self._declared_cat:
                lines.append(msg("place_cat"))
            elif k and c:
                lines.append(msg("place"))
            else:
                lines.append(msg("place_kitten" if k else "place_cat"))
        if plan is not None:
            self._show_errors(plan, cells)

    def _turn_view(self, plan: Plan, cells: dict, lines: list) -> None:
        p = plan.placement
        turn = self._pos.turn
        if plan.occ >> p.square & 1:
            cells[p.square] = palette.placed(turn)
        for index, src, dst in plan.pending:
            if dst is None:
                cells[src] = palette.leaves_bed()
                lines.append(msg("boop_off", src=SQUARE_NAMES[src]))
            else:
                cells[src] = palette.push_from(index)
                cells[dst] = palette.push_to(index)
                lines.append(msg("boop", src=SQUARE_NAMES[src], dst=SQUARE_NAMES[dst]))
        if plan.missing and not plan.pending:
            lines.insert(0, msg("not_option", square=_names(plan.missing)))
        if plan.ambiguous:
            lines.append(msg("confirm_retire", square=_names(plan.final_option)))
        if plan.choice and plan.lifts:
            for sq in bits(plan.lifts):
                cells[sq] = palette.leaves_bed()
            lines.append(msg("lift", squares=_names(plan.lifts)))
            lines.extend(self._where(p, plan.choice))
        elif plan.candidates:
            for sq in bits(plan.candidates):
                cells[sq] = palette.candidate()
            sizes = {o.bit_count() for o in plan.options}
            lines.append(msg("choose_line" if sizes == {3} else
                             "choose_retire" if sizes == {1} else "choose_any"))
            lines.append(msg("grad_rule"))
        self._show_errors(plan, cells)

    def _where(self, p: Placement, choice: int) -> list[Msg]:
        """Where the removed pieces go: kittens to the box (a cat each from the reserve),
        cats back to the pool; in the kids rules kittens go back to the pool."""
        kittens = (p.after[0] & choice).bit_count()
        cats = (p.after[1] & choice).bit_count()
        out = []
        if kittens and getattr(self.game, "variant", 0) == KIDS:
            out.append(msg("kits_back", n=kittens))
        elif kittens:
            out += [msg("to_box", n=kittens), msg("cats_in", n=kittens)]
        if cats:
            out.append(msg("cats_back", n=cats))
        return out

    def _correction_view(self, plan: Plan | None, cells: dict, lines: list) -> Msg | None:
        S = self._stable if self._stable is not None else 0
        title = None
        notes: tuple[Msg, ...] = ()
        if self._restore is not None:
            target = self._restore
            extra, missing = S & ~target, target & ~S
            labels = self._restore_labels
            (box, from_pool), notes = self._restore_sources, self._restore_notes
            new = missing & ~self._pos.occupied  # the AI's square: "put it on", not "back"
            title = {"undo": msg("head.undo"), "new_game": msg("head.clear")}.get(
                self._restore_reason)
        else:
            extra, missing, labels = plan.extra, plan.missing, plan.labels
            box, from_pool, new = (0, 0), False, 0
        todo = steps(extra, missing, self._belief(S), labels, box, from_pool, new)
        if not todo:
            return title
        step = todo[0]  # one action at a time: the LEDs show the same one
        if step.what == "carry":
            cells[step.src] = palette.move_from(step.piece)
            cells[step.dst] = palette.move_to(step.piece)
        elif step.what == "off":
            cells[step.src] = palette.leaves_bed()
        else:
            cells[step.dst] = palette.put_back(step.piece)
        lines.append(step_message(step, SQUARE_NAMES))
        if len(todo) > 1:
            lines.append(msg("more", n=len(todo) - 1))
        lines.extend(notes)
        return title

    def _win_view(self, cells: dict, lines: list) -> None:
        pos = self._pos
        w = pos.winner
        kids = getattr(self.game, "variant", 0) == KIDS
        mine = pos.kittens(w) if kids else pos.cats(w)
        line_mask = 0
        for ln in lines_in(mine):
            line_mask |= ln
        for sq in bits(pos.pieces(w)):
            cells[sq] = palette.winner_piece(w)
        for sq in bits(line_mask or mine):
            cells[sq] = palette.win_line()
        lines.append(msg("won_kids" if kids else "won" if line_mask else "won_all"))
        lines.append(msg("new_game_keys"))
