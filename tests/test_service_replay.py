"""--record / --replay: the physical event stream as JSON lines, played back through the real
referee in virtual time; golden recordings of whole games."""
from __future__ import annotations

import json
from pathlib import Path

from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from companion.service.events import Recorder, read_events
from companion.service.main import main
from companion.service.replay import replay
from tests.test_service_support import VirtualPlayer, scripted_game

DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "service_game_seed7.jsonl"


def record_game(path: Path, state: Path, seed: int = 7, players=True) -> list[str]:
    game, moves = scripted_game(seed)
    c = Companion(Config(), build_fakes(), state_dir=state, ai_mode="off")
    c.recorder = Recorder(path, c.record_header(), 0.0)
    if players:
        c.cards.add("04:00:00:01", "player", "Anna")
    p = VirtualPlayer(c)
    p.run(0.5)
    if players:
        c.devices.cards.tap("04000001")
        c.devices.cards.tap("01020304", "maunz:player:Ben")
        p.run(0.1)
    for m in moves:
        p.play(m)
    p.run(0.5)
    c.recorder.close(p.t, position=c.game.format_position(c.table.position), moves=c.table.moves)
    c.recorder = None
    c.close()
    return moves


def test_record_then_replay(tmp_path):
    path = tmp_path / "game.jsonl"
    moves = record_game(path, tmp_path / "state", seed=3)
    header, events = read_events(path)
    names = []
    assert header["moves"] == [] and header["start"] == "6/6/6/6/6/6 o 8k0c 8k0c"
    kinds = {e["type"] for e in events}
    assert {"scan", "card", "button", "end"} <= kinds
    assert all(a["t"] <= b["t"] for a, b in zip(events, events[1:]))
    result = replay(path, on_step=lambda c, t: names.append(c.table.players))
    assert result.moves == moves and result.matches and result.phase == "won"
    assert names[-1] == ("Anna", "Ben")  # the enrolled card works in the replay too


def test_golden_replay():
    game, moves = scripted_game(7)
    result = replay(GOLDEN)
    assert result.moves == moves
    pos = game.initial_position()
    for m in moves:
        pos = game.apply(pos, game.parse_move(pos, m))
    assert result.position == game.format_position(pos)
    assert result.phase == "won"
    assert result.matches  # the file's own "end" line agrees


def test_replay_cli(capsys):
    assert main(["--replay", str(GOLDEN)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("position ") and out[-2] == "phase won"


def test_replay_detects_divergence(tmp_path, capsys):
    lines = GOLDEN.read_text().splitlines()
    end = json.loads(lines[-1])
    end["moves"] = end["moves"][:-1]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines[:-1] + [json.dumps(end)]) + "\n")
    assert main(["--replay", str(bad)]) == 1
    assert "recording ended in" in capsys.readouterr().err


def test_bad_recording_names_the_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type":"header","version":1}\n{"t":1,"type":"scan","mask":0}\nnot json\n')
    assert main(["--replay", str(bad)]) == 2
    assert f"{bad}:3" in capsys.readouterr().err


if __name__ == "__main__":  # regenerate the golden file: python -m tests.test_service_replay
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        record_game(GOLDEN, Path(d), seed=7)
    print(f"wrote {GOLDEN}")
