"""What importing where a module is used saves: the program as it is (A) against the same
program with every module it could reach imported first (B), as if each import were at
the top of its module.

Two measurements, paired whole processes (A B, B A, ...; ``paired.py``), compiled
bytecode as an installed program has it:

- a command (``show`` of a Story Point character): B imports every module of
  ``builder`` outside the window and the renderer first;
- the window's start until it is ready (``--quit-when-ready``, a library of 20
  characters, offscreen): B imports every module of ``builder`` first.

    python benchmarks/bench_lazy_imports.py [--runs 11] [--quick]
"""
from __future__ import annotations

import argparse
import compileall
import os
import pkgutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))
from paired import MEMORY_METHOD, Summary, paired  # noqa: E402

#: Modules no program imports by itself (the entry point; run, not imported).
NEVER_IMPORTED = ("builder.__main__",)


def builder_modules(window: bool) -> list[str]:
    """Every module of ``builder`` (without the window's and the renderer's, unless
    ``window``)."""
    import builder

    names = []
    for found in pkgutil.walk_packages(builder.__path__, "builder."):
        name = found.name
        if name in NEVER_IMPORTED:
            continue
        if not window and (".ui" in name or name.startswith("builder.render")):
            continue
        names.append(name)
    return names


RUN = """
import importlib, sys
for name in {modules!r}:
    importlib.import_module(name)
from builder.__main__ import main
sys.exit(main({words!r}))
"""


def command(modules: list[str], words: list[str]) -> list[str]:
    return [sys.executable, "-c", RUN.format(modules=modules, words=words)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--quick", action="store_true", help="one pair each (CI)")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    compileall.compile_dir(str(ROOT / "builder"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, CHARACTER_BUILDER_DATA=str(Path(tmp) / "data"),
                   XDG_CONFIG_HOME=str(Path(tmp) / "config"),
                   XDG_STATE_HOME=str(Path(tmp) / "state"),
                   XDG_CACHE_HOME=str(Path(tmp) / "cache"),
                   QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
        made = [subprocess.run(command([], ["new", "story-points", f"Kit {i}"]), env=env,
                               capture_output=True, text=True, check=True).stdout.strip()
                for i in range(20)]
        show = ["show", made[0]]
        cli = Summary(paired(command([], show), command(builder_modules(False), show),
                             env, runs))
        start = ["--quit-when-ready"]
        window = Summary(paired(command([], start), command(builder_modules(True), start),
                                env, runs))
    print(f"imports where used (A) against every module imported first (B); {MEMORY_METHOD}")
    print("  show:   " + cli.line("as the program imports", "every module first"))
    print("  window: " + window.line("as the program imports", "every module first"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
