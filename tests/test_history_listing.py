"""The history's list and frames as the service gives them to the page (issue 46, item 4): a seat
nobody named is called as its game calls it, in the table's language (Katzenjammer's colours,
the card games' "Spieler 3"), never a bare "1 – 2", also as the winner; a past Katzenjammer
step's caption has none of the live table's words to the players ("the dice roll ...")."""
from __future__ import annotations

from companion.service.past_games import PastGames
from tests.history_games import write_games


def test_unnamed_seats_are_called_as_their_game_calls_them(tmp_path):
    recorded = write_games(tmp_path, also=(("katzenjammer", 2, 1, ()), ("monster-mau-mau", 1, 2, ("Anna",))))
    language = ["de"]
    games = PastGames(tmp_path, lambda: language[0])
    listed = {g["id"]: g for g in games.listing()}
    assert listed[recorded["katzenjammer+1"][0]]["players"] == ["Rot", "Grün"]
    mmm = listed[recorded["monster-mau-mau+2"][0]]
    assert mmm["players"] == ["Anna", "Spieler 2", "Spieler 3", "Spieler 4"]
    assert listed[recorded["maunz"][0]]["players"] == ["Anna", "Ben"]   # named seats as named
    language[0] = "en"
    listed = {g["id"]: g for g in games.listing()}
    assert listed[recorded["katzenjammer+1"][0]]["players"] == ["Red", "Green"]
    frame = games.frame(recorded["katzenjammer+1"][0], 1)
    assert frame["past"]["players"] == ["Red", "Green"]


def test_a_past_katzenjammer_step_asks_nobody_to_roll(tmp_path):
    gid, moves = write_games(tmp_path)["katzenjammer"]
    games = PastGames(tmp_path, lambda: "en")
    for ply in range(len(moves) + 1):
        frame = games.frame(gid, ply)
        assert "Rolling the dice" not in frame["text"] and "companion rolls" not in frame["text"], ply
        if ply and not moves[ply - 1].startswith("roll:"):   # a turn played: its roll with it
            roll = next(m for m in reversed(moves[:ply]) if m.startswith("roll:"))
            assert frame["board"]["last"]["dice"] == [int(d) for d in roll[5:]], ply
