"""maunz.'s words, German and English, keyed (parameters named): its pieces and colours, its
guidance and questions on the OLED, what the voice says of a move, its own cards' labels.
Registered beside the shared ones (companion/ui/i18n.py) when the table is imported."""
from companion.ui import i18n
from companion.ui.screens import Msg, msg

PHRASES = {
    "colour.0": {"de": "Orange", "en": "Orange"},
    "colour.1": {"de": "Grau", "en": "Grey"},
    "kind.k": {"de": "Kätzchen", "en": "kitten"},
    "kind.c": {"de": "Katze", "en": "cat"},
    "piece.o": {"de": "das orange Kätzchen", "en": "the orange kitten"},
    "piece.O": {"de": "die orange Katze", "en": "the orange cat"},
    "piece.g": {"de": "das graue Kätzchen", "en": "the grey kitten"},
    "piece.G": {"de": "die graue Katze", "en": "the grey cat"},
    "piece.?": {"de": "die Figur", "en": "the piece"},
    "head.undo": {"de": "Zug zurück", "en": "Undo"},
    "head.clear": {"de": "Neues Spiel", "en": "New game"},
    "place": {"de": "Setz ein Kätzchen oder eine Katze", "en": "Place a kitten or a cat"},
    "place_kitten": {"de": "Setz ein Kätzchen", "en": "Place a kitten"},
    "place_cat": {"de": "Setz eine Katze", "en": "Place a cat"},
    "cat_declared": {"de": "Katze angesagt", "en": "Cat declared"},
    "no_cat": {"de": "Keine Katze im Vorrat", "en": "No cat in the pool"},
    "ask_kind": {"de": "{square}: Kätzchen oder Katze?", "en": "{square}: kitten or cat?"},
    "ask_keys": {"de": "OK = Kätzchen · Katze = Katze", "en": "OK = kitten · CAT = cat"},
    "boop": {"de": "{src} → {dst}", "en": "{src} → {dst}"},
    "boop_off": {"de": "{src} vom Bett", "en": "{src} off the bed"},
    "lift": {"de": "{squares} vom Bett", "en": "{squares} off the bed"},
    "choose_line": {"de": "Wähle: eine Dreierreihe abheben", "en": "Choose: lift a line of three"},
    "choose_retire": {"de": "Wähle: eine Figur abheben", "en": "Choose: lift one piece"},
    "choose_any": {"de": "Wähle: Dreierreihe oder eine Figur abheben",
                   "en": "Choose: lift a line of three or one piece"},
    "to_box": {"de": "{n} Kätzchen in die Schachtel", "en": "{n} {n:one=kitten|other=kittens} into the box"},
    "cats_in": {"de": "+{n} {n:one=Katze|other=Katzen} aus der Reserve", "en": "+{n} {n:one=cat|other=cats} from the reserve"},
    "cats_back": {"de": "{n} {n:one=Katze|other=Katzen} zurück in den Vorrat", "en": "{n} {n:one=cat|other=cats} back to the pool"},
    "kits_back": {"de": "{n} Kätzchen zurück in den Vorrat", "en": "{n} {n:one=kitten|other=kittens} back to the pool"},
    "grad_rule": {"de": "Kätzchen → Schachtel, Katzen → Vorrat",
                  "en": "kittens → box, cats → pool"},
    "not_option": {"de": "{square} ist keine Wahl: zurückstellen",
                   "en": "{square} is no option: put it back"},
    "confirm_retire": {"de": "Nur {square} nehmen? OK drücken", "en": "Only {square}? Press OK"},
    "put_back": {"de": "Stell {piece} zurück auf {square}", "en": "Put {piece} back on {square}"},
    "put_on": {"de": "Setz {piece} auf {square}", "en": "Put {piece} on {square}"},
    "take_off": {"de": "Nimm die Figur von {square}", "en": "Take the piece off {square}"},
    "carry": {"de": "Stell {piece} von {src} auf {dst}", "en": "Move {piece} from {src} to {dst}"},
    "off_to_pool": {"de": "Stell {piece} von {square} zurück in den Vorrat",
                    "en": "Put {piece} from {square} back in the pool"},
    "on_from_pool": {"de": "Setz {piece} aus dem Vorrat auf {square}",
                     "en": "Put {piece} from the pool on {square}"},
    "on_from_box": {"de": "Setz {piece} aus der Schachtel auf {square}",
                    "en": "Put {piece} from the box on {square}"},
    "box_to_pool": {"de": "{n} Kätzchen von {colour} aus der Schachtel in den Vorrat",
                    "en": "{n} {colour} {n:one=kitten|other=kittens} from the box to the pool"},
    "to_reserve": {"de": "{n} {n:one=Katze|other=Katzen} von {colour} zurück in die Reserve",
                   "en": "{n} {colour} {n:one=cat|other=cats} back to the reserve"},
    "more": {"de": "(noch {n})", "en": "({n} more)"},
    "ai_thinking": {"de": "KI denkt nach …", "en": "AI is thinking …"},
    "ai_move": {"de": "KI: {kind} auf {square}", "en": "AI: {kind} on {square}"},
    "remote_move": {"de": "{name}: {kind} auf {square}", "en": "{name}: {kind} on {square}"},
    "remote_wait": {"de": "{name} zieht (Fernspiel) …", "en": "{name} is moving (remote) …"},
    "hint_move": {"de": "Tipp: {kind} auf {square}", "en": "Hint: {kind} on {square}"},
    "hint_wait": {"de": "Tipp wird berechnet …", "en": "Finding a hint …"},
    "then_lift": {"de": "dann {squares} vom Bett", "en": "then {squares} off the bed"},
    "paused": {"de": "Brett wird neu gelesen …", "en": "Re-reading the bed …"},
    "offline": {"de": "Brett nicht verbunden", "en": "Bed not connected"},
    "won": {"de": "Drei Katzen in einer Reihe!", "en": "Three cats in a row!"},
    "won_all": {"de": "Alle 8 Katzen auf dem Bett!", "en": "All 8 cats on the bed!"},
    "won_kids": {"de": "Drei in einer Reihe!", "en": "Three in a row!"},
    "clear_bed": {"de": "Bett abräumen", "en": "Clear the bed"},
    "ai_set": {"de": "KI spielt {colour}", "en": "AI plays {colour}"},
    "say.move": {"de": "{colour}: {kind} auf {square}", "en": "{colour}: {kind} on {square}"},
    "say.boop": {"de": "stupst {src} nach {dst}", "en": "boops {src} to {dst}"},
    "say.boop_off": {"de": "stupst {src} vom Bett", "en": "boops {src} off the bed"},
    "say.lift": {"de": "hebt {squares} ab", "en": "lifts {squares}"},
    "wrong_kind": {"de": "{square}: {kind} passt nicht zu diesem Zug – abheben",
                   "en": "{square}: a {kind} is not this move: lift it"},
    "swapped_kind": {"de": "{square}: {kind} statt {want} – tauschen",
                     "en": "{square}: a {kind} where a {want} belongs: swap it"},
    "restored": {"de": "Bett stimmt wieder", "en": "Bed is right again"},
    "card.cat": {"de": "Katze", "en": "Cat"},
    "card.hint": {"de": "Tipp", "en": "Hint"},
    "card.ai_orange": {"de": "KI spielt Orange", "en": "AI plays orange"},
    "card.ai_grey": {"de": "KI spielt Grau", "en": "AI plays grey"},
    # "why?" (issue 36): the engine's reasons (companion/games/maunz/explain.py) in words; a
    # square as its name, a piece and a colour as their phrases, a direction as `why.maunz.way.*`
    "why.maunz.placed": {"de": "{colour}: {kind} auf {square} gesetzt",
                         "en": "{colour}: {kind} put on {square}"},
    "why.maunz.boop": {"de": "{src}: {piece} wird {way} nach {dst} gestupst",
                       "en": "{src}: {piece} is booped {way}, to {dst}"},
    "why.maunz.off_bed": {"de": "{src}: {piece} fällt {way} vom Bett, zurück in den Vorrat",
                          "en": "{src}: {piece} is booped {way}, off the bed and back to its pool"},
    "why.maunz.blocked": {"de": "{src}: {piece} bleibt, denn dahinter auf {dst} steht eine Figur",
                          "en": "{src}: {piece} stays, because {dst} behind it is taken"},
    "why.maunz.cat_stays": {"de": "{src}: {piece} bleibt, denn ein Kätzchen stupst keine Katze",
                            "en": "{src}: {piece} stays, because a kitten cannot boop a cat"},
    "why.maunz.no_neighbour": {"de": "Neben {square} steht nichts: nichts wird gestupst",
                               "en": "Nothing stands next to {square}: nothing is booped"},
    "why.maunz.win_line": {"de": "Drei Katzen von {colour} in einer Reihe ({squares}): gewonnen",
                           "en": "Three of {colour}'s cats in a row ({squares}): a win"},
    "why.maunz.win_all": {"de": "Alle 8 Katzen von {colour} auf dem Bett: gewonnen",
                          "en": "All 8 of {colour}'s cats on the bed: a win"},
    "why.maunz.win_kids": {"de": "Drei Kätzchen von {colour} in einer Reihe ({squares}): gewonnen",
                           "en": "Three of {colour}'s kittens in a row ({squares}): a win"},
    "why.maunz.win_pushed": {"de": "Die Stupser reihen drei Katzen von {colour} auf ({squares}):"
                                   " {colour} gewinnt",
                             "en": "The boops lined up three of {colour}'s cats ({squares}):"
                                   " {colour} wins"},
    "why.maunz.graduate": {"de": "{squares}: drei in einer Reihe mit Kätzchen: {n} Kätzchen in die"
                                 " Schachtel, je eine Katze in den Vorrat",
                           "en": "{squares}: three in a row with a kitten: {n} {n:one=kitten|other=kittens} into the"
                                 " box, a cat each to the pool"},
    "why.maunz.cats_back": {"de": "{n} {n:one=Katze|other=Katzen} der Reihe zurück in den Vorrat",
                            "en": "{n} {n:one=cat|other=cats} of the row back to the pool"},
    # with all 8 on the bed the rulebook says one *may* leave; that one must is our rule
    # (docs/rules/maunz.md, "Retiring is mandatory"), and the words say so
    "why.maunz.retire": {"de": "Alle 8 Figuren von {colour} auf dem Bett: eine muss herunter (unsere"
                               " Regel); {piece} auf {square} steigt auf: in die Schachtel, und eine"
                               " Katze kommt aus der Reserve in den Vorrat",
                         "en": "All 8 of {colour}'s pieces on the bed: one must leave (our rule);"
                               " {piece} on {square} graduates: into the box, and a cat comes from"
                               " the reserve into the pool"},
    "why.maunz.retire_cat": {"de": "Alle 8 Figuren von {colour} auf dem Bett: eine muss herunter"
                                   " (unsere Regel); {piece} auf {square} geht zurück in den Vorrat",
                             "en": "All 8 of {colour}'s pieces on the bed: one must leave (our rule);"
                                   " {piece} on {square} goes back to the pool"},
    "why.maunz.retire_kid": {"de": "Alle 8 Kätzchen von {colour} auf dem Bett: eines muss herunter"
                                   " (unsere Regel); {piece} auf {square} geht zurück in den Vorrat",
                             "en": "All 8 of {colour}'s kittens on the bed: one must leave (our rule);"
                                   " {piece} on {square} goes back to the pool"},
    "why.maunz.other_row": {"de": "Die Stupser reihen drei Katzen von {colour} auf ({squares}), doch"
                                  " nach unserer Regel zählt nur die Reihe des Ziehenden: sie zählt für"
                                  " {colour} erst am Ende des eigenen Zugs, wenn sie dann noch steht",
                            "en": "The boops lined up three of {colour}'s cats ({squares}), but our"
                                  " rule: only the mover's rows count; it counts for {colour} at the"
                                  " end of {colour}'s own turn if it still stands"},
    "why.maunz.choose": {"de": "{n} Möglichkeiten (Dreierreihen, mit 8 auf dem Bett auch einzelne"
                               " Figuren): {colour} wählt eine",
                         "en": "{n} options (rows of three, with all 8 on the bed single pieces"
                               " too): {colour} chooses one"},
    # why a placement is refused (the engine's Refused: explain.refusal)
    "why.maunz.over": {"de": "Das Spiel ist aus: {colour} hat gewonnen", "en": "The game is over: {colour} has won"},
    "why.maunz.occupied": {"de": "Auf {square} steht schon {piece}: eine Figur kommt nur auf ein freies Feld",
                           "en": "{square} is taken by {piece}: a piece goes on an empty square only"},
    "why.maunz.no_kitten": {"de": "{colour} hat kein Kätzchen mehr im Vorrat: eine Katze setzen",
                            "en": "{colour} has no kitten left in the pool: place a cat"},
    "why.maunz.no_cat": {"de": "{colour} hat keine Katze im Vorrat: ein Kätzchen setzen (eine Katze gibt"
                               " es erst, wenn ein Kätzchen aufsteigt)",
                         "en": "{colour} has no cat in the pool: place a kitten (a cat comes only when a"
                               " kitten graduates)"},
    **{f"why.maunz.way.{way}": {"de": de, "en": en} for way, de, en in (
        # never "down and left off the bed": "left" would read as a verb (issue 46)
        ("n", "nach oben", "up"), ("s", "nach unten", "down"), ("e", "nach rechts", "to the right"),
        ("w", "nach links", "to the left"), ("ne", "nach rechts oben", "to the upper right"),
        ("nw", "nach links oben", "to the upper left"), ("se", "nach rechts unten", "to the lower right"),
        ("sw", "nach links unten", "to the lower left"))},
    # maunz. puzzles (tables/maunz/puzzle.py)
    "puzzle.menu": {"de": "maunz. Puzzle", "en": "maunz. puzzle"},
    # the header bar: who is to move and in how many of their turns they win (it fits the bar)
    "puzzle.head": {"de": "{colour}: Sieg in {n}", "en": "{colour}: win in {n}"},
    "puzzle.move": {"de": "{kind} auf {square}", "en": "{kind} on {square}"},
    "puzzle.right": {"de": "Richtig! {colour} antwortet {move}", "en": "Right! {colour} answers {move}"},
    # a wrong move's refutation, by what it does (the issue's "Grey answers c3 and makes three in a row")
    "puzzle.wrong.win": {"de": "{colour} antwortet {move} und gewinnt", "en": "{colour} answers {move} and wins"},
    "puzzle.wrong.line": {"de": "{colour} antwortet {move} und legt drei in eine Reihe",
                          "en": "{colour} answers {move} and makes three in a row"},
    "puzzle.wrong.off": {"de": "{colour} antwortet {move} und stupst {piece} vom Bett",
                         "en": "{colour} answers {move} and boops {piece} off the bed"},
    "puzzle.wrong.push": {"de": "{colour} antwortet {move} und stupst {piece} von {src} weg",
                          "en": "{colour} answers {move} and boops {piece} away from {src}"},
    "puzzle.wrong.stops": {"de": "{colour} antwortet {move} und verhindert den Sieg",
                           "en": "{colour} answers {move} and stops the win"},
    "puzzle.wrong.lost": {"de": "Damit gewinnt {colour}", "en": "That lets {colour} win"},
    "puzzle.wrong_back": {"de": "Das gewinnt nicht", "en": "That does not win"},
    # the hint: one square lit white (asked again: the whole move); help counts as not solved
    "puzzle.defends": {"de": "Im Puzzle spielt der Begleiter {colour}", "en": "In a puzzle the companion plays {colour}"},
    # an attempt rated (the journal's Glicko-2): the solver's rating and how far it moved
    "puzzle.rated_up": {"de": "Deine Wertung: {rating}, {n} mehr", "en": "Your rating: {rating}, up {n}"},
    "puzzle.rated_down": {"de": "Deine Wertung: {rating}, {n} weniger", "en": "Your rating: {rating}, down {n}"},
    # the menu and the question in a puzzle (service/switching.py): what OK does to the game
    "puzzle.next": {"de": "Nächstes Puzzle", "en": "Next puzzle"},
    "puzzle.menu_keeps": {"de": "das laufende Spiel wartet", "en": "the game in play waits"},
    "puzzle.menu_back": {"de": "zurück ins Spiel, wie es war", "en": "back to the game as it was"},
    "puzzle.gives_up": {"de": "dieses zählt als nicht gelöst", "en": "this one counts as not solved"},
    "puzzle.hint_square": {"de": "Tipp: das weiß leuchtende Feld, {square}",
                           "en": "Hint: the square lit white, {square}"},
    "puzzle.hint_counts": {"de": "Mit Tipp zählt das Puzzle als nicht gelöst",
                           "en": "With a hint the puzzle counts as not solved"},
    # the set-up from the lights, all at once (screens.py): the cats named, the rest kittens
    # (no count: each piece put would change the line, and the voice would say it again)
    "puzzle.setup": {"de": "Setz die Figuren auf die leuchtenden Felder", "en": "Put the pieces on the lit squares"},
    "puzzle.setup_cats": {"de": "Katzen auf {squares}, sonst Kätzchen", "en": "Cats on {squares}, kittens elsewhere"},
    "puzzle.setup_kittens": {"de": "Nur Kätzchen", "en": "Kittens only"},
    # "Why?" in a puzzle (tables/maunz/puzzle.py)
    "why.maunz.puzzle_refuted": {"de": "Das gewinnt nicht: {colour} antwortet {kind} auf {square}",
                                 "en": "That does not win: {colour} answers {kind} on {square}"},
    "why.maunz.puzzle_no_win": {"de": "So gewinnt {colour} nicht in {n} {n:one=Zug|other=Zügen}",
                                "en": "This way {colour} does not win in {n} {n:one=turn|other=turns}"},
    "why.maunz.puzzle_defends": {"de": "Richtig: {colour} wehrt sich am längsten mit {kind} auf {square}",
                                 "en": "Right: {colour} holds out longest with {kind} on {square}"},
    "why.maunz.puzzle_wins_in": {"de": "{colour} gewinnt weiter in {n} {n:one=Zug|other=Zügen}",
                                 "en": "{colour} still wins in {n} {n:one=turn|other=turns}"},
    "why.maunz.puzzle_hint_square": {
        "de": "Der Gewinnzug setzt eine Figur auf {square}: Kätzchen oder Katze und was folgt, findest du selbst",
        "en": "The winning move puts a piece on {square}: kitten or cat, and what follows, is yours to find"},
    "puzzle.again": {"de": "Noch ein Versuch: die Stellung ist wieder da",
                     "en": "Try again: the position is back"},
    "puzzle.solved": {"de": "Gelöst!", "en": "Solved!"},
    # the page's puzzle panel (web/static/puzzle.js)
    "puzzle.page.title": {"de": "Puzzle: {colour} gewinnt in {n}", "en": "Puzzle: {colour} wins in {n}"},
    "puzzle.page.rating": {"de": "Deine Wertung: {rating}", "en": "Your rating: {rating}"},
    "puzzle.page.puzzle_rating": {"de": "Puzzle-Wertung {rating} · Thema: {theme}",
                                  "en": "Puzzle rating {rating} · theme: {theme}"},
    "puzzle.page.since": {"de": "Aus deinem Spiel vom {day}", "en": "From your game on {day}"},
    # the day of the player's own game, "vom 28. November" / "on 28 Nov"
    **{f"puzzle.day.{m}": {"de": f"{{n}}. {de}", "en": f"{{n}} {en}"} for m, de, en in (
        (1, "Januar", "Jan"), (2, "Februar", "Feb"), (3, "März", "Mar"), (4, "April", "Apr"), (5, "Mai", "May"),
        (6, "Juni", "Jun"), (7, "Juli", "Jul"), (8, "August", "Aug"), (9, "September", "Sep"),
        (10, "Oktober", "Oct"), (11, "November", "Nov"), (12, "Dezember", "Dec"))},
    "puzzle.page.daily": {"de": "Das Puzzle des Tages", "en": "The puzzle of the day"},
    "puzzle.page.themes": {"de": "Nächste Puzzles:", "en": "Next puzzles:"},
    "puzzle.page.any": {"de": "alle Themen", "en": "any theme"},
    "puzzle.page.solved": {"de": "Gelöst", "en": "Solved"},
    "puzzle.page.chart": {"de": "Wertung nach jedem Versuch", "en": "Rating after each attempt"},
    "puzzle.page.chart_empty": {"de": "Die Kurve beginnt mit deinem ersten Puzzle.",
                                "en": "The chart begins with your first puzzle."},
    "puzzle.page.win_in": {"de": "Sieg in {n}", "en": "win in {n}"},
    "puzzle.theme.boop-off": {"de": "vom Bett stupsen", "en": "boop off the bed"},
    "puzzle.theme.graduation": {"de": "Aufstieg bringt eine Katze", "en": "a graduation brings a cat"},
    "puzzle.theme.push-line": {"de": "Reihe durch Stupsen", "en": "a line by pushing"},
    "puzzle.theme.eight-cats": {"de": "acht Katzen auf dem Bett", "en": "eight cats on the bed"},
    "puzzle.theme.three-cats": {"de": "drei Katzen in einer Reihe", "en": "three cats in a row"},
    "puzzle.theme.defence-breaks-line": {"de": "die Abwehr bricht die eigene Reihe",
                                         "en": "the defence breaks its own line"},
}
i18n.register(PHRASES)


# A phrase's parameter that names a piece, a kind or a colour is the phrase of it (a Msg, worded
# in the line's language): "Stell das graue Kätzchen zurück auf c4".
def piece(letter: str | None) -> Msg:
    """'o' 'O' 'g' 'G' (None: not known) -> "das orange Kätzchen" ..."""
    return msg(f"piece.{letter or '?'}")


def kind(key: str) -> Msg:
    return msg(f"kind.{key}")


def colour(seat: int) -> Msg:
    return msg(f"colour.{seat}")
