"""The compiled kernels (companion/games/maunz/csrc, companion/games/katzenjammer/csrc) as
optional extensions: everything else is declared in pyproject.toml. Without a C compiler (or
Python's headers) the build skips them with one line each and the install goes on;
companion/games/native.py then runs the pure-Python kernels and the service says so in its log."""
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def _skipped(what: str, exc: Exception) -> None:
    why = (str(exc).strip().splitlines() or [type(exc).__name__])[-1][-160:]
    print(f"maunz-companion: {what} was not built (...{why}); the pure-Python kernel will run")


class OptionalBuildExt(build_ext):
    """build_ext whose failure is one line per extension, not setuptools' page of warnings."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 -- any build failure means: the pure path
            _skipped("the compiled kernels", exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            _skipped(ext.name, exc)


setup(
    ext_modules=[
        Extension(
            "companion.games.maunz.csrc._native",
            sources=["companion/games/maunz/csrc/module.c"],
            depends=[f"companion/games/maunz/csrc/{h}" for h in ("rules.h", "search.h", "search_type.h", "mt.h", "solve.h")],
            extra_compile_args=["-O3"],
            optional=True,
        ),
        Extension(
            "companion.games.katzenjammer.csrc._native",
            sources=["companion/games/katzenjammer/csrc/module.c"],
            depends=[f"companion/games/katzenjammer/csrc/{h}" for h in ("board.h", "pool.h", "set.h", "sevens.h", "text.h")],
            extra_compile_args=["-O3"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
