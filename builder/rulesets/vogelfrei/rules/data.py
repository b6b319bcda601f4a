"""What Vogelfrei's data tables must agree on beyond their JSON Schema (which checks
every key, type and bound first): Toughness among the abilities, modifier rows covering
3 to 18, one value per level in every class table, careers and rolls that name what
exists, starting money in a known coin.  Each problem starts with the path of the bad
value, as the schema's do."""
from __future__ import annotations

from typing import Any


def validate_data(data: dict[str, Any]) -> list[str]:
    """What the tables must agree on, which the JSON Schema (checked first, see
    ``data_schema``: every key, type and bound) cannot say; each problem starts
    with the path of the bad value, as the schema's do."""
    if not isinstance(data, dict):
        return ["the data is not a JSON object"]
    try:
        return data_problems(data)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        return [f"the data is malformed ({exc}); check it against its schema"]


def data_problems(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if "Toughness" not in data["abilities"]:
        problems.append("abilities: must include Toughness (it sets starting Wounds)")
    covered = {n for r in data["modifiers"] for n in range(r["min"], r["max"] + 1)}
    if not set(range(3, 19)) <= covered:
        problems.append("modifiers: the rows must cover every score from 3 to 18")
    max_level = data.get("max_level", 6)
    saves = data["save_names"]
    classes = data["classes"]
    for name, c in classes.items():
        where = f"classes/{name}"
        table = c["xp"]
        if len(table) != max_level or sorted(table) != table or table[-1] < 1:
            problems.append(f"{where}/xp: must be a rising list of {max_level} whole "
                            "numbers (one per level)")
        for key in ("wounds_up", "skill_points", "combat_skill_points", "gifts"):
            if key in c and len(c[key]) != max_level:
                problems.append(f"{where}/{key}: needs one whole number per level "
                                f"({max_level}), not {len(c[key])}")
        rows = c["saves"]
        if len(rows) != max_level or any(len(row) != len(saves) for row in rows):
            problems.append(f"{where}/saves: needs {max_level} rows of {len(saves)} "
                            f"({', '.join(saves)})")
        careers = c["careers"]
        roll = c.get("career_roll", [])
        for i, rolled in enumerate(roll):
            if rolled and rolled not in careers:
                problems.append(f"{where}/career_roll/{i}: the career table names unknown "
                                f"career {rolled}")
        if careers and not any(roll):
            problems.append(f"{where}/career_roll: names none of its careers")
    for roll, name in data["class_roll"].items():
        if name not in classes:
            problems.append(f"class_roll/{roll}: names unknown class {name}")
    coins = data.get("coins") or {"gp": 1, "sp": 1, "bp": 1}
    for status, row in (data.get("starting_money") or {}).items():
        if row["coin"] not in coins:
            problems.append(f"starting_money/{status}/coin: '{row['coin']}' is not a coin "
                            f"({', '.join(coins)})")
    return problems
