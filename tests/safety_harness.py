"""Kill and race harnesses shared by the tests (small runs) and benchmarks/ (big runs).

``kill_trials``: a forked writer saves a file again and again and is killed with
SIGKILL at a random moment; before each os.replace it announces the digest of
the bytes it is about to put in place.  After the kill the file must hold, byte
for byte, the bytes it had before or bytes the writer announced (old or new,
never a mix), and the next command must leave no temporary or lock file behind.

``race``: several processes run the same command on one file at once; every
successful exit must have added exactly one ledger entry.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class KillReport:
    kills: int = 0
    broken: list[str] = field(default_factory=list)     # neither old nor new
    leftovers: list[str] = field(default_factory=list)  # temp files after the next command
    mid_write: int = 0                                   # kills that left a temp behind
    writes: int = 0                                      # replaces the writers announced
    stuck: int = 0                                       # writers that never reached their point


def _announce_replace(fd: int) -> None:
    """In the writer: report the digest of what each os.replace puts in place."""
    real = os.replace

    def announcing(src, dst, *args, **kwargs):
        digest = hashlib.sha256(Path(src).read_bytes()).hexdigest()
        try:
            os.write(fd, (digest + "\n").encode())
        except OSError:              # the parent is gone: never write unannounced
            os._exit(3)
        return real(src, dst, *args, **kwargs)

    os.replace = announcing


#: Where a writer can be killed by ``at_points``: (module, function name).
KILL_POINTS = [("tempfile", "mkstemp"), ("os", "fsync"), ("os", "chmod"), ("os", "replace"),
               ("os", "close")]


def _kill_at(rng: random.Random) -> str:
    """In the writer: SIGKILL itself at a random call of a random file operation,
    before or after it runs."""
    import importlib

    module_name, name = rng.choice(KILL_POINTS)
    module = importlib.import_module(module_name)
    real = getattr(module, name)
    nth, after = rng.randint(1, 3), rng.random() < 0.5
    calls = [0]

    def dying(*args, **kwargs):
        calls[0] += 1
        if calls[0] == nth and not after:
            os.kill(os.getpid(), signal.SIGKILL)
        result = real(*args, **kwargs)
        if calls[0] == nth and after:
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(module, name, dying)
    return f"{module_name}.{name} #{nth} {'after' if after else 'before'}"


def kill_trials(target: Path, write_once: Callable[[Path, int], None],
                next_command: Callable[[Path], None], kills: int, seed: int = 0,
                max_delay: float | None = None, at_points: bool = False) -> KillReport:
    """Fork a writer (``write_once(target, n)`` in a loop) and SIGKILL it: after a
    random delay, or (``at_points``) at a random call of a file operation (see
    KILL_POINTS); check old-or-new, run ``next_command``, check no temporary or
    lock file is left.  The random delay is up to ``max_delay`` seconds (default:
    four times what one write takes here and now, so kills spread over whole writes)."""
    rng = random.Random(seed)
    if max_delay is None and not at_points:
        started = time.perf_counter()
        write_once(target, -1)
        max_delay = 4 * (time.perf_counter() - started)
    report = KillReport()
    folder = target.parent
    for trial in range(kills):
        before = target.read_bytes()
        allowed = {hashlib.sha256(before).hexdigest()}
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:                                      # the writer
            try:
                quiet = os.open(os.devnull, os.O_WRONLY)
                os.dup2(quiet, 1)
                os.dup2(quiet, 2)
                os.close(read_fd)
                _announce_replace(write_fd)
                if at_points:
                    _kill_at(random.Random(seed * 100003 + trial))
                n = 0
                while True:
                    write_once(target, seed * 10**6 + trial * 1000 + n)
                    n += 1
            finally:
                os._exit(0)
        os.close(write_fd)
        if at_points:                 # it kills itself; a stuck writer is killed anyway
            deadline = time.monotonic() + 30
            while os.waitpid(pid, os.WNOHANG) == (0, 0):
                if time.monotonic() > deadline:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    report.stuck += 1
                    break
                time.sleep(0.002)
        else:
            time.sleep(rng.uniform(0, max_delay or 0.05))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        with os.fdopen(read_fd, "rb") as pipe:
            announced = [line.decode().strip() for line in pipe.read().splitlines()]
        report.writes += len(announced)
        allowed.update(announced)
        report.kills += 1
        now = hashlib.sha256(target.read_bytes()).hexdigest()
        if now not in allowed:
            report.broken.append(f"kill {trial}: the file is neither old nor new")
        if any(p.name.endswith(".tmp") for p in folder.iterdir()):
            report.mid_write += 1
        next_command(target)
        # Nothing but data beside the data: no temporary file, no lock file.
        left = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
        if left:
            report.leftovers.append(f"kill {trial}: {left}")
    return report


def race(argv_for: Callable[[int, int], list[str]], processes: int, rounds: int,
         env: dict | None = None) -> list[int]:
    """Run ``processes`` workers at once, each calling the CLI ``rounds`` times in one
    process (``argv_for(worker, round)``); returns every exit code."""
    script = (
        "import json, sys\n"
        "from builder.cli import run\n"
        "argvs = json.loads(sys.argv[1])\n"
        "codes = []\n"
        "for argv in argvs:\n"
        "    codes.append(run(argv))\n"
        "print(json.dumps(codes))\n")
    workers = []
    for worker in range(processes):
        argvs = [argv_for(worker, r) for r in range(rounds)]
        workers.append(subprocess.Popen(
            [sys.executable, "-c", script, json.dumps(argvs)], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env={**os.environ, **(env or {})}))
    codes: list[int] = []
    for proc in workers:
        out, _ = proc.communicate(timeout=600)
        codes.extend(json.loads(out.strip().splitlines()[-1]))
    return codes
