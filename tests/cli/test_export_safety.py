"""Safe exports: a failing export-pdf exits 2, leaves every previous PDF byte for byte
and no temporary file (a full disk, a Qt failure, a read-only PDF, SIGTERM/SIGINT),
and a folder export is all or nothing."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from builder.sheets import output
from tests.helpers import cli, ok
from tests.sheet_samples import make_story_points_files

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def party(tmp_path, qapp):
    folder = tmp_path / "chars"
    folder.mkdir()
    return make_story_points_files(folder)


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(output.TEMP_SUFFIX)
                  or p.name.endswith(".tmp"))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def fill_disk_after(monkeypatch, allowed: int) -> None:
    """os.write in the export writer fails with ENOSPC once ``allowed`` bytes went out."""
    budget = [allowed]
    real_write = os.write

    def write(fd, data):
        if budget[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        part = bytes(data[:budget[0]])
        budget[0] -= len(part)
        return real_write(fd, part)

    monkeypatch.setattr(output.os, "write", write)


def test_full_disk_exits_2_and_keeps_the_previous_pdf(party, tmp_path, monkeypatch):
    out = tmp_path / "out" / "party.pdf"
    out.parent.mkdir()
    ok("export-pdf", party[0], "-o", out)
    before = out.read_bytes()
    fill_disk_after(monkeypatch, 4096)
    result = cli("export-pdf", *party, "-o", out)
    assert result.code == 2
    assert "No space left on device" in result.err and len(result.err.splitlines()) == 1
    assert out.read_bytes() == before
    assert temporaries(tmp_path) == []


def test_full_disk_on_a_new_pdf_leaves_no_file(party, tmp_path, monkeypatch):
    fill_disk_after(monkeypatch, 0)
    out = tmp_path / "new.pdf"
    assert cli("export-pdf", party[0], "-o", out).code == 2
    assert not out.exists() and temporaries(tmp_path) == []


@pytest.mark.parametrize("broken", ["begin", "end"])
def test_a_painter_failure_exits_2_and_keeps_the_previous_pdf(party, tmp_path, monkeypatch,
                                                              broken):
    from PySide6.QtGui import QPainter

    out = tmp_path / "senna.pdf"
    ok("export-pdf", party[0], "-o", out)
    before = out.read_bytes()
    real = getattr(QPainter, broken)

    def failing(self, *args):
        real(self, *args)
        if broken == "begin":
            self.end()
        return False

    monkeypatch.setattr(QPainter, broken, failing)
    result = cli("export-pdf", party[0], "-o", out)
    assert result.code == 2 and "cannot be written" in result.err
    assert out.read_bytes() == before and temporaries(tmp_path) == []


@pytest.mark.parametrize("data", [b"", b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog"])
def test_an_empty_or_truncated_pdf_is_never_written(party, tmp_path, monkeypatch, data):
    from builder.render import pdf

    out = tmp_path / "senna.pdf"
    ok("export-pdf", party[0], "-o", out)
    before = out.read_bytes()
    monkeypatch.setattr(pdf, "render_pdf_bytes", lambda sheets, paper, **kw: (data, [1]))
    result = cli("export-pdf", party[0], "-o", out)
    assert result.code == 2 and "the PDF writer failed" in result.err
    assert out.read_bytes() == before and temporaries(tmp_path) == []


def test_a_read_only_pdf_is_refused_not_replaced(party, tmp_path):
    out = tmp_path / "senna.pdf"
    ok("export-pdf", party[0], "-o", out)
    before = out.read_bytes()
    out.chmod(0o444)
    result = cli("export-pdf", *party, "-o", out)
    assert result.code == 2 and "read-only" in result.err
    assert out.read_bytes() == before and out.stat().st_mode & 0o777 == 0o444
    # In a folder export too: nothing at all is written.
    folder = tmp_path / "sheets"
    folder.mkdir()
    (folder / "Senna-Vail.pdf").write_bytes(before)
    (folder / "Senna-Vail.pdf").chmod(0o444)
    assert cli("export-pdf", *party, "-o", folder).code == 2
    assert snapshot(folder) == {"Senna-Vail.pdf": before}


def test_an_existing_pdf_keeps_its_permission_bits(party, tmp_path):
    out = tmp_path / "senna.pdf"
    ok("export-pdf", party[0], "-o", out)
    out.chmod(0o640)
    ok("export-pdf", party[0], "-o", out)
    assert out.stat().st_mode & 0o777 == 0o640


def test_folder_export_is_all_or_nothing(party, tmp_path, monkeypatch):
    folder = tmp_path / "sheets"
    ok("export-pdf", *party, "-o", f"{folder}/")
    before = snapshot(folder)
    assert set(before) == {"Senna-Vail.pdf", "Graynor-Ashdown.pdf"}
    # The disk fills while the second PDF is written: the first is not replaced either.
    fill_disk_after(monkeypatch, len(before["Senna-Vail.pdf"]) + 100)
    assert cli("export-pdf", *party, "--blank", "-o", folder).code == 2
    assert snapshot(folder) == before and temporaries(tmp_path) == []


def test_folder_export_puts_back_what_it_replaced_when_a_rename_fails(party, tmp_path,
                                                                       monkeypatch):
    folder = tmp_path / "sheets"
    ok("export-pdf", party[0], "-o", f"{folder}/")
    before = snapshot(folder)
    real_replace = os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real_replace(src, dst)

    monkeypatch.setattr(output.os, "replace", replace)
    assert cli("export-pdf", *party, "--blank", "-o", folder).code == 2
    assert snapshot(folder) == before and temporaries(tmp_path) == []


def test_folder_names_are_one_policy_and_cut_at_word_boundaries():
    assert output.folder_file_names(["Senna Vail", "senna vail", "Senna  Vail"]) == [
        "Senna-Vail.pdf", "senna-vail-2.pdf", "Senna-Vail-3.pdf"]
    long = "The Lamplighter of the Thousand Lanterns and the Seven Bridges"
    stem = output.pdf_file_stem(long)
    assert len(stem) <= output.STEM_LIMIT and long.replace(" ", "-").startswith(stem)
    assert stem == "The-Lamplighter-of-the-Thousand-Lanterns-and-the-Seven"
    assert output.pdf_file_stem("x" * 100) == "x" * output.STEM_LIMIT
    assert output.pdf_file_stem("李小龍 / ../") == "李小龍"
    assert output.pdf_file_stem("///") == "character"


# -- signals: a separate process, stopped while its temporary file exists -------------------
SLOW_EXPORT = """
import sys, time
from builder.sheets import output
real = output._write_temp
def slow(path, data):
    tmp = real(path, data)
    print("TEMP", tmp, flush=True)
    time.sleep(30)
    return tmp
output._write_temp = slow
from builder.cli import main
sys.exit(main(sys.argv[1:]))
"""


def stopped_export(argv: list[str], signum: int) -> tuple[int, Path]:
    """Run ``export-pdf argv`` in its own process, send it ``signum`` once its first
    temporary file exists; (its exit status, that temporary's path)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", SLOW_EXPORT, "export-pdf", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        assert line.startswith("TEMP "), proc.stderr.read()
        temp = Path(line.split(" ", 1)[1].strip())
        assert temp.exists()
        proc.send_signal(signum)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    return proc.returncode, temp


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_export_leaves_the_old_pdf_and_no_temporary(party, tmp_path, signum):
    out = tmp_path / "out"
    out.mkdir()
    target = out / "party.pdf"
    target.write_bytes(b"%PDF-1.4 the previous sheet\n%%EOF\n")
    code, _temp = stopped_export([*map(str, party), "-o", str(target)], signum)
    assert code != 0
    assert target.read_bytes() == b"%PDF-1.4 the previous sheet\n%%EOF\n"
    assert sorted(p.name for p in out.iterdir()) == ["party.pdf"]


def test_a_failed_folder_export_leaves_no_new_folder(party, tmp_path, monkeypatch):
    fill_disk_after(monkeypatch, 0)
    assert cli("export-pdf", *party, "-o", tmp_path / "new" / "sheets").code == 2
    assert not (tmp_path / "new" / "sheets").exists()


def test_ctrl_c_while_an_export_paints_ends_it_with_nothing_written(tmp_path):
    """The export of several characters, Ctrl+C while it paints the first sheet: the
    painting goes on to the next sheet, then the command says 'interrupted' and exits
    130, the previous PDF as it was and no temporary left."""
    names = []
    for name in ("Ann", "Bob"):
        path = tmp_path / f"{name}.json"
        ok("new", "story-points", name, "-o", path)
        names.append(str(path))
    out = tmp_path / "out"
    out.mkdir()
    target = out / "party.pdf"
    target.write_bytes(b"%PDF-1.4 the previous sheets\n%%EOF\n")
    program = (
        "import os, signal, sys\n"
        "from builder.render import paint\n"
        "real = paint.paint_page\n"
        "def painting(*args, **kwargs):\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    return real(*args, **kwargs)\n"
        "paint.paint_page = painting\n"
        "from builder.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run([sys.executable, "-c", program, "export-pdf", *names, "-o",
                           str(target)], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "interrupted\n")
    assert target.read_bytes() == b"%PDF-1.4 the previous sheets\n%%EOF\n"
    assert sorted(p.name for p in out.iterdir()) == ["party.pdf"]
