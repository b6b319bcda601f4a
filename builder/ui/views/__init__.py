"""Editor widgets, and the registry that picks one per ruleset.

A ruleset with a dedicated editor registers a factory under its id
(:func:`register_editor`); built-in editors are listed in ``_BUILTIN`` and
imported only when a character of that ruleset is opened.  Every other
ruleset gets :class:`~builder.ui.views.generic.GenericEditor` (the derived
state, the options with their reasons, and a free action line).
"""
from __future__ import annotations

import importlib
from typing import Callable

#: ruleset id -> factory(doc, parent) -> CharacterEditor
EDITORS: dict[str, Callable] = {}

#: ruleset id -> "module:attribute", imported on first use.
_BUILTIN = {
    "story-points": "builder.ui.views.story_points:StoryPointsEditor",
    "vogelfrei": "builder.ui.views.vogelfrei:VogelfreiEditor",
    "ability-bonuses": "builder.ui.ability_bonuses.editor:AbilityBonusesEditor",
}


def register_editor(ruleset_id: str, factory: Callable) -> None:
    EDITORS[ruleset_id] = factory


def editor_factory(ruleset_id: str) -> Callable:
    if ruleset_id not in EDITORS and ruleset_id in _BUILTIN:
        module_name, attr = _BUILTIN[ruleset_id].split(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            module = None
        if module is not None:
            register_editor(ruleset_id, getattr(module, attr))
    if ruleset_id in EDITORS:
        return EDITORS[ruleset_id]
    from builder.ui.views.generic import GenericEditor

    return GenericEditor


def create_editor(doc, parent=None):
    return editor_factory(doc.ruleset.id)(doc, parent)
