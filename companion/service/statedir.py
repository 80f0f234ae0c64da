"""Which state directory a command-line tool (history, export, cards) works on."""
from __future__ import annotations

from pathlib import Path

from companion.service.config import DEFAULT_CONFIG, DEFAULT_STATE_DIR, Config, user_state_dir
from companion.service.journal import DB_NAME


def add_arguments(parser) -> None:
    parser.add_argument("--state", metavar="DIR", help="state directory (default: the one in the config, "
                        f"else {DEFAULT_STATE_DIR} if it has a journal, else {user_state_dir()})")
    parser.add_argument("--config", metavar="FILE", help=f"service configuration (default {DEFAULT_CONFIG})")


def resolve(args) -> Path:
    """--state, else the config's [state] dir, else the system directory when it holds a journal,
    else the simulator's user directory. Raises ConfigError for a bad --config."""
    if args.state:
        return Path(args.state)
    if args.config:
        return Config.load(args.config).state_dir
    if DEFAULT_CONFIG.exists():
        return Config.load(DEFAULT_CONFIG).state_dir
    if (DEFAULT_STATE_DIR / DB_NAME).exists():
        return DEFAULT_STATE_DIR
    return user_state_dir()
