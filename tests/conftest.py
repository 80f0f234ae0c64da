"""Test-wide settings.

Hypothesis explores new random examples on every developer run (that is how the guidance bugs of
issue 11 were found), but CI must not go red by chance on a commit that did not change the code:
under CI (the `CI` environment variable, set by the CI runner) every property test runs its
examples derandomized, i.e. the same examples on every run. Counterexamples found by developers
are kept as explicit `@example`s, so they run in CI too.
"""
from __future__ import annotations

import logging
import os

import pytest

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _logging_as_it_was():
    """A test that runs a command in-process (`main([...])`) has it configure logging
    (basicConfig(force=True) onto the sys.stderr of that test's capture, closed after it): put
    the root logger's handlers and the companion loggers' levels back, so a later test's log
    line does not end in "--- Logging error ---" on a closed stream."""
    root = logging.getLogger()
    before, level = set(root.handlers), root.level
    companion_level = logging.getLogger("companion").level
    yield
    for handler in list(root.handlers):   # (pytest's own capture handlers come and go by phase)
        if handler not in before and not type(handler).__module__.startswith("_pytest"):
            root.removeHandler(handler)
    root.setLevel(level)
    logging.getLogger("companion").setLevel(companion_level)


# The maunz. kernel: compiled or pure-Python (companion/games/native.py). A test marked
# `pure` runs on the pure path; tests taking the `kernel` fixture run once on each path, the pure
# run marked `pure`, so `pytest -m pure` runs the pure path alone (COMPANION_PURE=1 runs the
# whole suite on it).
from companion.games import native  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "pure: run on the pure-Python maunz. kernel (companion/games/native.py)")


@pytest.fixture(autouse=True)
def _pure_kernel(request):
    if request.node.get_closest_marker("pure"):
        with native.pure():
            yield
    else:
        yield


@pytest.fixture(params=["native", pytest.param("pure", marks=pytest.mark.pure)])
def kernel(request):
    """The kernel the test runs on; a native run without the compiled kernel is skipped."""
    if request.param == "native" and native.kernel() is None:
        pytest.skip(f"no compiled kernel: {native.reason()}")
    return request.param


@pytest.fixture
def catalogue_line(monkeypatch):
    """Adds a test-only game's catalogue line for this test only (a "module:attr" string or an
    Entry) and returns its engine: the registry's engines are kept in copies that are put back
    afterwards, so other tests never see the game. The built-in games are registered first: the
    registry registers them on its first lookup, and patching before that would leave the undo
    deleting real games for later tests."""
    import companion.games as games
    from companion import catalogue

    games._load_builtin()
    for name in ("_INFOS", "_FACTORIES", "_ALIASES"):
        monkeypatch.setattr(games, name, dict(getattr(games, name)))

    def add(line):
        entry = catalogue.resolve(line) if isinstance(line, str) else line
        monkeypatch.setattr(catalogue, "GAMES", (*catalogue.GAMES, entry))
        return games.get(entry.name)
    return add


@pytest.fixture(scope="session")
def amd64_box():
    """The boot test's container (tests/test_service_boot.py), booted and installed once per run:
    the update test (tests/test_update_boot.py) goes on from where the boot test left it."""
    from tests.test_service_boot import installed_box

    yield from installed_box()
