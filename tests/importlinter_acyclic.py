"""An import-linter contract type that forbids import cycles between modules.

import-linter's own `acyclic_siblings` contract looks at the children of one package at a time,
each child squashed with its descendants: it reports cycles between sibling packages (also ones
no module takes part in) and cannot see a cycle that crosses root packages. The rule here is
plainer: no module of ours may import itself back, directly or through others.

`acyclic_modules` (registered in pyproject.toml's `contract_types`) takes the import graph
lint-imports builds (grimp's: imports inside functions and under TYPE_CHECKING count) and fails
on every strongly connected component of two or more modules within `packages`, naming its
modules, one cycle through them and the imports (with line numbers) that close it.
"""
from __future__ import annotations

from collections import deque

from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


def _ours(module: str, packages: list[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def strongly_connected(nodes: list[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (no recursion limit on deep import chains): the components
    of two or more nodes, each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(edges[root]))]
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def shortest_cycle(start: str, members: set[str], edges: dict[str, list[str]]) -> list[str]:
    """A shortest path start -> ... -> start inside one component (breadth first)."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in edges[node]:
            if target not in members:
                continue
            if target == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start]
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"{start} is in no cycle")  # a component of 2+ always has one


class AcyclicModulesContract(Contract):
    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose: bool) -> ContractCheck:
        packages = list(self.packages)  # type: ignore[attr-defined]
        nodes = sorted(m for m in graph.modules if _ours(m, packages))
        edges = {m: sorted(t for t in graph.find_modules_directly_imported_by(m) if _ours(t, packages))
                 for m in nodes}
        cycles = []
        for component in strongly_connected(nodes, edges):
            path = shortest_cycle(component[0], set(component), edges)
            steps = []
            for importer, imported in zip(path, path[1:]):
                lines = sorted(d["line_number"] for d in
                               graph.get_import_details(importer=importer, imported=imported))
                steps.append((importer, imported, lines))
            cycles.append({"modules": component, "steps": steps})
        return ContractCheck(kept=not cycles, metadata={"cycles": cycles})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for cycle in check.metadata["cycles"]:
            output.print_error(f"Import cycle between {', '.join(cycle['modules'])}:")
            output.new_line()
            for importer, imported, lines in cycle["steps"]:
                where = f" (l.{', '.join(map(str, lines))})" if lines else ""
                output.print_error(f"- {importer} -> {imported}{where}")
            output.new_line()
