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
from typing import NamedTuple, Sequence

import pytest

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
    assert set(contract["forbidden_modules"]) == {"builder.storage", "builder.rules",
                                                  "builder.rulesets.*.rules"}
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
#: What an adapter never names: storage's character and campaign files (it names the
#: read-only ``CharacterView`` and ``CampaignView``) and the application layer's way back
#: from a character view to its file.
NOT_FOR_ADAPTERS = re.compile(r"\bCharacterFile\b|\bcharacter_file\b|\bCampaignFile\b")
#: Where the application layer's read-only views are defined and re-exported.
VIEW_MODULES = ("builder.app.views", "builder.app.types")


class FileKind(NamedTuple):
    """How adapter code holds one kind of file: its view's name in the application
    layer, the attribute that holds one (``doc.cf``, ``self.campaign``), the bare names
    that always do, and storage's class behind it ("module:class")."""

    view: str
    attribute: str
    names: frozenset[str]
    storage: str


CHARACTER = FileKind("CharacterView", "cf", frozenset({"cf"}), "builder.storage.files:CharacterFile")
CAMPAIGN = FileKind("CampaignView", "campaign", frozenset(),
                    "builder.storage.campaigns:CampaignFile")


def _adapter_files() -> list[Path]:
    return sorted({path for pattern in ADAPTERS for path in ROOT.glob(pattern)})


def _class(spec: str) -> type:
    module, _, name = spec.partition(":")
    found: type = getattr(importlib.import_module(module), name)
    return found


def _declared(view: type) -> dict[str, object]:
    """The members a view declares, those of the views it extends included."""
    return {name: value for klass in reversed(view.__mro__)
            if klass.__module__ == view.__module__
            for name, value in vars(klass).items() if not name.startswith("_")}


@lru_cache(maxsize=None)
def _beyond_view(kind: FileKind) -> frozenset[str]:
    """The members of storage's file that its view does not declare."""
    from builder.app import views

    return frozenset({name for name in dir(_class(kind.storage)) if not name.startswith("__")}
                     - set(_declared(getattr(views, kind.view))))


@lru_cache(maxsize=None)
def _handed_out(view: str) -> frozenset[str]:
    """The application layer's functions whose return annotation names ``view``
    ("builder.app.queries.campaign", ...): what they give an adapter is one."""
    found = set()
    for path in sorted((ROOT / "builder" / "app").glob("*.py")):
        for node in parse(path).body:
            if isinstance(node, ast.FunctionDef) and node.returns is not None \
                    and re.search(rf"\b{view}\b", ast.unparse(node.returns)):
                found.add(f"builder.app.{path.stem}.{node.name}")
    return frozenset(found)


def _imported(found_nodes: Sequence[ast.AST]) -> dict[str, str]:
    """What each name a file imports stands for ("queries" -> "builder.app.queries")."""
    names = {}
    for node in found_nodes:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
        elif isinstance(node, ast.Import):
            names.update({a.asname or a.name.partition(".")[0]:
                          a.name if a.asname else a.name.partition(".")[0] for a in node.names})
    return names


def _dotted(node: ast.AST, imported: dict[str, str]) -> str | None:
    """What a name or a chain of attributes stands for by the file's imports."""
    if isinstance(node, ast.Name):
        return imported.get(node.id)
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value, imported)
        return f"{base}.{node.attr}" if base else None
    return None


def _names_view(annotation: ast.AST, views: set[str], imported: dict[str, str]) -> bool:
    """The annotation names one of ``views`` (a quoted annotation included)."""
    for node in ast.walk(annotation):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                quoted = ast.parse(node.value, mode="eval")
            except SyntaxError:
                continue
            if _names_view(quoted, views, imported):
                return True
        elif _dotted(node, imported) in views:
            return True
    return False


def _holders(found_nodes: Sequence[ast.AST], kind: FileKind, imported: dict[str, str]
             ) -> set[str]:
    """The names that hold a file of this kind: ``kind.names``, every name annotated
    with its view, and every name assigned ``<anything>.<kind.attribute>`` or what an
    application-layer function hands out as the view."""
    views = {f"{module}.{kind.view}" for module in VIEW_MODULES}
    held = set(kind.names)
    for node in found_nodes:
        annotation = getattr(node, "annotation", None)
        target = node.arg if isinstance(node, ast.arg) else (
            node.target.id if isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name) else None)
        if target and annotation is not None and _names_view(annotation, views, imported):
            held.add(target)
        if isinstance(node, ast.Assign) and _gives_view(node.value, kind, imported):
            held.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return held


def _gives_view(node: ast.AST, kind: FileKind, imported: dict[str, str]) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == kind.attribute
    return isinstance(node, ast.Call) and _dotted(node.func, imported) in _handed_out(kind.view)


def _file_reaches(found_nodes: Sequence[ast.AST], kind: FileKind, beyond_view: frozenset[str]
                  ) -> list[tuple[int, str]]:
    """Where code reads a member of a file the view does not declare, or sets or deletes
    any: on every name that holds one (:func:`_holders`), on ``<anything>.<attribute>``
    and on what an application-layer function hands out as the view."""
    imported = _imported(found_nodes)
    held = _holders(found_nodes, kind, imported)
    found = []
    for node in found_nodes:
        if not isinstance(node, ast.Attribute):
            continue
        receiver = node.value
        if isinstance(receiver, ast.Name) and receiver.id in held:
            name = receiver.id
        elif isinstance(receiver, (ast.Attribute, ast.Call)) \
                and _gives_view(receiver, kind, imported):
            name = ast.unparse(receiver)
        else:
            continue
        if node.attr in beyond_view:
            found.append((node.lineno, f"{name}.{node.attr}"))
        elif isinstance(node.ctx, (ast.Store, ast.Del)):
            found.append((node.lineno, f"{name}.{node.attr} set"))
    return sorted(found)


@pytest.mark.parametrize("view, actual, reads, changes", [
    ("CharacterView", "builder.storage.files:CharacterFile",
     {"path", "name", "ruleset", "ledger", "state", "derived", "options"},
     {"do", "undo", "rename", "save", "ledger_edited", "to_bytes"}),
    ("CampaignView", "builder.storage.campaigns:CampaignFile",
     {"path", "name", "ruleset_id", "members", "ledger", "load_member", "pool_replay"},
     {"doc", "append", "add_member", "remove_member", "writable_members", "save", "commit",
      "to_bytes"}),
    ("PartyAwardView", "builder.app.party:PartyAward", {"shares", "warnings"}, set()),
    ("ShareView", "builder.app.party:Share", {"member", "xp", "gained", "lost"}, set()),
    ("MemberView", "builder.app.party:Member", {"cf"}, set()),
])
def test_each_view_declares_only_reads_the_object_behind_it_has(view, actual, reads, changes):
    """Each member as the object has it: a method a method, a property a property or a
    field; none of a file's changes."""
    from builder.app import views

    members = _declared(getattr(views, view))
    assert reads <= set(members)
    for name, declared in members.items():
        found = inspect.getattr_static(_class(actual), name)
        if isinstance(declared, property):
            assert not callable(found) or isinstance(found, property), name
        else:
            assert inspect.isfunction(declared) and inspect.isfunction(found), name
    assert not changes & set(members)


def test_the_application_layer_hands_files_and_awards_out_as_views():
    """What it gives the adapters of a file is typed as the view (which is also how the
    adapters' check below knows a call's result holds one)."""
    from builder.app.outcome import Outcome

    assert {"builder.app.queries.campaign", "builder.app.queries.writable_campaign",
            "builder.app.campaigns.load", "builder.app.rows.campaign_again"} \
        <= _handed_out(CAMPAIGN.view)
    assert {"builder.app.queries.open_character", "builder.app.documents.open_character"} \
        <= _handed_out(CHARACTER.view)
    assert "PartyAwardView" in Outcome.__annotations__["award"]


def _offenders(path: Path) -> list[str]:
    where = path.relative_to(ROOT)
    text = path.read_text(encoding="utf-8")
    found = [f"{where}: names {m.group()}" for m in NOT_FOR_ADAPTERS.finditer(text)]
    for kind in (CHARACTER, CAMPAIGN):
        found += [f"{where}:{line}: {what}"
                  for line, what in _file_reaches(nodes(path), kind, _beyond_view(kind))]
    return found


def test_the_adapters_hold_files_only_as_read_only_views():
    """The window and the command line name a character file as ``CharacterView`` and a
    campaign file as ``CampaignView``, and read only what each declares; every change
    goes through an application-layer operation (mypy strict over the adapters checks
    the same through the types)."""
    # the check finds what it looks for
    sample = ast.walk(ast.parse(
        "from builder.app import documents, queries\n"
        "from builder.app.types import CampaignView, CharacterView\n"
        "from builder.ui.campaign_tab import CampaignTab as Tab\n"
        "def f(doc, mine: CharacterView, cf, tab: Tab, ours: CampaignView, view):\n"
        "    doc.cf.do(a)\n    mine.save()\n    cf.read_only = None\n"       # 5-7
        "    opened = documents.open_character(p)\n    opened.undo()\n"       # 9
        "    doc.cf.name, doc.rename(n), doc.undo_stack.undo()\n"              # 10: reads
        "    campaign = queries.campaign(p)\n    campaign.append(entry)\n"    # 12
        "    ours.save()\n    view.campaign.doc['notes'] = ''\n"             # 13-14
        "    view.campaign.name = 'x'\n    queries.writable_campaign(p).commit([])\n"
        "    tab.reload(), tab.undo_stack, ours.members, campaign.load_member(g)\n"))
    found = list(sample)
    assert [line for line, _ in _file_reaches(found, CHARACTER, _beyond_view(CHARACTER))] \
        == [5, 6, 7, 9]
    assert [line for line, _ in _file_reaches(found, CAMPAIGN, _beyond_view(CAMPAIGN))] \
        == [12, 13, 14, 15, 16]
    files = _adapter_files()
    assert len(files) > 50 and ROOT / "builder" / "cli.py" in files
    assert [offender for path in files for offender in _offenders(path)] == []
