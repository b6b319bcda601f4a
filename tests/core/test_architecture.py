"""The core (rules, storage, sheets, the application layer, and every rule-system
folder's rules/ and sheet.py) never imports Qt."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ["builder/rules", "builder/storage", "builder/sheets", "builder/app"]
#: Each rule-system folder's core parts (its ui/ is the window's).
FOLDERS = sorted(p.parent for p in (ROOT / "builder" / "rulesets").glob("*/__init__.py"))


def _core_files() -> list[Path]:
    files = [path for folder in CORE for path in (ROOT / folder).rglob("*.py")]
    for folder in FOLDERS:
        files += [folder / "__init__.py", folder / "sheet.py", *(folder / "rules").rglob("*.py")]
    return files


def test_every_rule_system_folder_has_its_core_parts():
    assert [f.name for f in FOLDERS] == ["ability_bonuses", "story_points", "vogelfrei"]
    for folder in FOLDERS:
        assert (folder / "sheet.py").is_file() and (folder / "rules" / "ruleset.py").is_file()


def test_no_core_module_imports_qt_in_source():
    offenders = []
    for path in _core_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in ("PySide6", "shiboken6") or \
                        "ui" in name.split(".")[1:]:
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


def test_every_core_module_imports_with_qt_blocked():
    code = """
import importlib, importlib.abc, pkgutil, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0] in ('PySide6', 'shiboken6'):
            raise ImportError('blocked ' + name)
sys.meta_path.insert(0, Block())
import builder.rules, builder.storage, builder.sheets, builder.app, builder.rulesets
for pkg in (builder.rules, builder.storage, builder.sheets, builder.app):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):
        importlib.import_module(info.name)
for folder in pkgutil.iter_modules(builder.rulesets.__path__, 'builder.rulesets.'):
    importlib.import_module(folder.name + '.sheet')
    rules = importlib.import_module(folder.name + '.rules')
    for info in pkgutil.walk_packages(rules.__path__, rules.__name__ + '.'):
        importlib.import_module(info.name)
import builder.cli
builder.cli.build_parser()
print('ok')
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
