"""What the maunz table shows: its LED frame and OLED screen, composed from the table's state
by pure functions (the UI layer of this table: colours from companion.ui.palette, phrases from
companion.ui.i18n). See README.md ("LED conventions", "OLED")."""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.maunz.board import SQUARE_NAMES, file_rank_key, lines_in
from companion.games.maunz.engine import Placement, Position
from companion.games.maunz.game import BED
from companion.tables.maunz.controls import Suggestion
from companion.tables.maunz.guidance import step_message, steps, wrong_pieces
from companion.tables.maunz.plan import Plan, bits
from companion.ui import palette
from companion.tables.maunz import phrases as words
from companion.ui.screens import Msg, Pool, Screen, msg
from companion.words import DARK, SQUARES, LedCell, LedFrame

#: the seats as the OLED words them: the bed's seat words (Orange, Grau)
SEATS = tuple(msg(seat.word) for seat in BED.seats)


@dataclass(frozen=True)
class State:
    """Everything the screens depend on (MaunzTable.state() makes one)."""

    phase: str
    position: Position
    plan: Plan | None                  # the reading of the stable bed
    paused: str | None                 # why the table is paused ("start", "reset", "offline")
    notice: Msg | None                 # a one-off message above the instruction
    suggestion: Suggestion | None      # the AI's move or a hint, while it is shown
    wants_ai: bool
    wants_hint: bool
    declared_cat: bool
    restore: int | None                # the bed to guide back to (undo, new game, resync)
    restore_reason: str
    restore_labels: dict               # square -> piece letter, for "put it back" colours
    sensed: int | None
    stable: int | None
    kids: bool                         # the kids rules (kittens win, go back to the pool)
    names: tuple[str, str]
    confirm: tuple = ()                # "new game?": the lines every table's question shows
    restore_sources: tuple = ((0, 0), False)  # undo: (kittens in the box per colour, from the pool)
    restore_notes: tuple = ()          # undo: where the pieces come from (Msg lines)
    remote: str | Msg = ""             # the AI's seat is a person elsewhere (remote play): their name, else their colour
    wrong_kind: tuple = ()             # hall bed: (square, kind read) of a piece that cannot be the move
    belief: dict = field(default_factory=dict)  # correction: the piece believed on each square


def _names(mask: int) -> str:
    return " ".join(SQUARE_NAMES[s] for s in sorted(bits(mask), key=file_rank_key))


def compose(st: State) -> tuple[LedFrame, Screen]:
    phase = st.phase
    pos = st.position
    turn = pos.turn
    cells: dict[int, LedCell] = {}
    lines: list[Msg] = []
    title: Msg | None = None
    plan = st.plan
    if phase == "paused":
        lines.append(msg("offline" if st.paused == "offline" else "paused"))
    elif phase == "confirm_new_game":
        lines.extend(st.confirm)
    elif phase == "won":
        _win_view(st, cells, lines)
    elif phase == "correction":
        title = _correction_view(st, plan, cells, lines)
    elif phase == "await_placement":
        _await_view(st, plan, cells, lines)
    elif phase == "ask_kind":
        sq = plan.placement.square
        cells[sq] = palette.ask_kind(turn)
        lines += [msg("ask_kind", square=SQUARE_NAMES[sq]), msg("ask_keys")]
    else:
        _turn_view(st, plan, cells, lines)
    if st.notice is not None and phase not in ("paused", "confirm_new_game"):
        lines.insert(0, st.notice)
    if st.wrong_kind and phase not in ("paused", "confirm_new_game", "won"):
        sq, kind = st.wrong_kind[:2]   # the hall bed read the kind: refused at once, not asked
        lines.insert(0, msg("wrong_kind", square=SQUARE_NAMES[sq], kind=words.kind(kind)) if len(st.wrong_kind) == 2
                     else msg("swapped_kind", square=SQUARE_NAMES[sq], kind=words.kind(kind),
                                                  want=words.kind(st.wrong_kind[2])))
        cells[sq] = palette.leaves_bed()
    if phase != "paused" and st.sensed is not None and st.stable is not None:
        changed = st.sensed ^ st.stable
        for sq in bits(changed):  # echo: a lift or place shows at once
            cells[sq] = (palette.echo_place(turn) if st.sensed >> sq & 1
                         else palette.echo_lift())
    screen = Screen(
        phase, to_move=None if phase == "won" else turn,
        pools=tuple(Pool(*pos.pool(c), pos.reserve(c), pos.boxed(c), label=seat.key.upper())
                    for c, seat in enumerate(BED.seats)),
        seats=SEATS, names=st.names, lines=tuple(lines), title=title, winner=pos.winner)
    return LedFrame(tuple(cells.get(sq, DARK) for sq in range(SQUARES))), screen


def _show_errors(plan: Plan, cells: dict[int, LedCell]) -> None:
    for sq in bits(plan.missing):
        cells[sq] = palette.put_back(plan.labels.get(sq))
    for sq in bits(plan.extra):
        cells[sq] = palette.leaves_bed()


def _await_view(st: State, plan: Plan | None, cells: dict, lines: list) -> None:
    turn = st.position.turn
    sugg = st.suggestion
    if sugg is not None and sugg.square_only:   # a puzzle's first hint: the square, nothing more
        cells[sugg.move.square] = palette.hint_square()
        lines.append(msg("puzzle.hint_square", square=SQUARE_NAMES[sugg.move.square]))
    elif sugg is not None:
        m = sugg.move
        cells[m.square] = palette.place_here(turn, m.kind)
        if sugg.ai and st.remote:
            lines.append(msg("remote_move", name=st.remote, kind=words.kind(m.kind), square=SQUARE_NAMES[m.square]))
        else:
            lines.append(msg("ai_move" if sugg.ai else "hint_move", kind=words.kind(m.kind),
                             square=SQUARE_NAMES[m.square]))
        if m.choice:
            lines.append(msg("then_lift", squares=_names(m.choice)))
    elif st.wants_ai:
        lines.append(msg("remote_wait", name=st.remote) if st.remote else msg("ai_thinking"))
    elif st.wants_hint:
        lines.append(msg("hint_wait"))
    else:
        k, c = st.position.pool(turn)
        if st.declared_cat:
            lines.append(msg("place_cat"))
        elif k and c:
            lines.append(msg("place"))
        else:
            lines.append(msg("place_kitten" if k else "place_cat"))
    if plan is not None:
        _show_errors(plan, cells)


def _turn_view(st: State, plan: Plan, cells: dict, lines: list) -> None:
    p = plan.placement
    turn = st.position.turn
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
        lines.extend(_where(st, p, plan.choice))
    elif plan.candidates:
        for sq in bits(plan.candidates):
            cells[sq] = palette.candidate()
        sizes = {o.bit_count() for o in plan.options}
        lines.append(msg("choose_line" if sizes == {3} else
                         "choose_retire" if sizes == {1} else "choose_any"))
        lines.append(msg("grad_rule"))
    _show_errors(plan, cells)


def _where(st: State, p: Placement, choice: int) -> list[Msg]:
    """Where the removed pieces go: kittens to the box (a cat each from the reserve),
    cats back to the pool; in the kids rules kittens go back to the pool."""
    kittens = (p.after[0] & choice).bit_count()
    cats = (p.after[1] & choice).bit_count()
    out = []
    if kittens and st.kids:
        out.append(msg("kits_back", n=kittens))
    elif kittens:
        out += [msg("to_box", n=kittens), msg("cats_in", n=kittens)]
    if cats:
        out.append(msg("cats_back", n=cats))
    return out


def _correction_view(st: State, plan: Plan | None, cells: dict, lines: list) -> Msg | None:
    S = st.stable if st.stable is not None else 0
    title = None
    notes: tuple[Msg, ...] = ()
    if st.restore is not None and st.restore_reason == "puzzle":
        return _setup_view(st, S, cells, lines)
    if st.restore is not None:
        target = st.restore
        extra, missing = S & ~target, target & ~S
        labels = st.restore_labels
        (box, from_pool), notes = st.restore_sources, st.restore_notes
        new = missing & ~st.position.occupied  # the AI's square: "put it on", not "back"
        title = {"undo": msg("head.undo"), "new_game": msg("head.clear")}.get(
            st.restore_reason)
    else:
        extra, missing, labels = plan.extra, plan.missing, plan.labels
        box, from_pool, new = (0, 0), False, 0
    todo = steps(extra, missing, st.belief, labels, box, from_pool, new)
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


def _setup_view(st: State, S: int, cells: dict, lines: list) -> None:
    """A puzzle's position set up from the lights: every square still to fill at once, in its
    piece's colour (a kitten blinks, a cat pulses, as the computer's move does), and each piece
    that does not belong where it stands blinking red; the OLED names the cats among the squares
    left (a reed bed cannot tell a cat from a kitten: the words say which is which) and what to
    take off first. A square goes dark once its piece stands there."""
    target, labels = st.restore, st.restore_labels
    wrong = wrong_pieces(S & ~target, st.belief, labels)
    extra, missing = (S & ~target) | wrong, (target & ~S) | wrong
    for sq in bits(missing & ~wrong):
        piece = labels.get(sq) or "o"
        cells[sq] = palette.place_here("og".index(piece.lower()), "c" if piece.isupper() else "k")
    for sq in bits(extra):
        cells[sq] = palette.leaves_bed()
    todo = steps(S & ~target, target & ~S, st.belief, labels)
    for step in todo:   # a known piece that only stands on the wrong square: carried, not taken off
        if step.what == "carry":
            cells[step.src] = palette.move_from(step.piece)
    first = next((s for s in todo if s.what != "place"), None)
    if first is not None:   # a piece to take off (or carry) first: said as the correction says it
        lines.append(step_message(first, SQUARE_NAMES))
    to_fill = missing & ~wrong
    if to_fill:
        cats = sum(1 << sq for sq in bits(to_fill) if (labels.get(sq) or "").isupper())
        lines.append(msg("puzzle.setup"))
        lines.append(msg("puzzle.setup_cats", squares=_names(cats)) if cats else msg("puzzle.setup_kittens"))
    return None


def _win_view(st: State, cells: dict, lines: list) -> None:
    pos = st.position
    w = pos.winner
    kids = st.kids
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
