"""The core (rules, storage, sheets, the application layer, and every rule-system
folder's rules/ and sheet.py) never imports Qt."""
from __future__ import annotations

import ast
import importlib
import inspect
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from tests.source_trees import nodes, parse

ROOT = Path(__file__).resolve().parents[2]
CORE = ["builder/rules", "builder/storage", "builder/sheets", "builder/app"]
#: Each rule-system folder's core parts (its ui/ is the window's).
FOLDERS = sorted(p.parent for p in (ROOT / "builder" / "rulesets").glob("*/__init__.py"))


def _core_files() -> list[Path]:
    files = [path for folder in CORE for path in (ROOT / folder).rglob("*.py")]
    for folder in FOLDERS:
        files += [folder / "__init__.py", folder / "sheet.py", *(folder / "rules").rglob("*.py")]
    return files


@lru_cache(maxsize=None)
def _imports(path: Path) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in ``path``, also those inside functions, classes and
    blocks (parsed once for both tests below: parsing is most of their time)."""
    found = []
    statements: list[ast.AST] = [parse(path)]
    while statements:
        node = statements.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        # An import is a statement: only statement lists can hold one.
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            block = getattr(node, name, None)
            if isinstance(block, list):
                statements.extend(reversed(block))
    return found


def _builtin_folders() -> list[str]:
    """The package of every built-in rule system, from the registry's one line each."""
    from builder.rules.registry import BUILTIN

    return sorted(target.partition(":")[0] for target in BUILTIN.values())


def test_every_rule_system_folder_has_its_core_parts():
    assert [f"builder.rulesets.{f.name}" for f in FOLDERS] == _builtin_folders()
    for folder in FOLDERS:
        assert (folder / "sheet.py").is_file() and (folder / "rules" / "ruleset.py").is_file()


def test_no_core_module_imports_qt_in_source():
    offenders = []
    for path in _core_files():
        for node in _imports(path):
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


def _module_exists(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_every_import_of_a_builder_module_names_one_that_exists():
    """Also the lazy imports inside functions, which the import contracts do not see:
    after a module moves (a rule system into its folder), no old path is left behind."""
    missing = []
    files = [path for folder in ("builder", "tests", "benchmarks", "tools")
             for path in sorted((ROOT / folder).rglob("*.py"))]
    for path in files:
        for node in _imports(path):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            for name in names:
                if name.split(".")[0] == "builder" and not _module_exists(name):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert missing == []


def test_every_part_a_built_in_rule_system_declares_is_in_its_folder():
    """The registry's one line per system, and the parts its class declares: each
    module and file is there, inside builder/rulesets/<id>/ (checked without importing
    the window parts, so this runs without Qt)."""
    from builder.resources import package_file
    from builder.rules.registry import BUILTIN, ruleset_class

    for rid, target in BUILTIN.items():
        folder = "builder.rulesets." + rid.replace("-", "_")
        assert target == f"{folder}:ruleset_class"
        cls = ruleset_class(rid)
        commands = getattr(importlib.import_module(folder), "COMMANDS", {})
        parts = cls.parts
        modules = [parts.sheet_module, *commands.values(),
                   *(spec.partition(":")[0] for spec in
                     (parts.editor, parts.creation_form, *parts.dialogs.values()))]
        for module in modules:
            assert module and module.startswith(folder + ".") and _module_exists(module), module
        for spec in (parts.data_file, parts.data_schema, parts.character_schema):
            assert spec and spec.startswith(folder + ":") and package_file(spec).is_file(), spec


def _contracts() -> dict[str, dict]:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["name"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_the_import_contracts_take_every_built_in_rule_system():
    """The layers name each rule system's parts by one wildcard, which the project's
    contract type reads as that part of every folder the registry names (so a new rule
    system cannot be left out of them); the folders' independence takes every folder by
    import-linter's own wildcard."""
    import importlib.util

    from tools.import_contracts import RuleSystemLayers, builtin_folders

    folders = _builtin_folders()
    assert sorted(builtin_folders()) == folders
    contracts = _contracts()
    independent = contracts["The rule systems' folders are independent of each other"]
    assert independent["modules"] == ["builder.rulesets.*"]
    assert {str(p.relative_to(ROOT)).replace("/", ".")
            for p in (ROOT / "builder" / "rulesets").iterdir()
            if (p / "__init__.py").is_file()} == set(folders)     # the wildcard's folders
    (layers,) = [c for c in contracts.values() if c["type"] == "rule_system_layers"]
    assert not any("builder.rulesets." in row and "*" not in row
                   for row in layers["layers"])                   # no folder by hand
    contract = RuleSystemLayers(layers["name"], {}, {"layers": layers["layers"]})
    rows = [{tail.name for tail in layer.module_tails} for layer in contract.layers]

    def row_of(module: str) -> set[str]:
        (row,) = [row for row in rows if module in row]
        return {m for m in row if m.startswith("builder.rulesets.")}

    for shared, part in (("builder.ui", "ui"), ("builder.sheets", "sheet"),
                         ("builder.rules", "rules"), ("builder.cli_commands", "cli")):
        having = {f"{folder}.{part}" for folder in folders
                  if importlib.util.find_spec(f"{folder}.{part}") is not None}
        assert having and row_of(shared) == having, f"the layer of {shared}"


def test_a_layer_wildcard_stands_for_the_folders_that_have_the_part():
    from tools.import_contracts import expand

    folders = ["builder.rulesets.story_points", "builder.rulesets.vogelfrei"]
    assert expand("builder.cli_commands : builder.rulesets.*.cli", folders) == \
        "builder.cli_commands : builder.rulesets.vogelfrei.cli"   # only Vogelfrei has one
    assert expand("builder.app", folders) == "builder.app"


ONE_DOOR = ("The window and the command line reach storage and the rule engine only through "
            "the application layer")
#: How many side doors the window may have around the application layer: none left (the
#: contract's allow-list, ``ignore_imports``, is gone; a type named only for the type
#: checker is no door).
SIDE_DOORS_AT_MOST = 0
COMMAND_LINE = ("builder.cli", "builder.cli_commands", "builder.cli_output", "builder.__main__")


def test_the_side_doors_around_the_application_layer_only_shrink():
    contract = _contracts()[ONE_DOOR]
    assert contract["type"] == "forbidden"
    assert set(contract["forbidden_modules"]) == {"builder.storage", "builder.rules"}
    assert set(COMMAND_LINE) <= set(contract["source_modules"])
    allowed = contract.get("ignore_imports", [])
    assert len(allowed) == len(set(allowed)) <= SIDE_DOORS_AT_MOST
    # the command line has none left
    importers = [entry.split("->")[0].strip() for entry in allowed]
    assert [i for i in importers if i.startswith(COMMAND_LINE) or i.endswith(".cli")] == []


def test_the_command_line_imports_no_storage_or_rules_module_even_lazily():
    """Also imports inside functions and under TYPE_CHECKING: every read and change of
    the command line goes through builder.app."""
    files = [ROOT / "builder" / "cli.py", ROOT / "builder" / "cli_output.py",
             ROOT / "builder" / "__main__.py", *sorted((ROOT / "builder" / "cli_commands").glob("*.py")),
             *sorted((ROOT / "builder" / "rulesets").glob("*/cli.py"))]
    offenders = []
    for path in files:
        for node in _imports(path):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""])
            offenders += [f"{path.relative_to(ROOT)}: {name}" for name in names
                          if name.split(".")[:2] in (["builder", "storage"], ["builder", "rules"])]
    assert offenders == []


def test_the_shared_window_defaults_to_no_rule_systems_unit_and_reads_none_loosely():
    """The shared window's unit words come from the rule system (its typed
    ``balance_label``, ``balance_format``): no Story Point default, no ``getattr``."""
    offenders = []
    for path in sorted((ROOT / "builder" / "ui").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "SP" not in text and "XP" not in text and "balance_" not in text:
            continue                                   # nothing to look at closer
        for node in nodes(path):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Constant) and node.value in ("SP", "XP"):
                offenders.append(f"{where}: {node.value!r}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "getattr" and len(node.args) > 1
                    and isinstance(node.args[1], ast.Constant)
                    and str(node.args[1].value).startswith("balance_")):
                offenders.append(f"{where}: getattr {node.args[1].value}")
    assert offenders == []


#: The shared window's campaign parts: the campaign tab, its party dialogs, the pool.
CAMPAIGN_WINDOW = ("builder/ui/campaign_*.py", "builder/ui/pool_view.py",
                   "builder/ui/wording.py", "builder/ui/dialogs/campaign_*.py")
#: A Story Point word, or a rule's number beside what it counts ("(2 each)", "1 points
#: cheaper", "below 1").
STORY_POINT_WORD = re.compile(r"\bSP\b|\bStory Points?\b")
RULE_NUMBER = re.compile(r"\d\s*(?:SP|XP|points?)\b|\(\d+\b[^)]*\beach\)|\d+\s+\w*\s*cheaper"
                         r"|\bbelow\s+\d")


def _worded_rules(found_nodes: Sequence[ast.AST]) -> list[tuple[int, str]]:
    """The string constants (f-strings' parts included, docstrings left out: they show
    examples) that state a Story Point word or a rule's number."""
    docstrings = {id(node.body[0].value) for node in found_nodes
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in found_nodes
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings
            and (STORY_POINT_WORD.search(node.value) or RULE_NUMBER.search(node.value))]


def test_the_campaign_window_states_no_story_point_word_or_rule_of_its_own():
    """The unit, the award amounts and the exchange's terms come from the rule system
    (``balance_label``, ``balance_name``, ``milestone_awards``, ``exchange_terms``) and
    the pool's name from its rules: a campaign of another rule system shows its own."""
    # the check finds what it looks for
    found = _worded_rules(list(ast.walk(ast.parse(
        'a = f"Story &Checkpoint ({n} SP each)"\nb = "Award Story Points"\nc = "(2 each)"\n'
        'd = f"{n} cheaper (never below 1)"\n'))))
    assert sorted(line for line, _text in found) == [1, 2, 3, 4]
    files = sorted({path for pattern in CAMPAIGN_WINDOW for path in ROOT.glob(pattern)})
    assert len(files) >= 7
    offenders = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
                 for path in files for line, text in _worded_rules(nodes(path))]
    assert offenders == []


def test_the_shared_command_line_names_no_rule_system():
    """A rule system's verbs live in its folder (``COMMANDS``, ``CAMPAIGN_COMMANDS``): no
    text of the shared command line names a built-in system by title or id."""
    import ast

    from builder.rules.registry import BUILTIN, ruleset_class

    names = {word.casefold() for rid in BUILTIN for word in (rid, ruleset_class(rid).title)}
    modules = [ROOT / "builder" / "cli.py", *(ROOT / "builder" / "cli_commands").glob("*.py")]
    found = {(path.name, node.value) for path in modules
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and any(name in node.value.casefold() for name in names)}
    assert found == set()


def test_a_rule_systems_campaign_sub_commands_come_from_its_folder():
    from builder.app.queries import campaign_commands

    assert campaign_commands() == {"xp": "builder.rulesets.vogelfrei.cli"}


#: The adapters over the application layer: the window, each rule system's window parts
#: and the command line.
ADAPTERS = ("builder/ui/**/*.py", "builder/rulesets/*/ui/**/*.py", "builder/cli.py",
            "builder/cli_output.py", "builder/__main__.py", "builder/cli_commands/*.py",
            "builder/rulesets/*/cli.py")
#: What an adapter never names: storage's character file (it names the read-only
#: ``CharacterView``) and the application layer's way back from a view to that file.
NOT_FOR_ADAPTERS = re.compile(r"\bCharacterFile\b|\bcharacter_file\b")


def _adapter_files() -> list[Path]:
    return sorted({path for pattern in ADAPTERS for path in ROOT.glob(pattern)})


def _view_members() -> dict[str, object]:
    from builder.app.views import CharacterView

    return {name: value for name, value in vars(CharacterView).items()
            if not name.startswith("_")}


def _character_file_reaches(found_nodes: Sequence[ast.AST], beyond_view: set[str]
                            ) -> list[tuple[int, str]]:
    """Where code reads a member of a character file the view does not declare, or sets
    or deletes any: on ``cf``, ``<anything>.cf`` and every name annotated ``CharacterView``."""
    held = {"cf"}
    for node in found_nodes:
        annotation = getattr(node, "annotation", None)
        target = node.arg if isinstance(node, ast.arg) else (
            node.target.id if isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name) else None)
        if target and annotation is not None and "CharacterView" in ast.unparse(annotation):
            held.add(target)
    found = []
    for node in found_nodes:
        if not isinstance(node, ast.Attribute):
            continue
        receiver = node.value
        name = (receiver.id if isinstance(receiver, ast.Name) else
                receiver.attr if isinstance(receiver, ast.Attribute) and receiver.attr == "cf"
                else None)
        if name not in held:
            continue
        if node.attr in beyond_view:
            found.append((node.lineno, f"{name}.{node.attr}"))
        elif isinstance(node.ctx, (ast.Store, ast.Del)):
            found.append((node.lineno, f"{name}.{node.attr} set"))
    return sorted(found)


def test_the_character_view_declares_only_reads_the_character_file_has():
    """Each member as the file has it: a method a method, a property a property or a
    field; none of the file's changes."""
    from builder.storage.files import CharacterFile

    members = _view_members()
    assert {"path", "name", "ruleset", "ledger", "state", "derived", "options"} <= set(members)
    for name, declared in members.items():
        actual = inspect.getattr_static(CharacterFile, name)
        if isinstance(declared, property):
            assert not callable(actual) or isinstance(actual, property), name
        else:
            assert inspect.isfunction(declared) and inspect.isfunction(actual), name
    assert not {"do", "undo", "rename", "save", "ledger_edited", "to_bytes"} & set(members)


def test_the_adapters_hold_character_files_only_as_read_only_views():
    """The window and the command line name a character file as ``CharacterView`` and
    read only what it declares; every change goes through an application-layer
    operation (mypy strict over the adapters checks the same through the types)."""
    from builder.storage.files import CharacterFile

    beyond_view = {name for name in dir(CharacterFile)
                   if not name.startswith("__")} - set(_view_members())
    # the check finds what it looks for
    sample = ast.walk(ast.parse("def f(doc, mine: CharacterView, cf):\n    doc.cf.do(a)\n"
                       "    mine.save()\n    cf.read_only = None\n    doc.cf.name\n"
                       "    doc.rename(n)\n    doc.undo_stack.undo()\n"))
    assert [line for line, _ in _character_file_reaches(list(sample), beyond_view)] == [2, 3, 4]
    files = _adapter_files()
    assert len(files) > 50 and ROOT / "builder" / "cli.py" in files
    offenders = []
    for path in files:
        where = path.relative_to(ROOT)
        text = path.read_text(encoding="utf-8")
        offenders += [f"{where}: names {m.group()}" for m in NOT_FOR_ADAPTERS.finditer(text)]
        offenders += [f"{where}:{line}: {what}"
                      for line, what in _character_file_reaches(nodes(path), beyond_view)]
    assert offenders == []
