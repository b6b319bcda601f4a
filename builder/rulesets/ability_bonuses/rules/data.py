"""The ability-bonuses data file: what its tables must agree on that its JSON Schema
cannot say (the six abilities, each once; age categories of distinct ids that cover
every result of the aging die once)."""
from __future__ import annotations

from typing import Any

from . import formulas as f


def table_problems(data: dict[str, Any]) -> list[str]:
    """Every disagreement between the tables, each starting with the path of the bad
    value (as the schema's problems do)."""
    problems: list[str] = []
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
