"""Compile the shipped JSON Schemas into plain Python validators (the fast path).

    python tools/compile_schemas.py            # rewrite every compiled_schemas/ package
    python tools/compile_schemas.py --check    # exit 1 if a shipped schema has no
                                               # up-to-date compiled validator

Each validator lives beside the schema it is made from: a rule system's in its own
folder (``builder/rulesets/<id>/compiled_schemas/``, from its ``schema/``), the
shared schemas' (``builder/data/schema``) in ``builder/storage/compiled_schemas/``.

Every command reads a character through a schema before any rules code sees it.
jsonschema, the reference validator, costs a command ~60 ms to import; so the
schemas that ship with the application are compiled ahead of time with
fastjsonschema (``compile_to_code``) into modules that import nothing but ``re``.
:mod:`builder.storage.validation` asks a compiled validator first and
trusts only its "valid"; anything it rejects goes to jsonschema, which decides
and writes the messages, so every message and every verdict stays jsonschema's.

That is sound only where the compiled code is never more lenient than jsonschema
(Draft 2020-12, with integers that are never ``2.0``).  This tool makes sure:

- a keyword it does not know to mean the same in fastjsonschema's draft-07 and in
  2020-12 (``prefixItems``, ``format``, ``unevaluatedProperties``, ...) leaves that
  schema uncompiled (jsonschema only);
- a ``$ref`` with sibling keywords (applied in 2020-12, ignored by draft-07) becomes
  ``allOf: [{$ref}]`` beside them, which means the same in both;
- a ``const``/``enum`` value that is a list or an object (where Python's ``==``
  says ``[1] == [True]``) leaves the schema uncompiled;
- ``2.0`` as an integer: the runtime sends any document holding an integral float
  to jsonschema (the compiled code would accept it);
- a ``$ref`` into a shared schema by its file name (``rule-system.schema.json#/$defs/cost``)
  is compiled in from the shipped file; the module records that file's text too
  (``REFERENCED``) and is used only while it is unchanged;
- our own keywords (``x-atLeast``, ``x-atMost``: a value compared with a sibling, see
  builder/rules/schema_keywords.py) are left out of the compiled code and checked
  by the runtime after it, with a walk that is never more lenient than jsonschema;
  a schema where one of them would never be read is refused.

Each module records the schema text it was compiled from; the runtime uses it
only while the shipped schema is that text, so a schema edited without
re-running this tool is slower, never wrong (and ``--check``, run by the tests,
says so).  fastjsonschema is needed here and in the tests, not by the
application.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED_OUT = ROOT / "builder" / "storage" / "compiled_schemas"

#: Keywords whose meaning is the same in fastjsonschema's draft-07 code and in
#: Draft 2020-12 (or that only annotate).
SAME_MEANING = frozenset({
    "$schema", "$id", "$defs", "$ref", "$comment", "title", "description", "default",
    "examples", "type", "properties", "additionalProperties", "required", "propertyNames",
    "minProperties", "maxProperties", "items", "minItems", "maxItems", "uniqueItems",
    "contains", "minLength", "maxLength", "pattern", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "const", "enum", "allOf",
    "anyOf", "oneOf", "not", "if", "then", "else", "patternProperties",
})
#: Keywords whose value is a schema, a list of schemas or a map of schemas.
ONE_SCHEMA = ("additionalProperties", "propertyNames", "items", "contains", "not", "if",
              "then", "else")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf")
SCHEMA_MAPS = ("properties", "patternProperties", "$defs")
ANNOTATIONS = frozenset({"$comment", "title", "description", "default", "examples"})
#: Our own keywords (builder/rules/schema_keywords.py: a value compared with a sibling).
#: The compiled code leaves them out; the runtime checks them after it (relations_hold).
OWN_KEYWORDS = frozenset({"x-atLeast", "x-atMost"})


class NotCompilable(Exception):
    pass


def canonical(schema: dict) -> str:
    """The text a schema is known by (the runtime makes the same from the loaded file)."""
    return json.dumps(schema, sort_keys=True)


def prepare(schema, where: str = "#"):
    """A copy of ``schema`` that fastjsonschema's draft-07 reads as 2020-12 would."""
    if isinstance(schema, bool):
        return schema
    if not isinstance(schema, dict):
        raise NotCompilable(f"{where}: not a schema")
    unknown = set(schema) - SAME_MEANING - OWN_KEYWORDS
    if unknown:
        raise NotCompilable(f"{where}: {', '.join(sorted(unknown))}")
    out: dict = {}
    for key, value in schema.items():
        if key in ONE_SCHEMA:
            if isinstance(value, list):  # draft-07's tuple items (2020-12: prefixItems)
                raise NotCompilable(f"{where}/{key}: a list")
            out[key] = prepare(value, f"{where}/{key}")
        elif key in SCHEMA_LISTS:
            out[key] = [prepare(v, f"{where}/{key}/{i}") for i, v in enumerate(value)]
        elif key in SCHEMA_MAPS:
            out[key] = {k: prepare(v, f"{where}/{key}/{k}") for k, v in value.items()}
        elif key in OWN_KEYWORDS:
            continue
        elif key in ("const", "enum"):
            values = [value] if key == "const" else value
            if any(isinstance(v, (list, dict)) for v in values):
                raise NotCompilable(f"{where}/{key}: a list or object value")
            out[key] = value
        else:
            out[key] = value
    if "$ref" in out and set(out) - ANNOTATIONS - {"$ref", "$id", "$schema", "$defs"}:
        ref = out.pop("$ref")
        out["allOf"] = [{"$ref": ref}, *out.get("allOf", [])]
    return out


def own_keyword_problems(path: Path, schema: dict) -> None:
    """Refuse a schema whose own keywords would never be read (not on a property's
    schema, or naming no sibling): the runtime would ignore them silently."""
    sys.path.insert(0, str(ROOT))
    from builder.rules.schema_keywords import KEYWORDS, misplaced

    assert set(KEYWORDS) == OWN_KEYWORDS, "OWN_KEYWORDS and schema_keywords.KEYWORDS differ"
    problems = misplaced(schema)
    if problems:
        raise SystemExit(f"{path}: " + "; ".join(problems))


def module_name(schema_id: str) -> str:
    stem = schema_id.rstrip("/").rsplit("/", 1)[-1].removesuffix(".json")
    return "s_" + re.sub(r"[^0-9a-zA-Z]+", "_", stem).strip("_").lower()


HEADER = '''\
# Generated by tools/compile_schemas.py from {source} with fastjsonschema {version}.
# Do not edit: change the schema and run the tool again.
# ruff: noqa
from builder.storage.compiled_schemas import JsonSchemaValueException, JsonSchemaValuesException

SCHEMA_TEXT = {text!r}
#: The shared schemas it refers to ($ref by file name): uri -> the text compiled in.
REFERENCED = {referenced!r}

'''


#: The name a $ref's function is handed (only its messages use it, and they are not read).
_REF_NAME = re.compile(r', custom_formats, \(name_prefix or "data"\) \+ "[^"\n]*"'
                       r'(?:\.format\(\*\*locals\(\)\))?\)')

#: A whole line raising the exception with its message and details.
_RAISE = re.compile(r"^(\s*)raise JsonSchemaValueException\(.*\)$", re.M)


def compile_one(path: Path) -> tuple[str, str, str]:
    """(schema $id, module name, module source) for one schema file."""
    try:
        import fastjsonschema
    except ImportError:
        raise SystemExit("tools/compile_schemas.py needs fastjsonschema (in the test extras: "
                         "pip install -e '.[test]')") from None

    schema = json.loads(path.read_text(encoding="utf-8"))
    schema_id = schema.get("$id")
    if not schema_id:
        raise NotCompilable("no $id")
    own_keyword_problems(path, schema)
    ready = prepare(schema)
    ready["$schema"] = "http://json-schema.org/draft-07/schema#"
    referenced: dict[str, str] = {}

    def shared(uri: str):
        """A $ref into a shared schema (rule-system.schema.json#/$defs/cost): the
        shipped file, read the same safe way; its text is recorded beside the
        schema's own, so the module is used only while both are unchanged."""
        from builder.rules.schema_keywords import shared_schema

        found = shared_schema(uri)
        if found is None:
            raise NotCompilable(f"$ref to {uri}: no shipped shared schema")
        referenced[uri.split("#", 1)[0]] = canonical(found)
        own_keyword_problems(path, found)
        return prepare(found, uri)

    code = fastjsonschema.compile_to_code(ready, handlers={"https": shared}, use_default=False,
                                          use_formats=False)
    # Only the verdict is used (a rejected document goes to jsonschema, which decides
    # and writes the message).  fastjsonschema builds a name for each value handed to a
    # $ref's function, and a message with that name for each raise, with
    # ``str.format(**locals())``: on every value, valid or not, since an ``if`` or an
    # ``anyOf`` alternative that does not apply is a raise caught.  So the code raises
    # the bare exception and hands no name.
    code = _RAISE.sub(r"\1raise JsonSchemaValueException", code)
    code = _REF_NAME.sub(", custom_formats, None)", code)
    if "name_prefix or" in code or "locals()" in code:
        raise SystemExit(f"{path}: fastjsonschema's generated code builds names in a new "
                         "way; update tools/compile_schemas.py")
    imports = "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException\n"
    if imports not in code:
        raise SystemExit(f"{path}: fastjsonschema's generated code changed shape; "
                         "update tools/compile_schemas.py")
    code = code.replace(imports, "")
    # The documents validated are JSON read by builder/storage/jsonio.py, whose numbers
    # are int and float, never Decimal (its parse_float makes floats), or dicts the
    # application builds of the same: so the code names no Decimal and every command's
    # start imports no ``decimal`` (~1 ms).  Handed a Decimal, a type check would reject
    # it (and jsonschema decide, as for every rejection).
    code = code.replace("from decimal import Decimal\n", "")
    code = code.replace("(int, float, Decimal))", "(int, float))")
    if "Decimal" in code:
        raise SystemExit(f"{path}: fastjsonschema's generated code names Decimal in a new "
                         "way; update tools/compile_schemas.py")
    first = re.search(r"^def (\w+)\(", code, re.M)
    if not first:
        raise SystemExit(f"{path}: no validation function in the generated code")
    source = HEADER.format(source=path.relative_to(ROOT).as_posix(),
                           version=fastjsonschema.VERSION, text=canonical(schema),
                           referenced=dict(sorted(referenced.items())))
    source += code.rstrip() + f"\n\n\nvalidate = {first.group(1)}\n"
    return schema_id, module_name(schema_id), source


INIT = '''\
"""Ahead-of-time compiled validators of the shipped JSON Schemas (generated by
tools/compile_schemas.py; see there and builder/storage/validation.py).

``MODULES`` maps a schema's $id to its module here; a module's ``SCHEMA_TEXT`` is
the schema it was compiled from and ``validate(document)`` raises on anything it
does not accept.
"""
# ruff: noqa


class JsonSchemaValueException(ValueError):
    """Raised by the generated code (the fast path only needs "not valid")."""

    def __init__(self, message="", value=None, name=None, definition=None, rule=None):
        super().__init__(message)


class JsonSchemaValuesException(JsonSchemaValueException):
    def __init__(self, errors=()):
        super().__init__("several problems")


MODULES = {modules!r}
'''


FOLDER_INIT = '''\
"""Ahead-of-time compiled validators of this rule system's JSON Schemas (generated by
tools/compile_schemas.py from ../schema; see builder/storage/validation.py).

``MODULES`` maps a schema's $id to its module here.
"""
# ruff: noqa

MODULES = {modules!r}
'''


def schema_files() -> list[Path]:
    return sorted(p for p in (ROOT / "builder").rglob("*.schema.json")
                  if "compiled_schemas" not in p.parts)


def out_folder(path: Path) -> Path:
    """Where the validator of the schema at ``path`` goes: beside the rule system's
    ``schema/`` folder (its ``compiled_schemas/``), or the shared package."""
    if path.parent.name == "schema" and path.parent.parent.parent == ROOT / "builder" / "rulesets":
        return path.parent.parent / "compiled_schemas"
    return SHARED_OUT


def package_of(folder: Path) -> str:
    return ".".join(folder.relative_to(ROOT).parts)


def build() -> dict[Path, dict[str, str]]:
    """{output folder: {file name: source}} of every compiled_schemas package."""
    out: dict[Path, dict[str, str]] = {SHARED_OUT: {}}
    modules: dict[Path, dict[str, str]] = {SHARED_OUT: {}}
    for path in schema_files():
        folder = out_folder(path)
        files = out.setdefault(folder, {})
        found = modules.setdefault(folder, {})
        try:
            schema_id, name, source = compile_one(path)
        except NotCompilable as why:
            print(f"{path.relative_to(ROOT)}: not compiled ({why}); jsonschema only",
                  file=sys.stderr)
            continue
        if name in files or any(schema_id in m for m in modules.values()):
            raise SystemExit(f"{path}: two schemas named {name} / {schema_id}")
        found[schema_id] = name
        files[f"{name}.py"] = source
    for folder, files in out.items():
        init = INIT if folder == SHARED_OUT else FOLDER_INIT
        files["__init__.py"] = init.format(modules=dict(sorted(modules[folder].items())))
    return out


def stale() -> list[str]:
    """Shipped schemas whose compiled validator is missing or from another text."""
    sys.path.insert(0, str(ROOT))
    import importlib

    problems = []
    for path in schema_files():
        schema = json.loads(path.read_text(encoding="utf-8"))
        try:
            prepare(schema)
        except NotCompilable:
            continue
        package = package_of(out_folder(path))
        try:
            modules = importlib.import_module(package).MODULES
        except ImportError:
            modules = {}
        name = modules.get(schema.get("$id", ""))
        if name is None:
            problems.append(f"{path.relative_to(ROOT)}: no compiled validator")
            continue
        module = importlib.import_module(f"{package}.{name}")
        if module.SCHEMA_TEXT != canonical(schema) or not referenced_current(module):
            problems.append(f"{path.relative_to(ROOT)}: compiled from another version")
    return problems


def referenced_current(module) -> bool:
    """Whether every shared schema the module's code embeds is still that text."""
    from builder.storage.validation import referenced_current as current

    return current(module)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only say whether the compiled validators are up to date")
    args = parser.parse_args()
    if args.check:
        problems = stale()
        for line in problems:
            print(line, file=sys.stderr)
        if problems:
            print("run: python tools/compile_schemas.py", file=sys.stderr)
        return 1 if problems else 0
    for folder, files in build().items():
        folder.mkdir(exist_ok=True)
        for old in folder.glob("*.py"):
            if old.name not in files:
                old.unlink()
        for name, source in files.items():
            (folder / name).write_text(source, encoding="utf-8")
        print(f"{len(files) - 1} schemas compiled into {folder.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
