"""The web page's drawing of a maunz game: the bed view every bed game has (companion/tables/
bed.py: the bed, the pools, whose turn, drawn from maunz.'s bed declaration), maunz.'s own stock
beside the pools (cats in the reserve, kittens in the box), and what the simulated hands need to
answer the table's questions. A pure function of the table and its view."""
from __future__ import annotations

from companion.tables import bed
from companion.tables.maunz.session import said_move

# The OLED lines that put a named piece on a square (guidance.py).
_PUT_KEYS = ("put_back", "put_on", "on_from_pool", "on_from_box")


def _page_hints(screen) -> dict:
    """What the simulated table needs beyond the bed: the square whose kitten-or-cat question is
    open ("asking", answered by the page's piece picker), and the piece the current correction
    step puts on a square ("put": the page puts down that piece there, not the mover's)."""
    out = {"asking": None, "put": None}
    for line in getattr(screen, "lines", ()):
        params = dict(line.params)
        if line.key == "ask_kind":
            out["asking"] = params["square"]
        elif line.key in _PUT_KEYS and out["put"] is None:
            letter = params["piece"].key.removeprefix("piece.")   # its phrase: "piece.g"
            if letter != "?":
                out["put"] = {"square": params["square"], "piece": letter}
    return out


def page_view(table, view) -> dict:
    pos = table.position
    seats = table.game.info.bed.seats
    # maunz.'s own groups beside each pool, in the page's words (cats waiting, kittens boxed)
    stock = {seat.key: [{"word": "page.reserve", "n": pos.reserve(c), "look": "ghost"},
                        {"word": "page.boxed", "n": pos.boxed(c), "look": "box"}]
             for c, seat in enumerate(seats)}
    out = {**bed.page_view(table, view), "stock": stock, **_page_hints(view.screen),
           "move_words": move_words(table)}
    if table.puzzle is not None:
        out["puzzle"] = puzzle_block(table)
        out["setup"] = table.setup_pieces()   # a click on a lit square puts down its piece
    return out


def puzzle_block(table) -> dict:
    """A puzzle at the table, as everybody watching may see it: never its solution (nor the
    refutations) until it is solved; the solver's rating, its history and the puzzles solved
    (`table.stats()`, from the journal), and the themes to choose the next puzzles by. Worded in
    the table's language."""
    from companion.ai.puzzles import THEMES
    from companion.ui.screens import msg
    from companion.tables.maunz import phrases as words

    pz, lang = table.puzzle, table.language
    stats = table.stats() if table.stats is not None else {}

    def theme(key):
        return msg(f"puzzle.theme.{key}").text(lang)

    out = {"id": pz.id, "theme": pz.theme, "horizon": pz.horizon, "rating": pz.rating,
           "to_move": "og"[table.attacker], "since": table.since, "daily": table.daily,
           "solved": table.solved,
           "player": msg("player.guest").text(lang) if stats.get("guest") else stats.get("player"),   # nobody named: "Gast"
           "history": stats.get("history", []),
           # what a person knows a solved puzzle by (its day, length and theme), not its id
           "solved_list": [{"at": s["at"], "theme_words": theme(s["theme"]),
                            "win_in": msg("puzzle.page.win_in", n=s["horizon"]).text(lang)}
                           for s in stats.get("solved", [])],
           "filter": stats.get("theme"),
           "themes": [{"key": t, "words": theme(t)} for t in THEMES],
           "words": {"title": msg("puzzle.page.title", colour=words.colour(table.attacker),
                                  n=pz.horizon).text(lang),
                     "puzzle": msg("puzzle.page.puzzle_rating", rating=pz.rating, theme=theme(pz.theme)).text(lang),
                     "rating": msg("puzzle.page.rating", rating=round(stats.get("rating", 1500))).text(lang),
                     "since": origin.text(lang) if (origin := table.origin()) is not None else None,
                     "themes": msg("puzzle.page.themes").text(lang), "any": msg("puzzle.page.any").text(lang),
                     "solved": msg("puzzle.page.solved").text(lang), "chart": msg("puzzle.page.chart").text(lang),
                     "chart_empty": msg("puzzle.page.chart_empty").text(lang)}}
    if table.solved:   # the main line in words, as the move list words the game's moves
        pos, out["solution"] = table.game.parse_position(pz.position), []
        for text in pz.solution:
            out["solution"].append(_worded(table.game, pos, text, lang))
            pos = table.game.apply(pos, table.game.parse_move(pos, text))
    return out


def _worded(game, before, text: str, lang: str) -> str:
    """One move in words, as the voice says it (say.move, say.boop, say.lift: "Orange: kitten on
    c3, boops d4 to e5")."""
    move = game.parse_move(before, text)
    return ", ".join(m.text(lang) for m in said_move(game.place(before, move.kind, move.square),
                                                      move.choice))


def move_words(table) -> list[str]:
    """The move list in words, one line per move."""
    line = table.line
    return [_worded(table.game, line.before(i), text, table.language) for i, text in enumerate(line.moves)]
