"""Every shell example in README.md and docs/ runs as written.

Page by page: each ```` ```sh ```` block of a page runs in the order written, in one fresh
empty folder per page, with a fresh HOME (the XDG folders inside it, CHARACTER_BUILDER_DATA
unset, so the data goes where a user's goes) and the installed ``character-builder`` on
PATH.  ```` ```text ```` blocks are synopsis and never run.

A line that is one ``character-builder`` command (no pipe, redirection, variable or glob)
runs in this process through the program's own entry point (``builder.__main__.main``, what
the installed command runs, without a process start); lines that need a shell run in one
``bash -e`` per run of such lines; a ``cd DIR`` line moves both for the lines after it.
Every command must exit 0, and none may open the window.
"""
from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
PROGRAM = "character-builder"
#: What only a shell understands (outside quotes).
SHELL_SYNTAX = set("|&;<>$`*?~(){}[]\\")


def sh_blocks(text: str) -> list[tuple[int, list[str]]]:
    """(first line number, lines) of every ```sh block, in order."""
    blocks, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            end = i + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            blocks.append((i + 2, lines[i + 1:end]))
            i = end
        i += 1
    return blocks


def steps(block: list[str]) -> list[str]:
    """The block's commands: continuation lines joined, a heredoc kept with its command."""
    result: list[str] = []
    i = 0
    while i < len(block):
        line = block[i]
        i += 1
        while line.endswith("\\") and i < len(block):
            line = line[:-1] + " " + block[i].strip()
            i += 1
        heredoc = re.search(r"<<-?\s*'?(\w+)'?", line)
        if heredoc:
            body = [line]
            while i < len(block):
                body.append(block[i])
                i += 1
                if block[i - 1].strip() == heredoc.group(1):
                    break
            line = "\n".join(body)
        if line.strip() and not line.strip().startswith("#"):
            result.append(line)
    return result


def needs_a_shell(line: str) -> bool:
    quote = None
    for char in line:
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in SHELL_SYNTAX or char == "\n":
            return True
    return False


def in_process(argv: list[str]) -> tuple[int, str, str]:
    from builder.__main__ import _is_cli, main

    assert _is_cli(argv), f"{argv} would open the window"
    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        try:
            code = main(argv)
        except SystemExit as stop:               # argparse's --help
            code = stop.code if isinstance(stop.code, int) else 0
    return code, stdout.getvalue(), stderr.getvalue()


#: The pages with shell examples: the user pages and the guide to adding a rule system
#: (the other developer pages' commands need the source folder, so they are text).
EXAMPLE_PAGES = [page for page in PAGES if sh_blocks(page.read_text(encoding="utf-8"))]


def test_every_page_is_found_and_has_examples():
    names = {str(page.relative_to(ROOT)) for page in PAGES}
    assert {"README.md", "docs/user/command-line.md", "docs/dev/architecture.md"} <= names
    assert len(EXAMPLE_PAGES) >= 8 and ROOT / "README.md" in EXAMPLE_PAGES


def _home(tmp_path: Path, monkeypatch) -> dict[str, str]:
    """A fresh HOME (the XDG folders inside it, CHARACTER_BUILDER_DATA unset, so the data
    goes where a user's goes) and the installed program on PATH: the environment of the
    shell lines."""
    home = tmp_path / "home"
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CACHE_HOME": str(home / ".cache"), "XDG_STATE_HOME": str(home / ".local/state"),
           "XDG_CONFIG_HOME": str(home / ".config")}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("CHARACTER_BUILDER_DATA", raising=False)
    installed = Path(sys.executable).parent
    assert (installed / PROGRAM).exists() or (installed / f"{PROGRAM}.exe").exists()
    return dict(os.environ, PATH=f"{installed}{os.pathsep}{os.environ.get('PATH', '')}")


def _walk(page: Path, folder: Path, shell_env: dict[str, str], monkeypatch) -> None:
    """Run every ```sh block of ``page`` in order, starting in ``folder``."""
    from builder.storage import rulesets

    folder.mkdir()
    monkeypatch.chdir(folder)
    rulesets.forget_loaded()
    pending: list[str] = []
    here = [folder]                 # the current folder: a `cd` line changes it for what follows

    def run_shell(where: str) -> None:
        if not pending:
            return
        done = subprocess.run(["bash", "-e", "-c", "\n".join(pending)], cwd=here[0], env=shell_env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{where}: {pending}\n{done.stdout}\n{done.stderr}"
        pending.clear()

    try:
        for line_number, block in sh_blocks(page.read_text(encoding="utf-8")):
            where = f"{page.relative_to(ROOT)}:{line_number}"
            for step in steps(block):
                moved = re.fullmatch(r"cd\s+([\w./-]+)", step.strip())
                if moved:
                    run_shell(where)
                    here[0] = (here[0] / moved.group(1)).resolve()
                    monkeypatch.chdir(here[0])
                    continue
                if needs_a_shell(step) or not step.startswith(PROGRAM + " "):
                    pending.append(step)
                    continue
                run_shell(where)
                code, out, err = in_process(shlex.split(step, comments=True)[1:])
                assert code == 0, f"{where}: {step}\nexit {code}\n{out}\n{err}"
            run_shell(where)
    finally:
        rulesets.forget_loaded()


@pytest.mark.parametrize("page", EXAMPLE_PAGES,
                         ids=[str(p.relative_to(ROOT)) for p in EXAMPLE_PAGES])
def test_every_shell_block_runs_as_written(page, tmp_path, monkeypatch):
    _walk(page, tmp_path / "work", _home(tmp_path, monkeypatch), monkeypatch)


def test_a_newcomer_follows_every_user_page_with_one_library(tmp_path, monkeypatch):
    """The README, then every user page, as a newcomer reads them: one library for all
    (a folder of their own for each page's files). A page's examples never stumble on a
    character another page made: each page names its own."""
    shell_env = _home(tmp_path, monkeypatch)
    pages = [page for page in EXAMPLE_PAGES if page.parent.name != "dev"]
    assert pages[0] == ROOT / "README.md" and len(pages) >= 8
    for index, page in enumerate(pages):
        _walk(page, tmp_path / f"page-{index}", shell_env, monkeypatch)


def test_every_relative_link_and_picture_points_to_a_file():
    missing = []
    for page in [*PAGES, ROOT / "benchmarks" / "README.md"]:
        text = page.read_text(encoding="utf-8")
        targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
        targets += re.findall(r'<img src="([^"]+)"', text)
        for target in targets:
            if re.match(r"[a-z]+://", target):
                continue
            path = (page.parent / target).resolve()
            if not path.exists():
                missing.append(f"{page.relative_to(ROOT)}: {target}")
    assert missing == []
