"""maunz.'s "why?" (issue 36): the judgement the table explains and its reasons in words. The
reasons are the engine's (companion/games/maunz/explain.py); "why?" answers the newest judgement
in front of the player (issue 46, item 7), newest first:

- the bed being corrected (a piece where none belongs, one missing, the bed guided back after
  an undo or for a new game): what is wrong, the rule of the move being carried out, and the
  next thing to do (the step the correction screen shows, guidance.py);
- a placement being carried out on the bed (before its choice: why the companion asks which
  line);
- a hint shown: the hinted move's effect (the engine's explanation of it) and, where it holds,
  that the other player cannot win at once after it;
- a beginner warning standing: the other player's placement that wins (or makes a line) now,
  explained as the engine would explain it;
- else the last move.

Here their values only become words: a square its name, a piece, a kind and a colour their
phrases, a direction `why.maunz.way.<way>`, a correction step its guidance line."""
from __future__ import annotations

from companion.games.maunz.board import SQUARE_NAMES
from companion.games.maunz.explain import explain_placement
from companion.games.reason import Reason, reason
from companion.tables.maunz import phrases as words
from companion.tables.maunz.beginner import threat_move
from companion.tables.maunz.guidance import Step, step_message, steps
from companion.tables.maunz.plan import bits
from companion.ui import i18n
from companion.ui.screens import Msg, msg
from companion.words import square_name

#: The table's own judgements (the bed read, a hint, a warning): no engine rule, so no kind in
#: the engine's REASONS; worded here, in both languages.
PHRASES = {f"why.maunz.{key}": text for key, text in {
    "bed_extra": {"de": "{square}: Dort gehört jetzt keine Figur hin",
                  "en": "{square}: no piece belongs there now"},
    "bed_missing": {"de": "{square}: Dorthin gehört {piece}", "en": "{square}: {piece} belongs there"},
    "bed_undo": {"de": "Der Zug ist zurückgenommen: das Bett kommt zurück auf den Stand davor",
                 "en": "The move is taken back: the bed goes back to how it was before it"},
    "bed_clear": {"de": "Neues Spiel: das Bett wird abgeräumt", "en": "A new game: the bed is cleared"},
    "bed_puzzle": {"de": "Die Stellung des Puzzles wird aufgebaut: jede Figur auf ihr leuchtendes Feld",
                   "en": "The position of the puzzle is set up: each piece on its lit square"},
    "bed_back": {"de": "Das Bett passt nicht zum Spiel: zurück auf den Stand nach dem letzten Zug",
                 "en": "The bed does not match the game: back to how it was after the last move"},
    "fix": {"de": "Jetzt: {step}", "en": "Now: {step}"},
    "hint": {"de": "Tipp: {kind} auf {square}. Das bewirkt der Zug:",
             "en": "Hint: {kind} on {square}. What the move does:"},
    "hint_safe": {"de": "Danach kann {colour} nicht sofort gewinnen",
                  "en": "After it {colour} cannot win at once"},
    "threat_win": {"de": "Nach diesem Zug gewinnt {colour} sofort: {kind} auf {square}",
                   "en": "After this move {colour} wins at once: {kind} on {square}"},
    "threat_line": {"de": "Nach diesem Zug legt {colour} sofort eine Dreierreihe: {kind} auf {square}",
                    "en": "After this move {colour} makes a line of three at once: {kind} on {square}"},
}.items()}
i18n.register(PHRASES)


class Why:
    """Mixin of MaunzTable: the newest judgement explained, and the reasons worded."""

    def judgement(self) -> tuple[Reason, ...]:
        bed = self._bed_judgement()
        if bed:
            return bed
        plan = self._stable_plan() if self.phase in ("boops", "choose") else None  # type: ignore[attr-defined]
        if plan is not None and plan.placement is not None:
            return explain_placement(plan.placement, plan.choice)
        pos, game = self._pos, self.game  # type: ignore[attr-defined]
        hint = self._suggestion  # type: ignore[attr-defined]
        if hint is not None and not hint.ai and self.phase == "await_placement":  # type: ignore[attr-defined]
            move = hint.move
            out = (reason("hint", kind=move.kind, square=move.square),) + tuple(game.explain(pos, move))
            after = game.apply(pos, move)
            found = threat_move(game, after)   # (a hint that wins needs no more)
            if after.winner is None and (found is None or found[0] != "win"):
                out += (reason("hint_safe", colour=1 - pos.turn),)
            return out
        if self.warning_stands:  # type: ignore[attr-defined]
            found = threat_move(game, pos)
            if found is not None:
                what, kind, square = found
                return (reason(f"threat_{what}", colour=pos.turn, kind=kind, square=square),
                        ) + explain_placement(game.place(pos, kind, square))
        return super().judgement()  # type: ignore[misc]

    def _bed_judgement(self) -> tuple[Reason, ...]:
        """The bed being corrected, if it is: what is wrong and the next step (as the
        correction screen guides it), with the move being carried out; () if the bed is fine."""
        S = self._stable  # type: ignore[attr-defined]
        if S is None or self._paused:  # type: ignore[attr-defined]
            return ()
        if self._restore is not None:  # type: ignore[attr-defined]
            target, labels = self._restore, self._restore_labels  # type: ignore[attr-defined]
            missing = target & ~S
            box, from_pool = self._restore_sources  # type: ignore[attr-defined]
            reason_ = self._restore_reason  # type: ignore[attr-defined]
            head = {"undo": "bed_undo", "new_game": "bed_clear", "puzzle": "bed_puzzle"}.get(reason_, "bed_back")
            # (a puzzle's pieces are put on, not back: none of them stood there in a game)
            new = missing if reason_ == "puzzle" else missing & ~self._pos.occupied  # type: ignore[attr-defined]
            todo = steps(S & ~target, missing, self._belief(S), labels, box, from_pool, new)  # type: ignore[attr-defined]
            return (reason(head),) + _fix(todo)
        if self.asking_new_game or self._pos.winner is not None:  # type: ignore[attr-defined]
            return ()
        plan = self._stable_plan()  # type: ignore[attr-defined]
        if plan is None or not plan.errors:
            return ()
        out = tuple(reason("bed_extra", square=sq) for sq in bits(plan.extra)) + tuple(
            reason("bed_missing", square=sq, piece=plan.labels.get(sq)) for sq in bits(plan.missing))
        if plan.placement is not None:   # the rule the bed is to follow: where each piece goes
            out += explain_placement(plan.placement, plan.choice)
        return out + _fix(steps(plan.extra, plan.missing, self._belief(S), plan.labels))  # type: ignore[attr-defined]

    def why_msg(self, reason: Reason) -> Msg:
        if reason.kind == "fix":   # a correction step: in the words the correction screen says it
            step = step_message(Step(**reason.as_dict()), SQUARE_NAMES)
            return msg(self.why_key("fix"), step=step)  # type: ignore[attr-defined]
        values = {}
        for name, value in reason.values:
            if name in ("square", "src", "dst"):
                value = square_name(value)
            elif name == "squares":
                value = ", ".join(square_name(sq) for sq in value)
            elif name == "piece":
                value = words.piece(value)
            elif name == "kind":
                value = words.kind(value)
            elif name == "colour":
                value = words.colour(value)
            elif name == "way":
                value = msg(f"why.maunz.way.{value}")
            values[name] = value
        return msg(self.why_key(reason.kind), **values)  # type: ignore[attr-defined]


def _fix(todo: list) -> tuple[Reason, ...]:
    """The next step of a correction (one action at a time, as the screen and the LEDs show)."""
    if not todo:
        return ()
    step = todo[0]
    return (reason("fix", what=step.what, src=step.src, dst=step.dst, piece=step.piece, source=step.source),)
