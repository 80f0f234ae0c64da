"""Every sample screen, for `companion screens` (companion/service/screens_cli.py) and the golden
tests: the shared ones (companion/ui/samples.py) and each game's own, the `SAMPLES` of the
`samples` module of its table's package (tables/maunz/samples.py ...), where it has one."""
from __future__ import annotations

import importlib
import importlib.util

from companion import catalogue
from companion.ui import samples


def _package(target: str) -> str:
    """The package a "module:attr" target lives in (the module itself if it is a package)."""
    module = target.partition(":")[0]
    spec = importlib.util.find_spec(module)
    return module if spec is not None and spec.submodule_search_locations else module.rpartition(".")[0]


def sample_screens() -> dict:
    out = dict(samples.sample_screens())
    for line in catalogue.GAMES:
        if line.table is None:
            continue
        name = _package(line.table) + ".samples"
        if importlib.util.find_spec(name) is not None:
            out.update(importlib.import_module(name).SAMPLES)
    return out
