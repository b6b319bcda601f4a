"""Every example block in the README runs as written (like a doctest).

A block is an indented (4 spaces) or fenced code block whose first line starts
with ``character-builder``; a block right after a paragraph that says
"Synopsis" is a synopsis (placeholders allowed) and is not run.  Each example
block runs in a fresh empty folder with its own data folder, so it must create
everything it uses; every command in it must exit 0.

The commands run in-process through :func:`builder.cli.run` (fast); bash only
expands each line into its words (quotes, globs such as ``*.json``, comments)
in the block's folder, exactly as a shell would when the line is pasted.
"""
from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
PROGRAM = "character-builder"


def code_blocks(text: str) -> list[tuple[int, str, list[str]]]:
    """(first line number, the paragraph before it, its lines) of every code block."""
    lines = text.splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            end = i + 1
            while end < len(lines) and not lines[end].lstrip().startswith("```"):
                end += 1
            blocks.append((i + 2, _paragraph_before(lines, i), lines[i + 1:end]))
            i = end + 1
            continue
        if line.startswith("    ") and line.strip() and (i == 0 or not lines[i - 1].strip()):
            end = i
            while end < len(lines) and (lines[end].startswith("    ") or not lines[end].strip()):
                end += 1
            body = [raw[4:] for raw in lines[i:end]]
            while body and not body[-1].strip():
                body.pop()
            blocks.append((i + 1, _paragraph_before(lines, i), body))
            i = end
            continue
        i += 1
    return blocks


def _paragraph_before(lines: list[str], index: int) -> str:
    j = index - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    paragraph = []
    while j >= 0 and lines[j].strip():
        paragraph.insert(0, lines[j])
        j -= 1
    return " ".join(paragraph)


def commands(block: list[str]) -> list[str]:
    """The block's commands, continuation lines (a trailing backslash) joined."""
    result, current = [], ""
    for line in block:
        if current:
            current += " " + line.strip()
        else:
            current = line.strip()
        if current.endswith("\\"):
            current = current[:-1].rstrip()
            continue
        if current:
            result.append(current)
        current = ""
    if current:
        result.append(current)
    return result


def example_blocks() -> list[tuple[int, list[str]]]:
    found = []
    for line_no, before, body in code_blocks(README.read_text(encoding="utf-8")):
        first = next((line.strip() for line in body if line.strip()), "")
        if not first.startswith(PROGRAM + " ") or "synopsis" in before.casefold():
            continue
        found.append((line_no, commands(body)))
    return found


EXAMPLES = example_blocks()


def test_the_readme_has_example_blocks_and_a_marked_synopsis():
    assert len(EXAMPLES) >= 5
    synopses = [b for _, before, b in code_blocks(README.read_text(encoding="utf-8"))
                if "synopsis" in before.casefold()]
    assert synopses, "the command synopsis is marked as such"


def _words(line: str, folder: Path) -> list[str]:
    """The words bash makes of ``line`` in ``folder`` (quotes, globs, comments)."""
    done = subprocess.run(["bash", "-c", "printf '%s\\0' " + line], cwd=folder,
                          capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode().split("\0")[:-1]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash to split the lines")
@pytest.mark.parametrize("line_no,block", EXAMPLES, ids=[f"README-line-{n}" for n, _ in EXAMPLES])
def test_readme_example_block_runs_as_written(line_no, block, tmp_path, monkeypatch):
    from builder.cli import run

    folder = tmp_path / "example"
    folder.mkdir()
    monkeypatch.chdir(folder)
    for line in block:
        assert line.startswith(PROGRAM + " "), f"README line {line_no}: {line!r} is not a command"
        assert not re.search(r"[;&|<>]\s*(?:[A-Za-z]|$)", re.sub(r"'[^']*'|\"[^\"]*\"", "",
                                                                  line.split(" #")[0])), \
            f"README line {line_no}: {line!r} needs a shell; examples are plain commands"
        words = _words(line, folder)
        assert words[0] == PROGRAM
        stdout, stderr = io.StringIO(), io.StringIO()
        with redirect_stdout(stdout), redirect_stderr(stderr):
            code = run(words[1:])
        assert code == 0, (f"README line {line_no}: {line}\nexit {code}\n"
                           f"{stderr.getvalue()}{stdout.getvalue()}")
    assert os.environ.get("CHARACTER_BUILDER_DATA")   # never the real library
