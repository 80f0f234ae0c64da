"""How tests/data/round1/state/companion.db was written: by the round-1 service code (main at
45f5b37, before the journal became generic over games), through its own Journal and CardStore.
Kept for the record; it needs that commit's `companion.service.journal` (orange/grey columns)
and will not run against later schemas. The golden outputs beside it (history.json,
export/game-*.txt) are what round-1's `companion history --json` and `companion export --all`
printed for this database with TZ=UTC; tests/test_service_upgrade.py checks today's code
reads the database the same way and resumes its unfinished game.
"""
import random
import sys
from pathlib import Path

from companion.games import get
from companion.service.cards import CardStore
from companion.service.journal import Journal


def play(journal, game, rng, plies=None):
    pos = game.parse_position(journal.current.start)
    n = 0
    while pos.winner is None and (plies is None or n < plies):
        move = rng.choice(game.legal_moves(pos))
        text = game.format_move(pos, move)
        pos = game.apply(pos, move)
        journal.apply_commit("move", text, game.format_position(pos))
        n += 1
    return pos


def main(state: Path) -> None:
    t = [1_700_000_000.0]

    def clock():
        t[0] += 7.5
        return t[0]

    rng = random.Random(12)
    # Game 1: rulebook, orange first, played to a win, both players named.
    g = get("maunz")
    j = Journal(state, g, game_name="maunz", clock=clock)
    j.begin_game(g.format_position(g.initial_position()))
    j.set_player(0, "Anna")
    j.set_player(1, "Ben")
    play(j, g, rng)
    j.close()
    # Game 2: kids rules, grey first, abandoned after a few moves.
    k = get("maunz", rules="kids")
    k.first = 1  # round 1 set who starts by mutating the game (the service did the same)
    j = Journal(state, k, game_name="maunz", clock=clock)
    j.begin_game(k.format_position(k.initial_position()))
    j.set_player(1, "Cleo")
    play(j, k, rng, plies=5)
    j.apply_commit("abandon", None, k.format_position(k.initial_position()))
    j.close()
    # Game 3 (opened by the abandon): an unplayed game is deleted when the next one starts;
    # game 4: rulebook, unfinished after 9 moves with an undo, to resume.
    j = Journal(state, g, game_name="maunz", clock=clock)
    j.apply_commit("new_game", None, g.format_position(g.initial_position()))
    j.set_player(0, "Anna")
    j.set_player(1, "Dora")
    play(j, g, rng, plies=10)
    j.apply_commit("undo", None, "")
    j.set_setting("language", "en")
    j.set_setting("ai", "grey")
    cards = CardStore(j.conn)
    cards.add("04:A1:B2:C3", "new_game")
    cards.add("04:A1:B2:C4", "undo")
    cards.add("04:11:22:33:44:55:66", "player", "Anna")
    cards.add("04:A1:B2:C5", "ai_grey")
    j.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    j.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
