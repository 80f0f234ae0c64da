"""maunz.'s review after a game (issue 36), in words and lights: the OLED's screen for one step
of the review (the move, its verdict, the better move and the line that punishes it, or the
progress while it is computed), the LEDs of that step (the position then, the played move and
the better one in two colours) and the page's block (the graph's values, the mistakes worded).
The judgement is the AI's (companion/ai/review.py); here it only becomes words. Pure."""
from __future__ import annotations

from companion.ai.review import CAP, MISTAKE_CATS, PlyResult, Review
from companion.tables.maunz import phrases as words
from companion.ui import i18n, palette
from companion.ui.screens import Msg, Screen, msg
from companion.words import DARK, Effect, LedCell, LedFrame, square_name

#: Below this loss (cats) a move is as good as the best one.
GOOD_CATS = 0.3

PHRASES = {
    "review.head": {"de": "Rückblick {n}/{of}", "en": "Review {n}/{of}"},
    "review.title": {"de": "Rückblick", "en": "Review"},
    "review.move": {"de": "{colour}: {kind} auf {square}", "en": "{colour}: {kind} on {square}"},
    "review.step": {"de": "{colour} {kind} {square}", "en": "{colour} {kind} {square}"},
    "review.chain": {"de": "{head}, {tail}", "en": "{head}, {tail}"},
    "review.best": {"de": "Bester Zug", "en": "Best move"},
    "review.good": {"de": "Guter Zug", "en": "Good move"},
    "review.inaccurate": {"de": "Ungenau: {loss} Katzen schlechter", "en": "Inaccurate: {loss} cats worse"},
    "review.weak": {"de": "Schwach: {loss} Katzen schlechter", "en": "Weak: {loss} cats worse"},
    "review.mistake": {"de": "Fehler: {loss} Katzen schlechter", "en": "Mistake: {loss} cats worse"},
    "review.mistake_game": {"de": "Fehler: kostet die Partie", "en": "Mistake: it throws the game away"},
    "review.better": {"de": "Besser: {move}", "en": "Better: {move}"},
    "review.punish": {"de": "Darauf: {line}", "en": "Then: {line}"},
    "review.pending": {"de": "wird noch berechnet …", "en": "still being computed …"},
    "review.progress": {"de": "Rückblick wird berechnet: {pct} %", "en": "Computing the review: {pct} %"},
    "review.ready": {"de": "Rückblick fertig", "en": "Review complete"},
    "review.keys": {"de": "Katze = weiter · Zurück = zurück · OK = Ende",
                    "en": "CAT = next · BACK = back · OK = leave"},
    "review.none": {"de": "Keine Fehler gefunden", "en": "No mistakes found"},
    "review.mistakes": {"de": "Fehler", "en": "Mistakes"},
    "review.graph": {"de": "Bewertung für Orange", "en": "Evaluation for orange"},
    "review.close": {"de": "Rückblick schließen", "en": "Close the review"},
    "review.ply": {"de": "Zug {n}", "en": "Move {n}"},
}
i18n.register(PHRASES)

#: The played move and the better one on the LEDs: two colours no piece and no warning has.
PLAYED = LedCell((255, 230, 0), Effect.BLINK)     # yellow, blinking
BETTER = LedCell(palette.GREEN, Effect.PULSE)     # green, breathing: the move to remember


def move_msg(game, position, text: str, key: str = "review.move") -> Msg:
    move = game.parse_move(position, text)
    return msg(key, colour=words.colour(position.turn), kind=words.kind(move.kind),
               square=square_name(move.square))


def line_msg(game, position, line) -> Msg | None:
    """The punishing line after the played move, one step a move ("Grau Katze c2, ...")."""
    steps, pos = [], position
    for text in line:
        steps.append(move_msg(game, pos, text, "review.step"))
        pos = game.apply(pos, game.parse_move(pos, text))
    if not steps:
        return None
    out = steps[-1]
    for step in reversed(steps[:-1]):
        out = msg("review.chain", head=step, tail=out)
    return out


def verdict(review: Review, ply: int) -> tuple[Msg, ...]:
    """The verdict on ply `ply`: its grade, and for a loss the better move and the line."""
    r = review.results.get(ply)
    if r is None:
        return (msg("review.pending"),)
    marked = {m.ply for m in review.mistakes()}
    loss = f"{r.loss:.1f}"
    if r.loss < GOOD_CATS:
        return (msg("review.best" if r.played == r.best else "review.good"),)
    grade = ("review.mistake" if ply in marked else
             "review.weak" if r.loss >= MISTAKE_CATS else "review.inaccurate")
    pos = review.positions[ply]
    out = [mistake_msg(r) if ply in marked else msg(grade, loss=loss), msg("review.better", move=move_msg(review.game, pos, r.best))]
    after = review.positions[ply + 1]
    line = line_msg(review.game, after, r.line)
    if line is not None and ply in marked:
        out.append(msg("review.punish", line=line))
    return tuple(out)


def mistake_msg(r: PlyResult) -> Msg:
    """A marked mistake's grade: how much it gave away, or that it threw a won or level game away
    (a forced loss against a win or an even game: more than the CAP cats a loss is counted)."""
    if r.loss >= CAP:
        return msg("review.mistake_game")
    return msg("review.mistake", loss=f"{r.loss:.1f}")


def progress_msg(review: Review) -> Msg:
    done, total = review.progress
    return msg("review.ready") if done >= total else msg("review.progress", pct=100 * done // max(1, total))


def step_screen(review: Review, ply: int) -> Screen:
    """The OLED in review mode at ply `ply`: the move, its verdict, the progress, the keys."""
    pos = review.positions[ply]
    lines = (move_msg(review.game, pos, review.moves[ply]),) + verdict(review, ply)
    if not review.done:
        lines += (progress_msg(review),)
    return Screen("review", title=msg("review.head", n=ply + 1, of=len(review.moves)),
                  lines=lines + (msg("review.keys"),))


def step_leds(review: Review, ply: int) -> LedFrame:
    """The position before ply `ply` in its colours, the played move blinking yellow and the
    better one (when it is another) breathing green."""
    pos = review.positions[ply]
    cells: dict[int, LedCell] = {}
    for sq in range(36):
        letter = pos.piece_at(sq)
        if letter:
            cells[sq] = LedCell(palette.colour_of(letter), Effect.STEADY)
    r = review.results.get(ply)
    played = review.game.parse_move(pos, review.moves[ply]).square
    cells[played] = PLAYED
    if r is not None and r.loss >= GOOD_CATS:
        cells[review.game.parse_move(pos, r.best).square] = BETTER
    return LedFrame.from_dict({sq: c for sq, c in cells.items() if c != DARK})


def page_block(review: Review, language: str) -> dict:
    """The review for the page: the graph's values, the marked mistakes and the progress, worded
    in `language`."""
    done, total = review.progress
    mistakes = []
    for r in review.mistakes():
        pos, after = review.positions[r.ply], review.positions[r.ply + 1]
        line = line_msg(review.game, after, r.line)
        mistakes.append({
            "ply": r.ply, "number": msg("review.ply", n=r.ply + 1).text(language),
            "mover": ("orange", "grey")[r.mover], "loss": r.loss,
            "played": move_msg(review.game, pos, r.played).text(language),
            "better": msg("review.better", move=move_msg(review.game, pos, r.best)).text(language),
            "line": msg("review.punish", line=line).text(language) if line is not None else "",
            "verdict": mistake_msg(r).text(language)})
    words_ = {k: msg(f"review.{k}").text(language)
              for k in ("title", "mistakes", "graph", "close", "none", "ready")}
    return {"game": "maunz", "plies": len(review.moves), "done": done >= total,
            "progress": [done, total], "graph": review.graph(), "mistakes": mistakes,
            "progress_text": progress_msg(review).text(language), "words": words_}
