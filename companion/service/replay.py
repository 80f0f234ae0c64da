"""`companion run --replay FILE`: a recording played back through the real referee and service
loop on fake devices, in virtual time (as fast as the CPU goes), in a throw-away state directory.
"""
from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.service.config import Config, GameConfig, make_game, own_settings_declared, parameters_declared
from companion.service.events import EventFileError, apply_to_fakes, read_events


@dataclass
class ReplayResult:
    position: str
    moves: list[str]
    phase: str
    expected: dict | None  # the recording's "end" line, when it has one
    steps: int

    @property
    def matches(self) -> bool:
        return self.expected is None or (self.expected.get("position") == self.position
                                         and list(self.expected.get("moves", [])) == self.moves)


def config_from_header(header: dict) -> Config:
    ai = header.get("ai") or "off"
    return Config(
        source="<replay>",
        game=GameConfig(game=header.get("game", "maunz"), rules=header.get("rules"),
                        settle=float(header.get("settle", 0.25)),
                        correction_delay=float(header.get("correction_delay", 3.0)),
                        language=header.get("language", "de"), ai=ai,
                        # a game's own settings: the header keeps them by key (dice, secrets)
                        own={game: {key: header[key] for key in keys if key in header}
                             for game, keys in own_settings_declared().items()},
                        # and its parameters (maunz.: first), by key as well
                        parameters={game: {key: header[key] for key in keys if key in header}
                                    for game, keys in parameters_declared().items()}),
        scan_hz=float(header.get("scan_hz", 100.0)),
    )


def seed_state(state_dir: Path, config: Config, header: dict, events=()) -> None:
    """Put the recording's starting game into a fresh journal, as if the service had resumed it,
    and the card mappings the recording used into its card table."""
    from companion.service.cards import CardStore
    from companion.service.journal import Journal
    from companion.service.settings import Settings

    game = make_game(config)
    j = Journal(state_dir, game)
    try:
        j.begin_game(header.get("start") or game.format_position(game.initial_position()))
        for move in header.get("moves", []):
            j.apply_commit("move", move, "")
        from companion.tables import seat_keys

        names = header.get("players") or {}
        for seat, key in enumerate(seat_keys(game.info.name, len(j.seat_players()))):
            if names.get(key):
                j.set_player(seat, names[key])
        j.set_setting("language", config.game.language)
        j.set_setting("ai", config.game.ai)
        for game, keys in own_settings_declared().items():
            for key in keys:
                j.set_setting(Settings.own_key(game, key), config.game.own_setting(game, key))
        store = CardStore(j.conn)
        for ev in events:
            if ev["type"] == "card" and ev.get("function") and not ev.get("text"):
                store.add(ev["uid"], ev["function"], ev.get("name") or "", replace=True)
    finally:
        j.close()


def replay(path, *, state_dir: Path | None = None, tail: float | None = None, on_step=None) -> ReplayResult:
    """Play the recording; `tail` seconds of virtual time run on after the last event (default:
    enough for the settle and correction timers to fire)."""
    from companion.service.app import Companion
    from companion.service.devices import build_fakes

    header, events = read_events(path)
    config = config_from_header(header)
    tmp = None
    if state_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix="companion-replay-")
        state_dir = Path(tmp.name)
    try:
        seed_state(state_dir, config, header, events)
        devices = build_fakes()
        comp = Companion(config, devices, state_dir=state_dir, clock=lambda: 0.0, ai_mode="replay")
        period = 1.0 / config.scan_hz
        k = 0
        expected = None
        for ev in events:
            t_ev = float(ev.get("t", 0.0))
            while k * period < t_ev:
                comp.step(k * period)
                if on_step:
                    on_step(comp, k * period)
                k += 1
            if ev["type"] == "ai":
                comp.ai.answer(ev["move"], k * period)
            elif ev["type"] == "chance":
                comp.chance.answer(ev["move"], k * period)
            elif ev["type"] == "end":
                expected = ev
            else:
                apply_to_fakes(devices, ev)
        if tail is None:
            tail = config.game.settle + config.game.correction_delay + 1.0
        end = k + int(tail / period) + 1
        while k < end:
            comp.step(k * period)
            if on_step:
                on_step(comp, k * period)
            k += 1
        ref = comp.table
        result = ReplayResult(comp.game.format_position(ref.position), list(ref.moves), ref.view().phase,
                              expected, comp.steps)
        comp.close()
        return result
    finally:
        if tmp is not None:
            tmp.cleanup()


def replay_main(path: str) -> int:
    try:
        result = replay(path)
    except (EventFileError, ValueError) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    print(f"moves {' '.join(result.moves) or '-'}")
    print(f"phase {result.phase}")
    print(f"position {result.position}")
    if not result.matches:
        print(f"companion: replay of {path} ended in {result.position!r} after {len(result.moves)} moves;"
              f" the recording ended in {result.expected.get('position')!r} after"
              f" {len(result.expected.get('moves', []))} moves", file=sys.stderr)
        return 1
    return 0
