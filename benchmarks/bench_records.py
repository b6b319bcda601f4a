"""What defining the records a command loads costs: the record base
(``builder/rules/records.py``, slotted records as the program declares them) against
frozen, slotted dataclasses, and against the same records without ``__slots__``.

An ``export-pdf`` defines 32 record classes on its way (the rules, storage, the sheet
model, the export plan: about four fields each).  This script writes a module of 32
four-field records each way and times importing it in a fresh process, paired (A B, B A,
...): CPU time in the process (the median of the ratios of each pair and the medians of
each side), and with ``--instructions`` the instructions counted by valgrind's callgrind,
a figure a loaded machine does not move.  The bytecode is compiled beforehand, as an
installed program's is.  The records without slots are timed in the same runs, after
the pair.

    python benchmarks/bench_records.py [--runs 21] [--instructions]
"""
from __future__ import annotations

import argparse
import compileall
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSES, FIELDS = 32, 4


def _modules(folder: Path) -> None:
    names = [f"f{j}" for j in range(FIELDS)]
    records = ["from builder.rules.records import FrozenRecord"]
    unslotted = list(records)
    dataclasses = ["from dataclasses import dataclass"]
    for i in range(CLASSES):
        body = ("".join(f"    {n}: int\n" for n in names)
                + f"    def __init__(self, {', '.join(names)}):\n"
                + "".join(f"        object.__setattr__(self, {n!r}, {n})\n" for n in names))
        head = f"class C{i}(FrozenRecord):\n    _fields = {tuple(names)!r}\n"
        records.append(head + "    __slots__ = _fields\n" + body)
        unslotted.append(head + body)
        dataclasses.append(f"@dataclass(frozen=True, slots=True)\nclass C{i}:\n"
                           + "".join(f"    {n}: int\n" for n in names))
    (folder / "as_records.py").write_text("\n".join(records))
    (folder / "as_unslotted_records.py").write_text("\n".join(unslotted))
    (folder / "as_dataclasses.py").write_text("\n".join(dataclasses))
    compileall.compile_dir(str(folder), quiet=1)


TIMED = """
import sys, time
sys.path[:0] = [{folder!r}, {root!r}]
import builder.rules.base  # what every command imports anyway, not timed
start = time.process_time()
import {module}
print((time.process_time() - start) * 1000)
"""


def _cpu_ms(folder: Path, module: str) -> float:
    code = TIMED.format(folder=str(folder), root=str(ROOT), module=module)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return float(done.stdout)


def _instructions(folder: Path, module: str) -> int | None:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    code = TIMED.format(folder=str(folder), root=str(ROOT), module=module)
    done = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) if found else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--quick", action="store_true", help="one pair (CI)")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _modules(folder)
        records, dataclasses, ratios, unslotted = [], [], [], []
        for run in range(runs):
            order = ("as_records", "as_dataclasses") if run % 2 == 0 else \
                ("as_dataclasses", "as_records")
            got = {module: _cpu_ms(folder, module) for module in order}
            records.append(got["as_records"])
            dataclasses.append(got["as_dataclasses"])
            ratios.append(got["as_dataclasses"] / max(got["as_records"], 1e-6))
            unslotted.append(_cpu_ms(folder, "as_unslotted_records"))
        print(f"{CLASSES} records of {FIELDS} fields, CPU time to define them, {runs} pairs:")
        print(f"  record base         median {statistics.median(records):6.2f} ms")
        print(f"  record base, no __slots__ median {statistics.median(unslotted):6.2f} ms")
        print(f"  frozen slotted dataclasses (with importing dataclasses) "
              f"median {statistics.median(dataclasses):6.2f} ms")
        print(f"  ratio median {statistics.median(ratios):.2f}x "
              f"(min {min(ratios):.2f}x, max {max(ratios):.2f}x)")
        if args.instructions:
            base = _instructions(folder, "sys")
            if base is None:
                print("  instructions: valgrind is not installed")
                return 0
            for module in ("as_records", "as_unslotted_records", "as_dataclasses"):
                count = _instructions(folder, module)
                if count is not None:
                    print(f"  {module}: +{(count - base) / 1e6:.0f} M instructions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
