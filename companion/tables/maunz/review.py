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
    "review.inaccurate": {"de": "Ungenau: {loss:.1f} Katzen schlechter", "en": "Inaccurate: {loss:.1f} cats worse"},
    "review.weak": {"de": "Schwach: {loss:.1f} Katzen schlechter", "en": "Weak: {loss:.1f} cats worse"},
    "review.mistake": {"de": "Fehler: {loss:.1f} Katzen schlechter", "en": "Mistake: {loss:.1f} cats worse"},
    "review.mistake_game": {"de": "Fehler: kostet die Partie", "en": "Mistake: it throws the game away"},
    "review.better": {"de": "Besser: {move}", "en": "Better: {move}"},
    "review.punish": {"de": "Darauf: {line}", "en": "Then: {line}"},
    # the punishing line worded (issue 45): the opponent's reply and what it does
    "review.after": {"de": "Nach {played} setzt {colour} {piece} auf {square}: {pronoun} {effects}.",
                     "en": "After {played}, {colour} plays {piece} on {square}: it {effects}."},
    "review.after_win": {"de": "Nach {played} setzt {colour} {piece} auf {square}: {pronoun} {effects}"
                                " – {winner} gewinnt.",
                         "en": "After {played}, {colour} plays {piece} on {square}: it {effects}"
                               " — {winner} wins."},
    "review.after_quiet": {"de": "Nach {played} setzt {colour} {piece} auf {square}.",
                           "en": "After {played}, {colour} plays {piece} on {square}."},
    "review.a.k": {"de": "ein Kätzchen", "en": "a kitten"},
    "review.a.c": {"de": "eine Katze", "en": "a cat"},
    "review.pronoun.k": {"de": "es", "en": "it"},
    "review.pronoun.c": {"de": "sie", "en": "it"},
    "review.your.k": {"de": "dein Kätzchen", "en": "your kitten"},
    "review.your.c": {"de": "deine Katze", "en": "your cat"},
    "review.fx.off": {"de": "stupst {piece} vom Bett", "en": "boops {piece} off the bed"},
    "review.fx.graduate": {"de": "macht eine Dreierreihe: die Kätzchen werden Katzen",
                           "en": "makes a row of three: its kittens graduate"},
    "review.fx.line": {"de": "macht drei Katzen in einer Reihe", "en": "makes three cats in a row"},
    "review.fx.all": {"de": "bringt die achte Katze aufs Bett", "en": "puts the eighth cat on the bed"},
    "review.fx.kids": {"de": "macht drei Kätzchen in einer Reihe", "en": "makes three kittens in a row"},
    "review.fx.pushed": {"de": "schiebt drei Katzen von {colour} in eine Reihe",
                         "en": "pushes three of {colour}'s cats into a row"},
    "review.and": {"de": "{a} und {b}", "en": "{a} and {b}"},
    # "already lost" only where the search proved that every move loses (issue 45); otherwise
    # what it found: the better move loses too, and no move that holds came up at its budget
    "review.lost": {"de": "Schon verloren: jeder Zug verliert zwingend. Am längsten hält: {move}",
                    "en": "Already lost: every move loses by force. Longest resistance: {move}"},
    "review.lost_found": {"de": "Verliert auch: {move}. In dieser Suche fand sich kein Zug, der hält",
                          "en": "Loses too: {move}. No move found that holds at this budget"},
    "review.unit": {"de": "In Katzen gezählt: 1 Katze schlechter ist, als hätte man eine Katze weniger",
                    "en": "Counted in cats: 1 cat worse is like having one cat fewer"},
    "review.computer": {"de": "Zug des Computers", "en": "The computer's move"},
    "review.axis": {"de": "Zug", "en": "Move"},
    "review.legend_up": {"de": "oben: Orange steht besser", "en": "up: orange is ahead"},
    "review.legend_down": {"de": "unten: Grau steht besser", "en": "down: grey is ahead"},
    "review.reading": {"de": "Das Bett vor Zug {n}", "en": "The bed before move {n}"},
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


def reply_msgs(game, position, played: str, line) -> tuple[Msg, ...]:
    """The punishing line worded (issue 45): "After e4, Grey plays a cat on c3: it boops your
    kitten off the bed and makes three cats in a row — Grey wins.", then the rest of the line
    ("Then: ..."). `position`: before the played move; what the reply does is the engine's own
    explanation of it (games/maunz/explain.py)."""
    from companion.games.maunz.explain import explain_move

    if not line:
        return ()
    mine = "og"[position.turn]
    after = game.apply(position, game.parse_move(position, played))
    reply = game.parse_move(after, line[0])
    effects: list[Msg] = []
    winner = None
    for r in explain_move(after, reply, getattr(game, "variant", 0)):
        v = r.as_dict()
        if r.kind == "off_bed" and v["piece"].lower() == mine:
            effects.append(msg("review.fx.off", piece=msg(f"review.your.{'c' if v['piece'].isupper() else 'k'}")))
        elif r.kind == "graduate":
            effects.append(msg("review.fx.graduate"))
        elif r.kind in ("win_line", "win_all", "win_kids", "win_pushed"):
            key = {"win_line": "line", "win_all": "all", "win_kids": "kids", "win_pushed": "pushed"}[r.kind]
            effects.append(msg(f"review.fx.{key}", colour=words.colour(v.get("colour", after.turn)))
                           if key == "pushed" else msg(f"review.fx.{key}"))
            winner = v.get("colour", after.turn)
    head = dict(played=square_name(game.parse_move(position, played).square),
                colour=words.colour(after.turn), piece=msg(f"review.a.{reply.kind}"),
                square=square_name(reply.square))
    if not effects:
        out = [msg("review.after_quiet", **head)]
    else:
        joined = effects[-1]
        for e in reversed(effects[:-1]):
            joined = msg("review.and", a=e, b=joined)
        pronoun = msg(f"review.pronoun.{reply.kind}")
        out = [msg("review.after_win", **head, pronoun=pronoun, effects=joined, winner=words.colour(winner))
               if winner is not None else msg("review.after", **head, pronoun=pronoun, effects=joined)]
    rest = line_msg(game, game.apply(after, reply), line[1:]) if winner is None else None
    if rest is not None:
        out.append(msg("review.punish", line=rest))
    return tuple(out)


def verdict(review: Review, ply: int) -> tuple[Msg, ...]:
    """The verdict on ply `ply`: its grade, and for a loss the better move and the line."""
    r = review.results.get(ply)
    if r is None:
        return (msg("review.pending"),)
    pos = review.positions[ply]
    if r.lost:   # the better move loses by force too: nothing to offer
        return (msg("review.lost" if r.proven else "review.lost_found",
                    move=move_msg(review.game, pos, r.best)),)
    marked = {m.ply for m in review.mistakes()}
    loss = r.loss   # its decimals as the language writes them ("1,5 Katzen")
    if r.loss < GOOD_CATS:
        return (msg("review.best" if r.played == r.best else "review.good"),)
    grade = ("review.mistake" if ply in marked else
             "review.weak" if r.loss >= MISTAKE_CATS else "review.inaccurate")
    out = [mistake_msg(r) if ply in marked else msg(grade, loss=loss), msg("review.better", move=move_msg(review.game, pos, r.best))]
    if ply in marked:
        out.extend(reply_msgs(review.game, pos, r.played, r.line))
    return tuple(out)


def mistake_msg(r: PlyResult) -> Msg:
    """A marked mistake's grade: how much it gave away, or that it threw a won or level game away
    (a forced loss against a win or an even game: more than the CAP cats a loss is counted)."""
    if r.loss >= CAP:
        return msg("review.mistake_game")
    return msg("review.mistake", loss=r.loss)


def progress_msg(review: Review) -> Msg:
    done, total = review.progress
    return msg("review.ready") if done >= total else msg("review.progress", pct=100 * done // max(1, total))


def step_screen(review: Review, ply: int) -> Screen:
    """The OLED in review mode at ply `ply`: the move, its verdict, the progress, the keys."""
    pos = review.positions[ply]
    lines = (move_msg(review.game, pos, review.moves[ply]),)
    if review.computer is not None and pos.turn == review.computer:
        lines += (msg("review.computer"),)
    lines += verdict(review, ply)
    if ply == 0:    # the unit the verdicts count in, said once, at the start
        lines += (msg("review.unit"),)
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


def board_text(pos) -> str:
    """The bed as 36 letters (a1, b1, ... f6; "." empty) for the page's drawing of it."""
    return "".join(pos.piece_at(sq) or "." for sq in range(36))


def page_block(review: Review, language: str) -> dict:
    """The review for the page: the graph's values, the marked mistakes and the progress, worded
    in `language`; the bed before each move (`boards`) with the played and the better square
    (`squares`), so the page shows the position it talks about."""
    done, total = review.progress
    mistakes = []
    for r in review.mistakes():
        pos = review.positions[r.ply]
        mistakes.append({
            "ply": r.ply, "number": msg("review.ply", n=r.ply + 1).text(language),
            "mover": ("orange", "grey")[r.mover], "loss": r.loss,
            "played": move_msg(review.game, pos, r.played).text(language),
            "better": msg("review.better", move=move_msg(review.game, pos, r.best)).text(language),
            "line": " ".join(m.text(language) for m in reply_msgs(review.game, pos, r.played, r.line)),
            "verdict": mistake_msg(r).text(language)})
    squares = []
    for ply, text in enumerate(review.moves):
        pos, r = review.positions[ply], review.results.get(ply)
        better = (square_name(review.game.parse_move(pos, r.best).square)
                  if r is not None and not r.lost and r.loss >= GOOD_CATS else None)
        squares.append([square_name(review.game.parse_move(pos, text).square), better])
    words_ = {k: msg(f"review.{k}").text(language)
              for k in ("title", "mistakes", "graph", "close", "none", "ready", "unit", "axis",
                        "legend_up", "legend_down")}
    words_["reading"] = msg("review.reading", n="{n}").text(language)
    return {"game": "maunz", "plies": len(review.moves), "done": done >= total,
            "progress": [done, total], "graph": review.graph(), "mistakes": mistakes,
            "boards": [board_text(p) for p in review.positions[:-1]], "squares": squares,
            "computer": None if review.computer is None else ("orange", "grey")[review.computer],
            "progress_text": progress_msg(review).text(language), "words": words_}
