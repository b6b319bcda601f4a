"""Story Points' names as a player types them: a Core Vital, a Skill, a Class, a trait or
a spell, each read to the data's own spelling (UsageError otherwise).  A trait or a spell
of another Class is still read, for the rules to refuse; only a name no Class has is a
usage error."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from builder.rules.base import UsageError, match_name

if TYPE_CHECKING:
    from .ruleset import StoryPoints


def vital_name(rules: StoryPoints, name: str) -> str:
    return match_name(name, rules.d.vitals, "Core Vital")


def skill_name(rules: StoryPoints, name: str) -> str:
    return match_name(name, rules.d.skills, "Skill")


def class_name(rules: StoryPoints, name: str) -> str:
    return match_name(name, rules.d.classes, "Class")


def trait_name(rules: StoryPoints, class_name: str, name: str) -> str:
    """A trait name: the Class's own, or another Class's (the rules then refuse it).

    Only a name no Class has is a usage error."""
    own = rules.d.classes[class_name].traits
    everywhere = [t for c in rules.d.classes.values() for t in c.traits]
    return _own_or_another(name, own, f"{class_name} trait", everywhere, "trait",
                           f"unknown trait '{name}'; valid {class_name} traits: "
                           + ", ".join(own))


def spell_name(rules: StoryPoints, class_name: str, name: str) -> str:
    own = rules.d.classes[class_name].spells
    everywhere = [s for c in rules.d.classes.values() for s in c.spells]
    valid = (f"valid {class_name} spells: " + ", ".join(own)) if own else \
        f"{class_name} does not learn spells"
    return _own_or_another(name, own, f"{class_name} spell", everywhere, "spell",
                           f"unknown spell '{name}'; {valid}")


def _own_or_another(name: str, own: Iterable[str], own_what: str, everywhere: Iterable[str],
                    what: str, unknown: str) -> str:
    """``name`` among the Class's own (``own_what``), else among every Class's
    (``what``); a UsageError saying ``unknown`` when it is neither."""
    try:
        return match_name(name, own, own_what)
    except UsageError:
        try:
            return match_name(name, everywhere, what)
        except UsageError:
            raise UsageError(unknown) from None
