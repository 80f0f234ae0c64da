"""The table protocol declares every capability the service may ask (issue "One table framework",
2): every registered table extends TableBase, whose defaults the service reads as attributes,
and the service and the web layer probe neither tables nor devices with getattr/hasattr."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.games as games
from companion import tables
from companion.tables import TableBase

ROOT = Path(__file__).resolve().parents[1] / "companion"
#: what a probe's first argument may not be: a table, its view or screen, a factory, the devices
PROBED = ("table", "ref", "view", "factory", "devices", "shown", "screen")


@pytest.mark.parametrize("name", tables.names())
def test_every_table_extends_the_base_and_answers_every_capability(name):
    cls = tables.factory(name)
    assert issubclass(cls, TableBase), cls
    table = tables.make(games.get(name), language="en")
    assert isinstance(table, tables.Table)
    assert isinstance(table.ai_seats, tuple)                       # always a tuple
    assert isinstance(cls.several_ai_seats, bool) and isinstance(table.senses_bed, bool)
    assert table.senses_bed == (games.info(name).bed is not None)   # the engine declares it
    assert isinstance(table.observes_chance, bool) and isinstance(table.own_deck, bool)
    assert isinstance(table.virtual_hands, bool) and isinstance(table.card_functions, tuple)
    assert set(table.setting_values) <= set(cls.own_settings) | set(cls.shared_settings)
    assert table.on_tag("04a1b2c3d4e5f6", None, 0.0) in (True, False)
    assert table.language == "en"


def test_the_capabilities_of_the_built_in_tables():
    """What each built-in game's table declares (a game added to the catalogue declares its own:
    nothing here names it or needs to)."""
    caps = {name: tables.factory(name) for name in tables.names()}
    assert caps["katzenjammer"].several_ai_seats and games.info("maunz").bed is not None
    assert caps["monster-mau-mau"].own_deck
    assert sorted(caps["katzenjammer"].own_settings) == ["beginner", "dice", "void_roll"]
    assert sorted(caps["maunz"].own_settings) == ["beginner"]   # issue 36: beginner mode
    assert sorted(caps["cats"].own_settings) == ["secrets"]
    assert not any(caps[n].several_ai_seats for n in ("maunz", "monster-mau-mau", "cats", "cat-attack"))
    assert not any(games.info(n).bed for n in ("katzenjammer", "monster-mau-mau", "cats", "cat-attack"))
    # (senses_bed is the engine's declaration, read by every table: test_every_table_extends...)


@pytest.mark.parametrize("name", tables.names())
def test_every_table_is_a_table_by_isinstance(name):
    """The protocol's verbs all have TableBase's default (view: each table's own, abstract), so a
    table that says only what is its own is a `Table`."""
    table = tables.make(games.get(name), language="de")
    missing = [verb for verb in ("on_scan", "on_card", "on_button", "on_device_event", "on_ai_move",
                                 "on_chance", "new_game", "tick", "view", "drain_commits")
               if not callable(getattr(table, verb, None))]
    assert not missing and isinstance(table, tables.Table), missing


def test_a_table_without_a_view_is_refused_by_name():
    class Blind(TableBase):
        pass

    with pytest.raises(TypeError, match="Blind.*view"):
        Blind()


def _probes(path: Path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("getattr", "hasattr") and node.args:
            yield node.func.id, ast.unparse(node.args[0]), node.lineno


def test_service_and_web_do_not_probe_tables_or_devices():
    found = []
    for folder in ("service", "web"):
        for path in sorted((ROOT / folder).glob("*.py")):
            for func, subject, line in _probes(path):
                if func == "hasattr" or any(word in subject for word in PROBED):
                    found.append(f"{path.relative_to(ROOT.parent)}:{line}: {func}({subject}, ...)")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("name", tables.names())
def test_the_new_game_question_is_a_field_of_the_view(name):
    """OK held asks "new game?" in every game; the view says so in `asking_new_game` (the
    service gives CAT to its game menu then), and BACK takes the question away."""
    t = tables.make(games.get(name), language="en")
    t.on_scan(0, 0.0)                # maunz.: the bed is seen empty first
    t.tick(1.0)
    assert not t.view().asking_new_game
    t.on_button("ok", "long", 1.1)
    t.tick(1.2)
    assert t.view().asking_new_game
    t.on_button("back", "press", 1.3)
    t.tick(1.4)
    assert not t.view().asking_new_game
