"""`companion bench teach`: how much of what the companion judges it can explain (issue 36).

Explanation coverage: for each game, the reason kinds its engine declares (`Game.reasons`, which
its `explain` and its refusals produce) that its table words in each language, as a share of
all of them (companion/tables/why.py; target 100 %, held by tests/test_why_coverage.py). One
line per game and language: `explain_coverage_pct_<game>_<language> N`.
"""
from __future__ import annotations

from companion.cliargs import OneLineParser


def main(argv: list[str] | None = None) -> int:
    OneLineParser(prog="companion bench teach").parse_args(argv)
    from companion import catalogue
    from companion.tables.why import coverage
    from companion.ui.i18n import LANGUAGES

    worst = 100
    for line in catalogue.GAMES:
        if line.table is None:
            continue
        for language in LANGUAGES:
            done, total, missing = coverage(line.name, language)
            for key in missing[:5]:
                print(f"  not explained: {key} [{language}]")
            pct = 100 * done // total if total else 0
            worst = min(worst, pct)
            print(f"{line.name} {language}: {done} of {total} reason kinds explained")
            print(f"explain_coverage_pct_{line.name.replace('-', '_')}_{language} {pct}")
    return 0 if worst == 100 else 1
