"""The built-in rule systems, one folder each.

A rule-system folder ``builder/rulesets/<id with - as _>/`` holds everything of
one system:

* ``__init__.py``: ``ruleset_class()``, the zero-argument callable the registry
  names (the folder's one registration: a line in
  :data:`builder.rules.registry.BUILTIN`, or an entry point for a plugin);
* ``rules/``: the rules (a :class:`~builder.rules.base.Ruleset` subclass and
  its helpers; no Qt);
* ``sheet.py``: the printed sheet (``SECTIONS`` and ``build``; no Qt);
* ``data/``: the built-in data (JSON), ``schema/``: its JSON Schemas (the
  ruleset data's and the character baseline's);
* ``ui/``: the window parts (the editor, the creation form, dialogs).

The Ruleset class declares its parts as one record, ``parts``
(:class:`~builder.rules.interface.RuleSystemParts`: lazy strings, imported only when
used): ``sheet_module``, ``editor``, ``creation_form``, ``chain_page``, ``dialogs``
("module:attr"), ``data_file``, ``data_schema`` and ``character_schema``
("package:path" of a file in the folder).  A part left undeclared gets the shared
default: the generic sheet, the generic editor, the KEY=VALUE creation form, the
chain page of a system written as data, no schema.
Shared machinery stays shared: :mod:`builder.rules` (base, engine, registry,
vocabulary), :mod:`builder.sheets`, :mod:`builder.ui`.
"""
