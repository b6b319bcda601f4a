"""Import-linter contract types of this project (``contract_types`` in pyproject.toml).

``rule_system_layers`` is import-linter's layers contract whose layers may name a part
of every built-in rule system at once: ``builder.rulesets.*.ui`` stands for the ``ui``
package of each folder the registry (:data:`builder.rules.registry.BUILTIN`) names
that has one.  A layer cannot be a wildcard in import-linter itself, and a new rule
system's folder would otherwise be one more name to add to each layer by hand.
"""
from __future__ import annotations

import importlib.util
from typing import Any

from importlinter.contracts.layers import LayersContract

#: What a layer writes for "this part of every rule system's folder".
EVERY_FOLDER = "builder.rulesets.*."


def builtin_folders() -> list[str]:
    """The package of every built-in rule system, in the registry's order."""
    from builder.rules.registry import BUILTIN

    return [target.partition(":")[0] for target in BUILTIN.values()]


def expand(layer: str, folders: list[str]) -> str:
    """``layer`` with each ``builder.rulesets.*.PART`` replaced by that part of every
    folder in ``folders`` that has it (``:`` joins them: the shared package and the
    folders' parts of one layer may import each other)."""
    names: list[str] = []
    for name in (n.strip() for n in layer.split(":")):
        if not name.startswith(EVERY_FOLDER):
            names.append(name)
            continue
        part = name.removeprefix(EVERY_FOLDER)
        names.extend(f"{folder}.{part}" for folder in folders
                     if importlib.util.find_spec(f"{folder}.{part}") is not None)
    return " : ".join(names)


class RuleSystemLayers(LayersContract):
    """A layers contract whose ``builder.rulesets.*.PART`` names are every built-in
    rule system's ``PART``."""

    type_name = "rule_system_layers"

    def __init__(self, name: str, session_options: dict[str, Any],
                 contract_options: dict[str, Any]) -> None:
        folders = builtin_folders()
        options = dict(contract_options)
        options["layers"] = [expand(layer, folders) for layer in contract_options["layers"]]
        super().__init__(name, session_options, options)
