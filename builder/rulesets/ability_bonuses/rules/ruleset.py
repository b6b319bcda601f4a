"""The ``ability-bonuses`` ruleset: baseline, ledger actions and the Abilities Card.

Baseline (the creation record, first part of the character's record)::

    {"method": "chosen" | "random",
     "abilities": {"MIG": 3, "DEX": 2, "CHA": 1, "FOC": 0},
     "rolls": [2, 2, 4, 1],      # every d4 of the random allocation, rerolls included
     "age": null | "young" | "mature" | "old",   # null: the Aging rule is off
     "age_roll": null | 1..20}   # the d20 when the age was rolled at creation

The rolls are checked on every load: a random allocation whose recorded rolls
do not give the recorded bonuses is reported as a problem (``check``).

Ledger actions::

    {"action": "modify", "ability": "MIG", "value": 1, "name": "Bless"}
    {"action": "unmodify", "name": "Bless"}
    {"action": "set-age", "age": "mature"}     # "age": null switches the Aging rule off
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence, TypedDict

from builder.rules.base import Option, Reason, Ruleset, match_name, option
from builder.rules.interface import RuleSystemParts
from . import codes, creation
from . import formulas as f
from . import view
from .actions import KINDS
from .state import State, signed

#: The rule system's folder (the package above rules/): its parts are named from it.
_FOLDER = __name__.rsplit(".", 2)[0]

#: The verbs, in the order ``do FILE --help`` lists them (one ActionKind each).
ACTIONS = tuple(kind.verb for kind in KINDS)
OFF_WORDS = ("off", "none")



# -- the ``show --json`` shape (CharacterFile.derived adds the ledger, notes, identity) --
class AgeCategoryView(TypedDict):
    id: str
    name: str
    approximate_age: Any
    modifiers: dict[str, int]


class ModifierView(TypedDict):
    name: str
    ability: str
    value: int


class ABDerived(TypedDict):
    """An ability-bonuses character as ``show --json`` prints it.  A figure that needs
    an ability not yet allocated is None."""

    ruleset: str
    name: str
    abilities: dict[str, int | None]
    skilled: dict[str, int | None]
    body_def: int | None
    mind_def: int | None
    martial_dc: int | None
    spell_dc: int | None
    age: str | None
    age_category: AgeCategoryView | None
    aging: bool
    method: str
    allocation: dict[str, int | None]
    base: dict[str, int]
    rolls: list[int]
    roll_abilities: list[str]
    age_roll: int | None
    modifiers: list[ModifierView]

class AbilityBonuses(Ruleset):
    id = "ability-bonuses"
    title = "Ability Bonuses"
    # The parts of its folder, imported only when used (named from this package, so
    # the folder works wherever it is: copied out of the tree, it is a plugin).
    parts = RuleSystemParts(
        data_file=f"{_FOLDER}:data/ability-bonuses.json",
        data_schema=f"{_FOLDER}:schema/ruleset-ability-bonuses.schema.json",
        character_schema=f"{_FOLDER}:schema/character-ability-bonuses.schema.json",
        sheet_module=f"{_FOLDER}.sheet",
        editor=f"{_FOLDER}.ui.editor:AbilityBonusesEditor",
        creation_form=f"{_FOLDER}.ui.form:AbilityBonusesForm")
    summary_text = ("Distribute +3, +2, +1 and +0 over MIG, DEX, CHA and FOC (or roll them); "
                    "the Abilities Card derives the rest.")
    actions = ACTIONS
    action_kinds = KINDS
    set_keys = ("MIG=N", "DEX=N", "CHA=N", "FOC=N  (+3, +2, +1 and +0, one each; or --random)",
                "age=young|mature|old|roll|off  (switches the Aging rule on)")

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.title = data.get("title", self.title)
        self.summary_text = data.get("summary", self.summary_text)
        self.bonuses: list[int] = list(data["bonuses"])
        self.die_faces: list[str] = list(data["allocation_die"])
        self.other_start: dict[str, int] = dict(data["other_start"])
        self.dc_base: int = int(data["effect_dc_base"])
        self.age_die: int = int(data["aging"]["die"])
        self.age_categories: list[dict[str, Any]] = list(data["aging"]["categories"])
        self.ability_names: dict[str, str] = {a["abbrev"]: a["name"] for a in data["abilities"]}

    # -- data ---------------------------------------------------------------
    @classmethod
    def validate_data(cls, data: dict[str, Any]) -> list[str]:
        """What the tables must agree on, which the JSON Schema (checked first, see
        ``data_schema``: every key, type and bound, the bonuses and the allocation die)
        cannot say; each problem starts with the path of the bad value, as the schema's do."""
        problems = super().validate_data(data)
        if problems:
            return problems
        try:
            abbrevs = [a["abbrev"] for a in data["abilities"]]
            if sorted(abbrevs) != sorted(f.ABILITIES):
                problems.append("abilities: must be exactly MIG, DEX, CHA, FOC, SKL and SPD, "
                                "each once")
            die = data["aging"]["die"]
            covered: list[int] = []
            seen: set[str] = set()
            for i, category in enumerate(data["aging"]["categories"]):
                where = f"aging/categories/{i}"
                covered.extend(range(category["low"], category["high"] + 1))
                if category["id"] in seen:
                    problems.append(f"{where}/id: '{category['id']}' is used twice")
                seen.add(category["id"])
            if sorted(covered) != list(range(1, die + 1)):
                problems.append(f"aging/categories: must cover 1 to {die} (the aging die) "
                                "once each")
        except (KeyError, TypeError) as exc:
            problems.append(f"the data is malformed ({exc}); check it against its schema")
        return problems

    # -- lookups --------------------------------------------------------------
    def ability_key(self, text: str, allowed: Sequence[str] = f.ABILITIES) -> str:
        """MIG from 'mig', 'MIG' or 'Might' (UsageError otherwise)."""
        aliases: dict[str, str] = {}
        for abbrev in allowed:
            aliases[abbrev] = abbrev
            aliases[self.ability_names.get(abbrev, abbrev)] = abbrev
        return aliases[match_name(text, aliases, "ability")]

    def age_category(self, age_id: str | None) -> dict[str, Any] | None:
        for category in self.age_categories:
            if category["id"] == age_id:
                return category
        return None

    def age_for_roll(self, roll: int) -> str:
        for category in self.age_categories:
            if category["low"] <= roll <= category["high"]:
                return str(category["id"])
        raise ValueError(f"{roll} is not a result of a d{self.age_die}")

    def age_key(self, text: str, allow_off: bool = False, allow_roll: bool = False) -> str | None:
        aliases: dict[str, str | None] = {}
        for category in self.age_categories:
            aliases[category["id"]] = category["id"]
            aliases[category["name"]] = category["id"]
        if allow_roll:
            aliases["roll"] = "roll"
        if allow_off:
            for word in OFF_WORDS:
                aliases[word] = None
        return aliases[match_name(text, aliases, "age category")]

    def age_name(self, age_id: str | None) -> str:
        category = self.age_category(age_id)
        return category["name"] if category else "Aging rule off"

    # -- creation -----------------------------------------------------------
    def roll_age(self, rng: random.Random) -> tuple[str, int]:
        """The optional Aging rule's d20: (age category id, the roll)."""
        roll = rng.randint(1, self.age_die)
        return self.age_for_roll(roll), roll

    def chosen_baseline(self, values: Mapping[str, int], age: str | None = None,
                        age_roll: int | None = None) -> dict[str, Any]:
        """A baseline from bonuses chosen by the player (not validated here)."""
        return {"method": "chosen",
                "abilities": {k: values[k] for k in f.PRIMARY if k in values},
                "rolls": [], "age": age, "age_roll": age_roll}

    def random_baseline(self, rng: random.Random, age: str | None = None,
                        age_roll: int | None = None) -> dict[str, Any]:
        """A baseline from the random allocation (every d4 kept, rerolls included)."""
        allocation, rolls = f.roll_allocation(rng, self.die_faces, self.bonuses)
        return {"method": "random", "abilities": allocation, "rolls": rolls,
                "age": age, "age_roll": age_roll}

    def baseline_from_sets(self, sets: Sequence[tuple[str, str]], *,
                           rng: random.Random, randomize: bool = False) -> dict[str, Any]:
        return creation.baseline_from_sets(self, sets, rng=rng, randomize=randomize)

    def validate_baseline(self, baseline: dict[str, Any]) -> list[str]:
        return creation.validate_baseline(self, baseline)

    def initial_state(self, baseline: dict[str, Any]) -> State:
        return creation.initial_state(self, baseline)

    # -- actions ------------------------------------------------------------
    def missing_action_text(self) -> str:
        return f"which action? one of: {', '.join(ACTIONS)}"

    def unknown_action(self, action: Any) -> list[str]:
        if not isinstance(action, Mapping):
            return [Reason("the action is not an object", codes.UNKNOWN_ACTION)]
        return [Reason(f"unknown action {action.get('action')!r}; valid: {', '.join(ACTIONS)}",
                       codes.UNKNOWN_ACTION)]

    # -- views ----------------------------------------------------------------
    def base_abilities(self, state: State) -> dict[str, int]:
        """The six abilities at creation, before the age category and effects."""
        base = {k: state.allocation[k] for k in f.PRIMARY}
        base.update({k: self.other_start[k] for k in f.OTHER})
        return base

    def age_modifiers(self, state: State) -> dict[str, int]:
        category = self.age_category(state.age)
        return dict(category["modifiers"]) if category else {}

    def effective_abilities(self, state: State) -> dict[str, int]:
        """Every ability after the age category and every active effect."""
        values = self.base_abilities(state)
        for key, value in self.age_modifiers(state).items():
            values[key] += value
        for modifier in state.modifiers.values():
            values[modifier.ability] += modifier.value
        return values

    def card(self, state: State) -> dict[str, Any]:
        """The Abilities Card figures."""
        abilities = self.effective_abilities(state)
        skilled = f.skilled_bonuses(abilities)
        return {
            "abilities": abilities,
            "skilled": skilled,
            "body_def": f.body_def(abilities),
            "mind_def": f.mind_def(abilities),
            "martial_dc": f.martial_dc(skilled, self.dc_base),
            "spell_dc": f.spell_dc(skilled, self.dc_base),
        }

    def preview(self, allocation: Mapping[str, int | None], age: str | None = None) -> dict[str, Any]:
        """The Abilities Card of an allocation in progress (the creation form).

        Unallocated abilities are None, and so is every figure that needs one.
        """
        category = self.age_category(age)
        mods = dict(category["modifiers"]) if category else {}
        abilities: dict[str, int | None] = {k: allocation.get(k) for k in f.PRIMARY}
        abilities.update({k: self.other_start[k] for k in f.OTHER})
        for key, value in mods.items():
            if abilities.get(key) is not None:
                abilities[key] += value
        skl = abilities["SKL"]
        skilled = {k: total(abilities[k], skl) for k in f.SKILLED}

        def best(*values: int | None) -> int | None:
            known = [v for v in values if v is not None]
            return self.dc_base + max(known) if known and len(known) == len(values) else None

        return {
            "abilities": abilities,
            "skilled": skilled,
            "body_def": total(abilities["MIG"], abilities["DEX"]),
            "mind_def": total(abilities["CHA"], abilities["FOC"]),
            "martial_dc": best(skilled["MIG"], skilled["DEX"]),
            "spell_dc": best(skilled["CHA"], skilled["FOC"]),
            "age": category["id"] if category else None,
            "age_category": None if category is None else {
                "id": category["id"], "name": category["name"],
                "approximate_age": category["approximate_age"],
                "modifiers": dict(category["modifiers"])},
            "modifiers": [],
        }

    def derive(self, state: State, name: str) -> ABDerived:
        card = self.card(state)
        category = self.age_category(state.age)
        return {
            "ruleset": self.id, "name": name,
            "abilities": card["abilities"], "skilled": card["skilled"],
            "body_def": card["body_def"], "mind_def": card["mind_def"],
            "martial_dc": card["martial_dc"], "spell_dc": card["spell_dc"],
            "age": state.age,
            "age_category": None if category is None else {
                "id": category["id"], "name": category["name"],
                "approximate_age": category["approximate_age"],
                "modifiers": dict(category["modifiers"])},
            "aging": state.aging,
            "method": state.method,
            "allocation": {k: state.allocation[k] for k in f.PRIMARY},
            "base": self.base_abilities(state),
            "rolls": list(state.rolls),
            "roll_abilities": [self.die_faces[r - 1] for r in state.rolls
                               if 1 <= r <= len(self.die_faces)],
            "age_roll": state.age_roll,
            "modifiers": [{"name": m.name, "ability": m.ability, "value": m.value}
                          for m in state.modifiers.values()],
        }

    def options(self, state: State) -> list[Option]:
        """No paid increases exist in this system: the options are the age
        categories the character can be moved to (``set-age``)."""
        result = []
        for category in self.age_categories:
            reasons = []
            if category["id"] == state.age:
                reasons.append(Reason(f"the character is already {category['name']}", codes.AGE_CURRENT))
            result.append(option("age", category["name"], None, 0, reasons,
                                 action=["set-age", category["id"]],
                                 switches_aging_on=not state.aging))
        return result

    def headline(self, state: State) -> dict[str, Any]:
        abilities = self.effective_abilities(state)
        return {key: signed(abilities[key]) for key in f.PRIMARY}

    show_text_prints_ledger = False

    def show_text(self, derived: dict[str, Any]) -> str:
        return view.show_text(self, derived)


def total(*values: int | None) -> int | None:
    """The sum, or None when any of ``values`` is unknown (None)."""
    known = [v for v in values if v is not None]
    return sum(known) if len(known) == len(values) else None
