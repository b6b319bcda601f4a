"""Paired whole-process measurements (shared by the benchmarks).

Machines running these are noisy (2 cores shared with other jobs), so a
benchmark never compares two medians taken at different times: it runs A and B
alternately (A B, B A, A B, ...), takes the ratio B/A of each pair, and reports
the median of those ratios with their min and max.  Wall time is measured
around the process; peak memory is the child's own maximum resident set (GNU
time's ``%M`` where installed, else ``os.wait4``, Linux/macOS); the CPU time (user +
system, from ``os.wait4``) is reported beside them, since a loaded machine disturbs it
least (wall time on a busy machine includes waiting for a core).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from typing import Callable


class Run:
    __slots__ = ("wall", "rss_kib", "cpu")

    def __init__(self, wall: float, rss_kib: int, cpu: float = 0.0):
        self.wall = wall
        self.rss_kib = rss_kib
        #: The process's CPU time, user + system (its own and its children's): what a
        #: loaded machine disturbs least.
        self.cpu = cpu


#: GNU time, when installed: a child's peak memory counts the process it was forked
#: from (Linux keeps the larger), so a child forked from this benchmark (itself a
#: Python of ~15 MiB) would never show less; GNU time is a small process to fork from.
GNU_TIME = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None


def _gnu_time_works() -> bool:
    if GNU_TIME is None:
        return False
    try:
        done = subprocess.run([GNU_TIME, "-f", "%M", "true"], capture_output=True, text=True)
    except OSError:
        return False
    return done.returncode == 0 and done.stderr.strip().isdigit()


USE_GNU_TIME = _gnu_time_works()
MEMORY_METHOD = ("peak memory by GNU time (%M)" if USE_GNU_TIME else
                 "peak memory by wait4 (floored at this benchmark's own size)")


def measure(cmd: list[str], env: dict, cwd: str | None = None,
            accept: tuple[int, ...] = (0,)) -> Run:
    """One run of ``cmd``; SystemExit when it exits with a code not in ``accept``."""
    report = None
    if USE_GNU_TIME:
        fd, report = tempfile.mkstemp(prefix="paired-rss-")
        os.close(fd)
        cmd = [GNU_TIME, "-q", "-f", "%M", "-o", report, *cmd]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if code not in accept:
        raise SystemExit(f"{' '.join(cmd)} exited {code}\n{err}")
    rss = usage.ru_maxrss
    if os.uname().sysname == "Darwin":  # bytes there, KiB on Linux
        rss //= 1024
    if report is not None:
        with open(report, encoding="ascii") as handle:
            rss = int(handle.read().split()[-1])
        os.unlink(report)
    return Run(wall, rss, usage.ru_utime + usage.ru_stime)


def paired(a: list[str], b: list[str], env: dict, runs: int,
           before_a: Callable[[], None] | None = None,
           before_b: Callable[[], None] | None = None,
           cwd: str | None = None) -> list[tuple[Run, Run]]:
    """``runs`` pairs of (A, B), alternating which goes first; one warm-up of each."""
    for cmd, before in ((a, before_a), (b, before_b)):
        if before:
            before()
        measure(cmd, env, cwd)
    pairs = []
    for i in range(runs):
        order = ("a", "b") if i % 2 == 0 else ("b", "a")
        got = {}
        for which in order:
            before = before_a if which == "a" else before_b
            if before:
                before()
            got[which] = measure(a if which == "a" else b, env, cwd)
        pairs.append((got["a"], got["b"]))
    return pairs


class Summary:
    """Median, min and max of the pair ratios B/A, for wall time and peak memory."""

    def __init__(self, pairs: list[tuple[Run, Run]]):
        self.pairs = pairs
        wall = [b.wall / a.wall for a, b in pairs]
        mem = [b.rss_kib / a.rss_kib for a, b in pairs]
        self.wall = (statistics.median(wall), min(wall), max(wall))
        self.mem = (statistics.median(mem), min(mem), max(mem))
        self.a_wall = statistics.median(a.wall for a, _ in pairs)
        self.b_wall = statistics.median(b.wall for _, b in pairs)
        self.a_mib = statistics.median(a.rss_kib for a, _ in pairs) / 1024
        self.b_mib = statistics.median(b.rss_kib for _, b in pairs) / 1024
        cpu = [b.cpu / a.cpu for a, b in pairs if a.cpu > 0]
        self.cpu = (statistics.median(cpu), min(cpu), max(cpu)) if cpu else None

    def line(self, name_a: str, name_b: str) -> str:
        return (f"{name_b} vs {name_a}: wall {self.wall[0]:.2f}x "
                f"(pairs {self.wall[1]:.2f}x-{self.wall[2]:.2f}x; medians "
                f"{self.b_wall * 1000:.0f} vs {self.a_wall * 1000:.0f} ms), "
                f"peak memory {self.mem[0]:.2f}x (pairs {self.mem[1]:.2f}x-{self.mem[2]:.2f}x; "
                f"{self.b_mib:.1f} vs {self.a_mib:.1f} MiB), {len(self.pairs)} pairs"
                + (f"; CPU time {self.cpu[0]:.2f}x (pairs {self.cpu[1]:.2f}x-"
                   f"{self.cpu[2]:.2f}x)" if self.cpu else ""))


class CallPairs:
    """In-process pairs: A and B called alternately (A B, B A, ...), each timed over
    ``number`` calls; the median of the pair ratios B/A with their min and max."""

    def __init__(self, a: Callable[[], object], b: Callable[[], object], runs: int,
                 number: int = 1, warm: bool = True):
        if warm:
            a()
            b()
        self.a_times: list[float] = []
        self.b_times: list[float] = []
        for i in range(runs):
            got = {}
            for which in (("a", "b") if i % 2 == 0 else ("b", "a")):
                fn = a if which == "a" else b
                start = time.perf_counter()
                for _ in range(number):
                    fn()
                got[which] = (time.perf_counter() - start) / number
            self.a_times.append(got["a"])
            self.b_times.append(got["b"])
        ratios = [b / a for a, b in zip(self.a_times, self.b_times)]
        self.ratio = (statistics.median(ratios), min(ratios), max(ratios))
        self.a_ms = statistics.median(self.a_times) * 1000
        self.b_ms = statistics.median(self.b_times) * 1000
        self.b_max_ms = max(self.b_times) * 1000

    def line(self, name_a: str, name_b: str, unit: str = "ms") -> str:
        scale = 1.0 if unit == "ms" else 0.001
        return (f"{name_b} vs {name_a}: {self.ratio[0]:.2f}x (pairs {self.ratio[1]:.2f}x-"
                f"{self.ratio[2]:.2f}x; medians {self.b_ms * scale:.3f} vs "
                f"{self.a_ms * scale:.3f} {unit}), {len(self.a_times)} pairs")
