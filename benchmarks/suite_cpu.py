"""Where the test suite's CPU goes: each test file's CPU time, browsers and subprocesses included.

Usage: python benchmarks/suite_cpu.py [--workers N] [--top K] [PYTEST ARGS...]

Runs pytest as ``scripts/test.sh`` does (``-n N --dist loadscope``; ``--workers 1``: one
process) with this file loaded as a plugin, which reads, before and after each test, the CPU
time of the pytest process and of everything it started (the browser a browser test drives,
the commands a CLI test runs): Linux's ``/proc``. Then prints, for each test file, that CPU time,
its share and the tests' wall time added up, the slowest tests, and the machine's CPU over the
run (busy and idle seconds): on a machine with C cores, a run cannot take less wall time than
its CPU time over C. Set ``CARDRULES_SITE`` to a built site to leave the site build out.

Figures, not tests: the suite never times anything. Reading ``/proc`` twice a test adds a few
milliseconds to each.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Generator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUT_ENV = "CARDRULES_SUITE_CPU_DIR"
"""Where each pytest process writes its tests' figures (set by :func:`main` for the plugin)."""


# The plugin (loaded in each pytest process with ``-p suite_cpu``) ------------------------------


def tree_cpu(root: int) -> float:
    """The CPU seconds used so far by process ``root`` and all its descendants, those that
    ended and were waited for included (Linux ``/proc``)."""
    children: dict[int, list[int]] = {}
    used: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        pid = int(name)
        children.setdefault(int(fields[1]), []).append(pid)
        # utime, stime, and the same of the children it waited for
        used[pid] = sum(int(f) for f in fields[11:15])
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += used.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total / os.sysconf("SC_CLK_TCK")


_FIGURES: dict[str, tuple[float, float]] = {}


def pytest_configure(config: pytest.Config) -> None:
    """Make this pytest process the reaper of its orphaned descendants (Linux's
    ``PR_SET_CHILD_SUBREAPER``): a process whose parent ended before it (Chromium's zygote,
    whose renderers' time it holds, once the browser closes) is then its child, and its time
    still counted when it ends, as an unreaped child; without this the test during which the
    browser closed (each worker's last) lost that time and read 0."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):  # not Linux: figures as before
        pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item,
                            nextitem: pytest.Item | None) -> Generator[None, None, None]:
    """Each test's CPU seconds (its process tree) and wall seconds, set-up and teardown included."""
    cpu, wall = tree_cpu(os.getpid()), time.perf_counter()
    yield
    # Less than before when a process ended that no process of the tree waited for (its time
    # was counted while it ran, in the tests it ran for): nothing, not a negative time.
    used = max(0.0, tree_cpu(os.getpid()) - cpu)
    _FIGURES[item.nodeid] = (used, time.perf_counter() - wall)


def pytest_sessionfinish(session: pytest.Session) -> None:
    folder = os.environ.get(OUT_ENV)
    if folder and _FIGURES:
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        Path(folder, f"{name}.json").write_text(json.dumps(_FIGURES), encoding="utf-8")


# The report ------------------------------------------------------------------------------------


def by_file(figures: Mapping[str, tuple[float, float]]) -> list[tuple[str, float, float, int]]:
    """``(file, CPU seconds, wall seconds, tests)`` for each test file, the costliest first
    (a page's examples, ``docs/...``, count as one line).

    Examples:
        >>> by_file({"tests/a.py::t1": (1.0, 2.0), "tests/a.py::t2": (0.5, 1.0),
        ...          "docs/en/x.md::line:3": (0.25, 0.5), "docs/es/y.md::line:9": (0.5, 0.25)})
        [('tests/a.py', 1.5, 3.0, 2), ('docs/ (Sybil)', 0.75, 0.75, 2)]
    """
    rows: dict[str, list[float]] = {}
    for nodeid, (cpu, wall) in figures.items():
        path = nodeid.split("::", 1)[0]
        key = "docs/ (Sybil)" if path.startswith("docs/") else path
        row = rows.setdefault(key, [0.0, 0.0, 0])
        row[0] += cpu
        row[1] += wall
        row[2] += 1
    return sorted(((k, v[0], v[1], int(v[2])) for k, v in rows.items()), key=lambda r: -r[1])


def machine_cpu() -> tuple[float, float]:
    """The machine's busy and idle CPU seconds since it started (``/proc/stat``)."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = [int(f) for f in stat.readline().split()[1:]]
    hz = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / hz, idle / hz


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    cores = os.cpu_count() or 1
    parser.add_argument("--workers", type=int, default=cores + 1,
                        help=f"pytest workers (default: cores + 1 = {cores + 1}, as test.sh)")
    parser.add_argument("--top", type=int, default=15, help="how many single tests to list")
    args, pytest_args = parser.parse_known_args(argv)
    if not Path("/proc/stat").is_file():
        print("suite_cpu: needs Linux's /proc", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, OUT_ENV: folder,
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "benchmarks"),
                                                           os.environ.get("PYTHONPATH")]))}
        spread = ["-n", str(args.workers), "--dist", "loadscope"] if args.workers > 1 else []
        busy, idle = machine_cpu()
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "suite_cpu",
                               *spread, *pytest_args], cwd=ROOT, env=env, check=False)
        wall = time.perf_counter() - start
        busy_after, idle_after = machine_cpu()
        figures: dict[str, tuple[float, float]] = {}
        for part in Path(folder).glob("*.json"):
            figures.update({k: (v[0], v[1]) for k, v in
                            json.loads(part.read_text(encoding="utf-8")).items()})
    total = sum(cpu for cpu, _ in figures.values()) or 1.0
    print(f"\n{len(figures)} tests, {wall:.0f} s wall on {cores} cores; the machine: "
          f"{busy_after - busy:.0f} s busy, {idle_after - idle:.0f} s idle; the tests' own "
          f"process trees: {total:.0f} CPU s")
    print(f"{'CPU s':>8} {'share':>6} {'wall s':>8} {'tests':>6}  file")
    for path, cpu, walls, count in by_file(figures):
        print(f"{cpu:8.1f} {cpu / total:6.1%} {walls:8.1f} {count:6d}  {path}")
    print(f"\nthe {args.top} costliest tests (CPU s, wall s):")
    for nodeid, (cpu, walls) in sorted(figures.items(), key=lambda kv: -kv[1][0])[:args.top]:
        print(f"{cpu:8.1f} {walls:8.1f}  {nodeid}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
