"""The service configuration: one TOML file, validated completely at start.

    [hardware]   # one key per device, handed to hardware.build_devices (it validates them)
    reed = "gpio"
    [game]
    game = "maunz"          # the game at boot: a registered game with a table (`companion games`)
    rules = "rulebook"      # or that game's rules options, comma-separated (maunz:
                            # "opponent-cats-win" or "kids")
    settle = 0.25           # seconds a sensed change must hold before it counts
    correction_delay = 3.0  # seconds before a wrong bed is flagged
    language = "de"         # or "en"
    ai = "off"              # or "orange", "grey": the colour the AI plays (other games: "1"-"4",
                            # the seat; games of more than two players: several, "2,3")
    players = 0             # seats in play, for games of 2-4 or more (0: the game's default)
    ai_level = "adaptive"   # the computer's level: "1" (a child beats it), "2", "2.5", "3" ..
                            # "6.5", "7", "8", "9" (the strongest), or "adaptive": the level
                            # nearest the player's rating (the level card changes it at the
                            # table; `companion bench ai --ladder`: each level's Elo)
    ai_time = 2.0           # seconds the AI may think (on a Pi 4)
    ai_process = true       # think in a worker process (false: a thread, which slows the scan loop)
    [game.maunz]            # a game's parameters, as its GameInfo declares them
    first = "orange"        # or "grey": who makes the first move
    [game.katzenjammer]     # and its table's own settings, as the table declares them (own_settings)
    dice = "companion"      # who rolls the Miwin dice ("players": they roll their own and enter
                            # them; the dice card switches it at the table)
    void_roll = "pass"      # a roll that allows no move passes by itself ("confirm": waits for OK)
    [game.cats]
    secrets = "deal"        # the companion deals the secret cards ("cards": each player taps
                            # their own cat and character card; the own-cards card switches it)
    [web]
    enabled = false
    host = "127.0.0.1"
    port = 8080
    control = false         # allow moves from the browser (the simulator); off on the Pi
    token = ""
    names = []              # more host names the page is opened by (e.g. ["companion.home.arpa"]);
                            # IP addresses, localhost and the machine's own name always work
    [voice]
    enabled = false         # say the OLED's guidance on the Pi's speaker (needs espeak-ng, aplay)
    backend = "espeak-ng"   # or "piper" (pip install piper-tts) with model_de / model_en: .onnx files
    device = "default"      # the ALSA device (aplay -L); "none": render but play nothing
    volume = 80             # percent (the voice card and the page switch it on and off)
    rate = 165              # espeak-ng's words per minute
    [remote]
    brokers = ["wss://broker.hivemq.com:8884/mqtt", "wss://test.mosquitto.org:8081/mqtt"]
    name = ""               # this side's name for the other player (remote play, maunz.)
    ca_file = ""            # a private broker's CA certificate
    [state]
    dir = "/var/lib/maunz-companion"
    [service]
    scan_hz = 100           # the steps of `companion run --feed` and of a replayed recording (the
                            # loop sleeps otherwise; a reed matrix's scans: [hardware.reed] scan_hz)
    [update]
    url = ""                # "check for updates" on the page: a release's latest.json
                            # (docs/UPDATES.md); "": off

Every problem (unknown section or key, wrong type, value out of range) is one line naming the
file, the section, the key and the fix; `companion run` prints it and exits with status 2. A
game's parameters and its table's own settings were once keys of [game] (`first`, `dice`,
`secrets`): they are still read there, with a note (`Config.notes`) that names the new place.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.service.config_check import ConfigError, Validator

DEFAULT_CONFIG = Path("/etc/maunz-companion/companion.toml")
DEFAULT_STATE_DIR = Path("/var/lib/maunz-companion")


def user_state_dir() -> Path:
    """Where `companion sim` keeps its journal: $XDG_STATE_HOME/maunz-companion."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "maunz-companion"


@dataclass(frozen=True)
class GameConfig:
    game: str = "maunz"
    rules: str | None = None  # None: the rulebook reading
    settle: float = 0.25
    correction_delay: float = 3.0
    language: str = "de"
    ai: str = "off"           # "off", one seat ("grey", "2") or several ("2,3")
    #: a game's own settings from its [game.<name>] section: game -> key -> value (the values
    #: its table declares in `own_settings`; a key not given takes the first of them)
    own: dict[str, dict[str, str]] = field(default_factory=dict)
    ai_level: str = "adaptive"
    ai_time: float = 2.0
    ai_process: bool = True
    players: int = 0          # seats at the table; 0: the game's fewest (2)
    #: a game's parameters from its [game.<name>] section: game -> key -> value (as its GameInfo
    #: declares them; a key not given takes the declared default, so it is left out here)
    parameters: dict[str, dict[str, str]] = field(default_factory=dict)

    def own_setting(self, game: str, key: str) -> str:
        """A game's own setting as configured, else the first value its table declares."""
        value = self.own.get(game, {}).get(key)
        return value if value is not None else own_settings_declared()[game][key][0]


@dataclass(frozen=True)
class WebConfig:
    enabled: bool = False
    host: str = "127.0.0.1"
    port: int = 8080
    control: bool = False
    token: str = ""
    names: tuple[str, ...] = ()   # extra host names the Host check accepts (DNS names of the Pi)


@dataclass(frozen=True)
class VoiceConfig:
    enabled: bool = False
    backend: str = "espeak-ng"
    model_de: str = ""
    model_en: str = ""
    device: str = "default"
    volume: int = 80
    rate: int = 165


#: Two public brokers that offer MQTT over TLS WebSockets without an account (remote play).
PUBLIC_BROKERS = ("wss://broker.hivemq.com:8884/mqtt", "wss://test.mosquitto.org:8081/mqtt")


@dataclass(frozen=True)
class RemoteConfig:
    brokers: tuple[str, ...] = PUBLIC_BROKERS
    name: str = ""          # this side's name, shown to the other player
    ca_file: str = ""       # a CA certificate for a private broker's TLS ("": the system's)


@dataclass(frozen=True)
class Config:
    source: str = "<defaults>"
    hardware: dict[str, Any] = field(default_factory=dict)
    game: GameConfig = GameConfig()
    web: WebConfig = WebConfig()
    voice: VoiceConfig = VoiceConfig()
    remote: RemoteConfig = RemoteConfig()
    state_dir: Path = DEFAULT_STATE_DIR
    scan_hz: float = 100.0
    #: [update] url: where "check for updates" looks (a latest.json of signed releases); "": off
    update_url: str = ""
    #: one line each for what the file says the old way (a game's setting as a [game] key)
    notes: tuple[str, ...] = ()

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Config":
        path = Path(path)
        src = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ConfigError(src, None, None, "file not found",
                              "write one (see systemd/companion.toml.example) or pass --config FILE") from None
        except OSError as exc:
            raise ConfigError(src, None, None, f"cannot read: {exc.strerror}", "check the permissions") from None
        except UnicodeDecodeError as exc:
            line = exc.object[:exc.start].count(b"\n") + 1
            raise ConfigError(src, None, None, f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x} in line {line})",
                              "save the file as UTF-8 (TOML files are UTF-8)") from None
        return cls.from_text(text, src, base_dir=path.parent)

    @classmethod
    def from_text(cls, text: str, source: str = "<config>", base_dir: Path | None = None) -> "Config":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(source, None, None, f"not valid TOML: {exc}", "fix the syntax") from None
        return cls.from_dict(data, source, base_dir=base_dir)

    @classmethod
    def from_dict(cls, data: dict, source: str = "<config>", base_dir: Path | None = None) -> "Config":
        v = Validator(source)
        for section, value in data.items():
            if section not in _SECTIONS:
                raise ConfigError(source, section, None, "unknown section",
                                  f"use one of [{'], ['.join(_SECTIONS)}]")
            if not isinstance(value, dict):
                raise ConfigError(source, section, None, "must be a table",
                                  f"write it as a [{section}] header with keys below it")
        hw = dict(data.get("hardware", {}))
        g = dict(data.get("game", {}))
        sections = {k: g.pop(k) for k in list(g) if isinstance(g[k], dict)}   # [game.<name>]
        params = parameters_declared()
        declared = _merged(own_settings_declared(), params)
        legacy = {key: game for game, keys in declared.items() for key in keys}
        v.unknown("game", g, _GAME_KEYS + tuple(legacy))
        own, notes = _own_settings(v, source, g, sections, declared, legacy)
        # the game's parameters go to its engine, the rest to its table
        parameters = {game: {k: x for k, x in keys.items() if k in params.get(game, {})}
                      for game, keys in own.items()}
        own = {game: {k: x for k, x in keys.items() if k not in params.get(game, {})}
               for game, keys in own.items()}
        name, rules = v.game(g)
        players = _players(source, name, int(v.number("game", g, "players", 0, 0, 10, integer=True)))
        game = GameConfig(
            game=name,
            rules=rules,
            settle=v.number("game", g, "settle", 0.25, 0.0, 5.0),
            correction_delay=v.number("game", g, "correction_delay", 3.0, 0.0, 60.0),
            language=v.choice("game", g, "language", "de", ("de", "en")),
            ai=_ai(source, name, seats_for(name, players), v.string("game", g, "ai", "off")),
            own={game: keys for game, keys in own.items() if keys},
            parameters={game: keys for game, keys in parameters.items() if keys},
            ai_level=v.choice("game", g, "ai_level", "adaptive", _ai_levels()),
            ai_time=v.number("game", g, "ai_time", 2.0, 0.05, 120.0),
            ai_process=v.boolean("game", g, "ai_process", True),
            players=players,
        )
        w = data.get("web", {})
        v.unknown("web", w, _WEB_KEYS)
        web = WebConfig(
            enabled=v.boolean("web", w, "enabled", False),
            host=v.string("web", w, "host", "127.0.0.1"),
            port=int(v.number("web", w, "port", 8080, 1, 65535, integer=True)),
            control=v.boolean("web", w, "control", False),
            token=v.string("web", w, "token", "") or _token_beside(source, base_dir),
            names=v.host_names("web", w, "names"),
        )
        if web.enabled and web.control and web.host not in ("127.0.0.1", "localhost", "::1") and not web.token:
            raise ConfigError(source, "web", "token", "control is allowed on a non-local host without a token",
                              'set token = "<a long random string>" or control = false')
        voice = _voice(v, source, data.get("voice", {}), base_dir)
        remote = _remote(v, source, data.get("remote", {}))
        s = data.get("state", {})
        v.unknown("state", s, _STATE_KEYS)
        state_dir = Path(v.string("state", s, "dir", str(DEFAULT_STATE_DIR))).expanduser()
        if not state_dir.is_absolute() and base_dir is not None:
            state_dir = base_dir / state_dir
        sv = data.get("service", {})
        v.unknown("service", sv, _SERVICE_KEYS)
        scan_hz = v.number("service", sv, "scan_hz", 100.0, 1.0, 1000.0)
        up = data.get("update", {})
        v.unknown("update", up, ("url",))
        update_url = v.string("update", up, "url", "")
        if update_url and not update_url.startswith(("https://", "http://")):
            raise ConfigError(source, "update", "url", "not an http(s) address",
                              'write e.g. url = "https://example.org/maunz/latest.json", or leave it out (off)')
        return cls(source=source, hardware=hw, game=game, web=web, state_dir=state_dir, scan_hz=scan_hz,
                   voice=voice, remote=remote, notes=notes, update_url=update_url)

    def replace(self, **changes) -> "Config":
        from dataclasses import replace

        return replace(self, **changes)


_SECTIONS = ("hardware", "game", "web", "voice", "remote", "state", "service", "update")
_GAME_KEYS = tuple(k for k in GameConfig.__dataclass_fields__ if k not in ("own", "parameters"))


def _voice(v, source, x: dict, base_dir: Path | None) -> VoiceConfig:
    v.unknown("voice", x, tuple(VoiceConfig.__dataclass_fields__))
    models = {}
    for key in ("model_de", "model_en"):
        model = v.string("voice", x, key, "")
        if model and not Path(model).is_absolute() and base_dir is not None:
            model = str(base_dir / model)
        models[key] = model
    voice = VoiceConfig(enabled=v.boolean("voice", x, "enabled", False),
                        backend=v.choice("voice", x, "backend", "espeak-ng", ("espeak-ng", "piper")),
                        device=v.string("voice", x, "device", "default"),
                        volume=int(v.number("voice", x, "volume", 80, 0, 100, integer=True)),
                        rate=int(v.number("voice", x, "rate", 165, 80, 400, integer=True)), **models)
    if voice.enabled and voice.backend == "piper" and not (voice.model_de or voice.model_en):
        raise ConfigError(source, "voice", "model_de", "the piper backend needs a voice model",
                          'give model_de = "/path/de_DE-thorsten-medium.onnx" (and model_en), or'
                          ' backend = "espeak-ng"')
    return voice


def read_remote(x: dict, source: str) -> RemoteConfig:
    """A [remote] section given another way (the command line's --broker, --name), checked alike."""
    return _remote(Validator(source), source, x)


def _remote(v, source, x: dict) -> RemoteConfig:
    from companion.service.mqtt_link import BrokerAddressError, parse_broker

    v.unknown("remote", x, tuple(RemoteConfig.__dataclass_fields__))
    brokers = x.get("brokers", list(PUBLIC_BROKERS))
    if not isinstance(brokers, list) or not brokers or not all(isinstance(b, str) for b in brokers):
        raise ConfigError(source, "remote", "brokers", f"bad value {brokers!r}",
                          'use a list of broker addresses, e.g. ["wss://broker.hivemq.com:8884/mqtt"]')
    for url in brokers:
        try:
            parse_broker(url)
        except BrokerAddressError as exc:
            raise ConfigError(source, "remote", "brokers", str(exc), "fix that address") from None
    return RemoteConfig(brokers=tuple(brokers), name=v.string("remote", x, "name", "")[:24],
                        ca_file=v.string("remote", x, "ca_file", ""))


def _ai_levels() -> tuple[str, ...]:
    """The computer's levels (companion/ai/levels.py; "easy", "medium", "hard" are Levels 2, 4
    and 9, the names before the ladder)."""
    from companion.ai.levels import ADAPTIVE, ALIASES, LEVELS

    return (ADAPTIVE, *LEVELS, *ALIASES)


def own_settings_declared() -> dict[str, dict[str, tuple[str, ...]]]:
    """Every game's own settings as its table declares them: game -> key -> the values it takes
    (the first is the default)."""
    from companion import tables

    return {name: dict(tables.factory(name).own_settings) for name in tables.names()
            if tables.factory(name).own_settings}


def parameters_declared() -> dict[str, dict[str, tuple[str, ...]]]:
    """Every game's parameters as its GameInfo declares them: game -> key -> the values it takes
    (the first is the default)."""
    from companion import tables
    from companion.games import info

    return {name: {p.name: p.values for p in info(name).parameters} for name in tables.names()
            if info(name).parameters}


def _merged(*declarations: dict) -> dict[str, dict[str, tuple[str, ...]]]:
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for declared in declarations:
        for game, keys in declared.items():
            out.setdefault(game, {}).update(keys)
    return out


def _own_settings(v, source, g, sections, declared, legacy) -> tuple[dict, tuple[str, ...]]:
    """The [game.<name>] sections, checked against what each game (its GameInfo's parameters,
    its table's own settings) declares, and the same settings given the old way, as [game] keys (read, with a note naming the new place)."""
    from companion.games import GameError, info

    own: dict[str, dict[str, str]] = {}
    notes = []
    for key, game in legacy.items():
        if key in g:
            values = declared[game][key]
            own.setdefault(game, {})[key] = v.choice("game", g, key, values[0], values)
            notes.append(f"{source}: [game] {key} is read as [game.{game}] {key}; write it there"
                         f" (the old place is read only for old files)")
    for section_name, section in sections.items():
        where = f"game.{section_name}"
        try:
            game = info(section_name).name
        except GameError:
            game = None
        if game not in declared:
            has = ", ".join(f"[game.{n}]" for n in declared)
            raise ConfigError(source, where, None, "no game with parameters or settings of its own by that name",
                              f"use one of {has}")
        v.unknown(where, section, tuple(declared[game]))
        for key, values in declared[game].items():
            if key in section:
                own.setdefault(game, {})[key] = v.choice(where, section, key, values[0], values)
    return own, tuple(notes)


def _players(source, game: str, players: int) -> int:
    """The number of seats (0: the game's fewest), checked against the game's player range. A
    game of fixed seats (maunz.: two) leaves it to the games switched to at the table: `players
    = 3` with maunz. at boot is the three seats of Katzenjammer, Cats or Cat Attack later."""
    from companion import tables
    from companion.games import info

    meta = info(game)
    if meta.min_players == meta.max_players:
        meta = None  # checked against the games that take a number of seats
    if players and meta is not None and not meta.min_players <= players <= meta.max_players:
        raise ConfigError(source, "game", "players", f"bad value {players} for {meta.name}",
                          f"{meta.title} is for {meta.players} players")
    if players and not any(info(n).min_players <= players <= info(n).max_players for n in tables.names()):
        raise ConfigError(source, "game", "players", f"bad value {players}",
                          f"no game is for {players} players")
    return players


def seats_for(game: str, players: int) -> int:
    """`[game] players` for one game: the number if that game takes it, else 0 (its fewest)."""
    from companion.games import info

    meta = info(game)
    return players if meta.min_players <= players <= meta.max_players else 0


def make_game(config: Config, name: str | None = None):
    """The configured game (its rules), or the game called `name` under its rulebook; either
    with its parameters from its [game.<name>] section (maunz.: who starts).
    Here, with the configuration it reads: the service (app.py), its game switching
    (switching.py) and replays (replay.py) all make their games with it."""
    from companion.games import get, info

    g = config.game
    if name is not None and info(name).name != info(g.game).name:
        # another game: the configured seats if that game takes them
        name = info(name).name
        return get(name, players=seats_for(name, g.players) or None, **g.parameters.get(name, {}))
    name = info(g.game).name
    return get(name, rules=g.rules, players=seats_for(name, g.players) or None, **g.parameters.get(name, {}))


def _ai(source, game: str, players: int, value: str) -> str:
    """The AI's seats, checked against the game's seats: "off", one seat (maunz "orange" or
    "grey", other games "1".."n") or, in a game of more than two players, several ("2,3").
    Returned in seat order ("3, 2" -> "2,3")."""
    from companion import tables
    from companion.games import info

    meta = info(game)
    seats = players or meta.min_players
    names = tables.seat_names(meta.name, seats)
    wanted = [t.strip() for t in value.strip().lower().split(",")]
    if wanted == ["off"]:
        return "off"
    one = "use one of: " + ", ".join(repr(n) for n in ("off", *names))
    several = ' (several: comma-separated, "2,3")' if seats > 2 else ""

    def bad(problem: str, fix: str) -> ConfigError:
        return ConfigError(source, "game", "ai", f"bad value {value!r}: {problem}", fix)

    for token in wanted:
        if token not in names:
            more = "" if seats == meta.max_players else ", or set players = " + (
                str(meta.max_players) if seats + 1 == meta.max_players else f"{seats + 1}-{meta.max_players}")
            raise bad(f"{meta.name} for {seats} players has no seat {token!r}", one + several + more)
    if len(set(wanted)) != len(wanted):
        raise bad("a seat named twice", "name each seat once")
    if len(wanted) > 1 and meta.max_players <= 2:
        raise bad(f"{meta.name} is a two-player game and its AI plays one seat (in one worker"
                  " process)", one)
    if len(wanted) > 1 and seats <= 2:
        raise bad("several AI seats need a game of more than two players",
                  f"name one seat ({one}) or set players = 3-{meta.max_players}")
    return ",".join(n for n in names if n in wanted)


_WEB_KEYS = tuple(WebConfig.__dataclass_fields__)
#: the control token made at the image's first boot (companion/image/firstboot.py), beside the
#: configuration, used when [web] token is not set
TOKEN_FILE = "web-token"
#: what the first boot found wrong on the SD card, one line each (the service shows it)
CARD_PROBLEM_FILE = "card-problem.txt"
#: what the first boot wants said at the table (a new ssh key), one line each
CARD_NOTICE_FILE = "card-notice.txt"


def _token_beside(source: str, base_dir: Path | None) -> str:
    if base_dir is None or not (base_dir / TOKEN_FILE).exists():
        return ""
    try:
        return (base_dir / TOKEN_FILE).read_text().strip()
    except OSError as exc:
        raise ConfigError(source, "web", "token", f"{base_dir / TOKEN_FILE} cannot be read ({exc.strerror})",
                          "make it readable by the service's user (root:companion, mode 0640)") from None
_STATE_KEYS = ("dir",)
_SERVICE_KEYS = ("scan_hz",)
