"""The compiled kernels (companion/games/maunz/csrc, companion/games/katzenjammer/csrc) as
optional extensions: everything else is declared in pyproject.toml. Without a C compiler (or
Python's headers) the build skips them with one line each and the install goes on;
companion/games/native.py then runs the pure-Python kernels and the service says so in its log."""
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """build_ext whose failure is one line, not setuptools' page of warnings."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 -- any build failure means: the pure path
            print(f"maunz-companion: the compiled kernel was not built ({exc}); the pure-Python kernel will run")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            print(f"maunz-companion: the compiled kernel was not built ({exc}); the pure-Python kernel will run")


setup(
    ext_modules=[
        Extension(
            "companion.games.maunz.csrc._native",
            sources=["companion/games/maunz/csrc/module.c"],
            depends=[f"companion/games/maunz/csrc/{h}" for h in ("rules.h", "search.h", "mt.h")],
            extra_compile_args=["-O3"],
            optional=True,
        ),
        Extension(
            "companion.games.katzenjammer.csrc._native",
            sources=["companion/games/katzenjammer/csrc/module.c"],
            extra_compile_args=["-O3"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
