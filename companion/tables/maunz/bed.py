"""Reading the bed: what the reed grid senses, settled for `settle` seconds (the settling rule
every bed game shares: companion/tables/bed.py's `settles`), matched against the
committed position and the placements a person may be carrying out (plan.py); the pause after a
device reset and the resync after it. See README.md ("How the bed is read")."""
from __future__ import annotations

from companion.games.maunz.engine import Placement
from companion.tables.maunz.guidance import wrong_pieces
from companion.tables.maunz.plan import Plan, bits, plan_placement
from companion.tables.bed import settles
from companion.tables.protocol import NON_BOARD_DEVICES
from companion.words import FULL_MASK, SQUARES, DeviceEvent


class BedReading:
    """Mixin of MaunzTable: the sensed bed, its settling, and the plan that explains it."""

    def _init_bed(self, settle: float, correction_delay: float) -> None:
        self.settle = float(settle)
        self.correction_delay = float(correction_delay)
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
        self._restore_notes: tuple = ()
        # What stands where, as far as the table can know (reed switches see no colour): the
        # pieces of the last anchor (a commit, an undo, a restore), on the squares that stayed
        # occupied in every reading since (`_known`).
        self._have: dict[int, str] = self._labels()
        self._known = self._pos.occupied
        self._cache: dict = {}
        # A hall-effect bed reads each piece's kind (on_kinds): None for reed switches
        self._south: int | None = None
        self._weak = self._kinds_of = 0

    def on_kinds(self, south: int, ambiguous: int, now: float) -> None:
        """The hall-effect bed's kinds (south down = a cat): a placement's kind is then read, not
        asked; a piece of the wrong kind is not the move (it must be lifted), and a square the
        bed cannot tell (`ambiguous`) falls back to asking."""
        self._south, self._weak = south & FULL_MASK, ambiguous & FULL_MASK
        self._kinds_of = self._sensed or 0   # the bed these kinds were read from
        for sq in bits(self._kinds_of & ~self._pos.occupied):   # this turn's pieces, as read
            kind = self.sensed_kind(sq)
            if kind is not None:
                self._read_kinds[sq] = kind   # kept when it is lifted again (it graduates)

    def sensed_kind(self, sq: int) -> str | None:
        """'k' or 'c' as the hall-effect bed read the piece on `sq`; None: reeds, not told, or
        a square that was empty when the kinds were read."""
        if self._south is None or self._weak >> sq & 1 or not self._kinds_of >> sq & 1:
            return None
        return "c" if self._south >> sq & 1 else "k"

    def on_scan(self, occupancy: int, now: float) -> None:
        occupancy &= FULL_MASK
        if occupancy != self._sensed:
            # The bed before this change counts if it held for `settle`, also when no tick came
            # in between (a slow loop): a move or a restore finished just before the next
            # placement must not be lost to it.
            self._update(now)
            self._restored_before(occupancy)
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
            if self._paused and occupancy == self._pregap:
                self._resume()  # back to the bed before the gap: as if it were the first scan
        self._update(now)

    def _restored_before(self, occupancy: int) -> None:
        """The sensed bed was the restore's target (right pieces) and now only gains pieces: it
        was restored *before* the next placement, however fast the hands (the scans keep the
        order the settle time cannot). End the restore there, as if the target had settled, so
        the new pieces read as a placement. Gains seen in the same scan as the restore's last
        step cannot be ordered: they stay extra and the guidance takes them off. So does a piece
        lifted and put back faster than the settle time: the settled bed never lost it."""
        S = self._sensed
        if (self._restore is None or self._paused or S != self._restore
                or occupancy & S != S or occupancy & ~S & (self._stable or 0)):
            return
        have = self._belief(S)
        if wrong_pieces(0, have, self._restore_labels):
            return
        self._stable, self._stable_since = S, self._sensed_since
        self._retire_ok, self.notice = False, None
        self._end_restore(S, have)

    def _end_restore(self, S: int, have: dict) -> None:
        """The bed is the restore's target: this is the new anchor."""
        self._restore = None
        self._have, self._known = {sq: p for sq, p in have.items() if p}, S

    def tick(self, now: float) -> None:
        self._update(now)

    def next_deadline(self, now: float) -> float | None:
        """_update acts only when the sensed bed has held for `settle` or the settled one for
        `correction_delay`: the next of those two moments still ahead (at most two wake-ups
        a change, the second often for nothing: cheaper than knowing)."""
        if self._sensed is None:
            return None
        due = (self._sensed_since + self.settle, self._stable_since + self.correction_delay)
        return min((t for t in due if t > now), default=None)

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
        if settles(self._sensed, self._sensed_since, self._stable, now, self.settle):
            self._stable, self._stable_since = self._sensed, self._sensed_since
            self._retire_ok = False
            self.notice = None
        if self._sensed != self._stable:
            return  # still moving: only the echo changes
        S = self._stable
        if self._restore is not None:
            have = self._belief(S)
            if S != self._restore or wrong_pieces(0, have, self._restore_labels):
                return  # (a known wrong piece on a right square: still to swap)
            self._end_restore(S, have)
        if self.asking_new_game or self._pos.winner is not None:
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

    def _start_restore(self, target: int, reason: str, labels: dict, have: dict,
                       sources=((0, 0), False), notes: tuple = ()) -> None:
        """Guide the bed to `target` (`labels`: the piece each square needs); `have`: what the
        table believes stands on the bed now (piece letters; absent: unknown)."""
        self._restore, self._restore_reason, self._restore_labels = target, reason, labels
        self._restore_sources, self._restore_notes = sources, notes
        self._have = {sq: p for sq, p in have.items() if p}
        self._known = (self._sensed or 0) & sum(1 << sq for sq in self._have)

    def _belief(self, S: int) -> dict[int, str | None]:
        """The piece the table believes stands on each square of the bed S (None: unknown)."""
        if self._restore is not None:
            have = {sq: self._have.get(sq) if self._known >> sq & 1
                    else self._restore_labels.get(sq) if self._restore >> sq & 1 else None
                    for sq in bits(S)}
            for sq, p in have.items():   # the hall bed reads the kind: a kitten put back where
                kind = self.sensed_kind(sq)   # the cat belongs is not taken for the cat
                if p and kind is not None and p.isupper() != (kind == "c"):
                    have[sq] = p.upper() if kind == "c" else p.lower()
            return have
        plan = self._analyse(S)
        if plan.errors == 0:  # the bed reads as the committed one or a turn done right so far
            have = {sq: plan.labels.get(sq) for sq in bits(S)}
            if plan.placement is not None and plan.kind is None:
                have[plan.placement.square] = None  # kitten or cat: not answered yet
            return have
        return {sq: self._have.get(sq) if self._known >> sq & 1 else None for sq in bits(S)}

    def _kinds(self, sq: int) -> tuple[str, ...]:
        pos = self._pos
        k, c = pos.pool(pos.turn)
        sensed = self.sensed_kind(sq)
        if sensed is None and not self._kinds_of >> sq & 1:
            sensed = self._read_kinds.get(sq)   # read while it stood there, this turn
        if sensed is not None:   # the bed read it: that piece, if it may be played here, or none
            want = self._suggestion.move.kind if self._suggestion and self._suggestion.ai else None
            return (sensed,) if (want in (None, sensed) and (k if sensed == "k" else c)) else ()
        if self._suggestion and self._suggestion.ai:
            return (self._suggestion.move.kind,)
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
               self.ai_colour, tuple(self._arrivals), self._south, self._weak, self._kinds_of,
               tuple(sorted(self._read_kinds.items())))
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
