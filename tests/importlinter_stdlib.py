"""An import-linter contract type for the standard library: `forbidden` contracts only see
packages in the import graph, and grimp leaves the standard library out of it, so
`forbidden_modules = ["sqlite3", "asyncio"]` would pass whatever the code imports.

`stdlib_forbidden` (registered in pyproject.toml's `contract_types`) reads the source of every
module in `source_modules` and of every module of ours they import, directly or not, and fails
on any import (at the top or inside a function) of a name in `forbidden_modules`.
"""
from __future__ import annotations

import ast
import importlib.util

from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


def _imports(path: str) -> list[tuple[str, int]]:
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, node.lineno))
    return found


class StdlibForbiddenContract(Contract):
    source_modules = fields.ListField(subfield=fields.StringField())
    forbidden_modules = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose: bool) -> ContractCheck:
        forbidden = set(self.forbidden_modules)  # type: ignore[attr-defined]
        sources: set[str] = set()
        for name in self.source_modules:  # type: ignore[attr-defined]
            sources |= {name} | graph.find_descendants(name)
        reached: dict[str, str] = {}  # module -> the source module it is reached from
        for src in sorted(sources):
            for mod in {src} | graph.find_upstream_modules(src):
                reached.setdefault(mod, src)
        bad = []
        for mod, src in sorted(reached.items()):
            spec = importlib.util.find_spec(mod)
            if spec is None or not spec.origin or not spec.origin.endswith(".py"):
                continue
            for name, line in _imports(spec.origin):
                if name.split(".")[0] in forbidden:
                    bad.append((src, mod, name, line))
        return ContractCheck(kept=not bad, metadata={"bad": bad})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for src, mod, name, line in check.metadata["bad"]:
            via = "" if src == mod else f" (imported by {src})"
            output.print_error(f"{mod} imports {name} (l.{line}){via}")
            output.new_line()
