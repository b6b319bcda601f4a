"""Vogelfrei possessions: money, the equipment tables, what a character holds, Armour
Class, encumbrance and movement, weapon usability.  Pure functions over the ruleset
data and a character's gear; integers only (money is counted in brass pieces,
1 gp = 50 sp = 600 bp).
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Iterable

from builder.rules.base import UsageError

DEFAULT_COINS = {"gp": 600, "sp": 12, "bp": 1}
MARKETS = ("city", "rural")
_HANDS = re.compile(r"\s*\((?:2H|1/2H)\)\s*$", re.IGNORECASE)


# -- money -------------------------------------------------------------------------
def parse_amount(text: str, coins: dict[str, int] | None = None) -> int:
    """``12gp``, ``35sp``, ``7bp``, ``1gp 20sp 4bp`` (spaces and commas allowed) -> bp."""
    coins = coins or DEFAULT_COINS
    raw = str(text).strip()
    units = "|".join(sorted(coins, key=len, reverse=True))
    token = re.compile(rf"(\d+)\s*({units})(?![a-z])", re.IGNORECASE)
    found = token.findall(raw)
    rest = token.sub(" ", raw)
    if not found or rest.strip(" ,+"):
        names = ", ".join(coins)
        raise UsageError(f"an amount of money is written with its coins, like 12gp, 35sp, "
                         f"7bp or 1gp 20sp 4bp ({names}), not '{text}'")
    total = sum(int(n) * coins[unit.lower()] for n, unit in found)
    return total


def coins_of(bp: int, coins: dict[str, int] | None = None) -> dict[str, int]:
    """The fewest coins for an amount: gold, then silver, then brass."""
    coins = coins or DEFAULT_COINS
    left, out = max(0, int(bp)), {}
    for name, value in sorted(coins.items(), key=lambda kv: -kv[1]):
        out[name], left = divmod(left, value)
    return out


def money_text(bp: int, coins: dict[str, int] | None = None) -> str:
    parts = [f"{n} {name}" for name, n in coins_of(bp, coins).items() if n]
    return " ".join(parts) if parts else "0 bp"


# -- the equipment tables ------------------------------------------------------------
def fold(name: str) -> str:
    return " ".join(_HANDS.sub("", str(name)).split()).casefold()


class Catalogue:
    """Every item of the equipment tables, found by name (case-insensitive) or alias."""

    def __init__(self, equipment: dict[str, Any]):
        self.categories: list[str] = list(equipment.get("categories", []))
        self.items: list[dict[str, Any]] = list(equipment.get("items", []))
        self.firearm_options: dict[str, Any] = dict(equipment.get("firearm_options") or {})
        self._by: dict[str, dict[str, Any]] = {}
        for item in self.items:
            for name in [item["name"], *item.get("aliases", [])]:
                self._by.setdefault(fold(name), item)
                self._by.setdefault(" ".join(str(name).split()).casefold(), item)
        for item in self.items:   # the table's own name: "Staff (2H)", "Weapon (Great (2H))"
            self._by.setdefault(" ".join(table_name(item).split()).casefold(), item)
        for item in self.items:   # "Rope" for "Rope, 50'", where nothing else is so named
            short = re.sub(r",\s*\d+'$", "", item["name"])
            if short != item["name"]:
                self._by.setdefault(fold(short), item)

    def find(self, name: Any) -> dict[str, Any] | None:
        if not isinstance(name, str):
            return None
        return (self._by.get(" ".join(name.split()).casefold()) or self._by.get(fold(name))
                or self._firearm(name))

    def item(self, name: Any) -> dict[str, Any]:
        """:meth:`find` for a name the rules already accepted (KeyError otherwise)."""
        found = self.find(name)
        if found is None:
            raise KeyError(name)
        return found

    def _firearm(self, name: str) -> dict[str, Any] | None:
        """A matchlock firearm with a lock type and/or rifling: 'Musket (Wheellock,
        Rifled)' costs 60 sp x 7 x 2; a wheellock or flintlock needs training."""
        options = self.firearm_options
        match = re.fullmatch(r"(.+?)\s*\(([^()]*)\)\s*", name)
        if not options or not match:
            return None
        base = self._by.get(fold(match.group(1)))
        if not base or base.get("lock") != options.get("applies_to_lock", "Matchlock"):
            return None
        locks = {k.casefold(): (k, v) for k, v in (options.get("locks") or {}).items()}
        extras = {k.casefold(): (k, v) for k, v in (options.get("extras") or {}).items()}
        chosen_lock, chosen_extras, times = None, [], 1
        for word in (w.strip().casefold() for w in match.group(2).split(",")):
            if word in locks and chosen_lock is None:
                chosen_lock = locks[word]
            elif word in extras and extras[word][0] not in chosen_extras:
                chosen_extras.append(extras[word][0])
            else:
                return None
        parts = ([chosen_lock[0]] if chosen_lock else []) + chosen_extras
        if not parts:
            return None
        item = dict(base)
        item.pop("aliases", None)
        item["name"] = f"{base['name']} ({', '.join(parts)})"
        for spec in ([chosen_lock[1]] if chosen_lock else []) + [extras[e.casefold()][1]
                                                                  for e in chosen_extras]:
            times *= int(spec.get("times", 1))
            if spec.get("requirement"):
                item["requirement"] = spec["requirement"]
        if chosen_lock:
            item["lock"] = chosen_lock[0]
        for market in MARKETS:
            if isinstance(base.get(market), int):
                item[market] = base[market] * times
        return item

    def table_name(self, name: str) -> str:
        """The name as printed in the tables, with the hands mark: "Staff (2H)"."""
        item = self.find(name)
        return table_name(item) if item else " ".join(str(name).split())

    def canonical(self, name: str) -> str:
        item = self.find(name)
        return item["name"] if item else " ".join(str(name).split())

    def near(self, name: str, n: int = 5) -> list[str]:
        """Names close to an unknown one: spelling neighbours, then names containing it."""
        names = [i["name"] for i in self.items]
        folded = {fold(x): x for x in names}
        found = [folded[f] for f in difflib.get_close_matches(fold(name), list(folded), n, 0.6)]
        words = [w for w in re.split(r"[^a-z0-9]+", fold(name)) if len(w) > 2]
        for x in names:
            if len(found) >= n:
                break
            if x not in found and any(w in fold(x) for w in words):
                found.append(x)
        return found[:n]

    def unknown(self, name: str) -> str:
        near = self.near(name)
        quoted = [f'"{n}"' for n in near]
        hint = (f"; did you mean {', '.join(quoted[:-1])} or {quoted[-1]}?" if len(quoted) > 1
                else f"; did you mean {quoted[0]}?" if quoted else "")
        return f"there is no item '{name}' in the equipment tables{hint}"


def table_name(item: dict[str, Any]) -> str:
    """An item's name as in the tables: the hands mark follows the name, inside a
    variant's brackets for a row with variants ("Weapon (Great (2H))")."""
    name, hands = str(item["name"]), item.get("hands")
    if not hands or _HANDS.search(name):
        return name
    if name.endswith(")") and "(" in name:
        return f"{name[:-1]} ({hands}))"
    return f"{name} ({hands})"


def price(item: dict[str, Any], market: str) -> int | None:
    value = item.get(market)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def choose_market(item: dict[str, Any], asked: str | None, in_play: bool) -> str:
    """The market whose price applies: the one asked for; a new character (no XP award
    yet) pays the cheaper of the two; in play the City price."""
    if asked:
        return asked
    if in_play:
        return "city"
    city, rural = price(item, "city"), price(item, "rural")
    if city is None and rural is not None:
        return "rural"
    if rural is not None and city is not None and rural < city:
        return "rural"
    return "city"


def wear_slot(item: dict[str, Any]) -> str | None:
    if "armour_rating" in item:
        return "armour"
    if "shield" in item:
        return "shield"
    return None


def encumbrance_mark(item: dict[str, Any]) -> str:
    if item.get("carried") is False or item.get("consumed"):
        return "none"
    mark = item.get("encumbrance", "normal")
    return mark if mark in ("normal", "none", "oversize") else "normal"


# -- what a character holds --------------------------------------------------------------
def held(state: dict[str, Any], item: str) -> int:
    """How many of ``item`` the state's gear holds, over all its lines."""
    return sum(line["qty"] for line in state["gear"] if line["item"] == item)


# -- derived figures ---------------------------------------------------------------------
def armour_class(rules: dict[str, Any], agility_mod: int, ws: int, armour: dict[str, Any] | None,
                 shield: dict[str, Any] | None, bonus_of_class: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    base = rules.get("armour_class", {})
    extra = bonus_of_class or {}
    rating = int(armour.get("armour_rating", 0)) if armour else 0
    bonus = shield.get("shield", {}) if shield else {}
    return {"melee": int(base.get("melee_base", 8)) + agility_mod + ws + rating
            + int(bonus.get("melee", 0)) + int(extra.get("melee", 0)),
            "ranged": int(base.get("ranged_base", 11)) + agility_mod + rating
            + int(bonus.get("ranged", 0)) + int(extra.get("ranged", 0))}


def encumbrance(rules: dict[str, Any], gear: Iterable[dict[str, Any]], catalogue: Catalogue,
                worn: dict[str, Any],
                money_bp: int, coins: dict[str, int] | None = None, modifier: int = 0,
                toughness_mod: int = 0) -> dict[str, Any]:
    """Points and movement: worn armour is not an item (metal and heavy armour add
    their points); several things of one type are one item, but every weapon and
    every piece of armour counts; oversize items add a point each and are not counted
    as items; every 100 coins (the fewest coins) are one item."""
    table = rules.get("encumbrance", {})
    points, items, oversize = 0, 0, 0
    armour = catalogue.find(worn.get("armour")) if worn.get("armour") else None
    if armour:
        metal = int(table.get("metal_armour", 1)) if armour.get("metal") else 0
        heavy = int(table.get("heavy_armour", 2)) if armour.get("heavy") else 0
        points += (metal + heavy) if table.get("heavy_adds_to_metal", True) else max(metal, heavy)
    gear = list(gear)
    carried_in = _container_room(gear, catalogue)
    for line in gear:
        item = catalogue.find(line["item"])
        qty = int(line["qty"])
        if item is not None and carried_in.get(item["name"]):
            qty -= carried_in[item["name"]]   # carried in a quiver: one item with it
        if item is not None and item["name"] == worn.get("armour"):
            qty -= 1                      # the suit worn is not an item
        if qty <= 0:
            continue
        mark = encumbrance_mark(item) if item else "normal"
        if mark == "none":
            continue
        if mark == "oversize":
            oversize += qty
        elif item is None or item.get("kind") or wear_slot(item):
            items += qty                  # "All weapons count as separate items"
        else:
            items += 1                    # "Multiple ... items of the same type count as one"
    coin_count = sum(coins_of(money_bp, coins).values())
    coin_items = coin_count // int(table.get("coins_per_item", 100))
    items += coin_items
    points += items // int(table.get("items_per_point", 5))
    points += oversize * int(table.get("per_oversize_item", 1))
    points = max(0, points + modifier)        # a career's "reduce their Encumbrance by 1"
    row = movement_row(table, points)
    on_foot = max(0, row["miles_per_day"] + toughness_mod) if row["miles_per_day"] else 0
    return {"points": points, "level": row["level"], "miles_per_day": row["miles_per_day"],
            "miles_per_day_on_foot": on_foot,
            "turn_ft": row["turn_ft"], "combat_ft": row["combat_ft"],
            "running_ft": row["running_ft"], "items": items, "oversize_items": oversize,
            "coin_items": coin_items}


def _container_room(gear: list[dict[str, Any]], catalogue: Catalogue) -> dict[str, int]:
    """How many of each item ride in a container that counts as one item with what it
    carries ("A quiver plus the arrows or bolts it carries (20 maximum) count as one
    item together"): each container held takes up to its ``max``, filled in gear order."""
    room: list[dict[str, Any]] = []
    for line in gear:
        item = catalogue.find(line["item"])
        holds = item.get("holds") if item else None
        if isinstance(holds, dict):
            for _ in range(max(0, int(line["qty"]))):
                room.append({"items": set(holds.get("items") or ()),
                             "left": int(holds.get("max", 0))})
    inside: dict[str, int] = {}
    for line in gear:
        item = catalogue.find(line["item"])
        if item is None:
            continue
        want = int(line["qty"]) - inside.get(item["name"], 0)
        for box in room:
            if want <= 0:
                break
            if item["name"] in box["items"] and box["left"] > 0:
                took = min(want, box["left"])
                box["left"] -= took
                want -= took
                inside[item["name"]] = inside.get(item["name"], 0) + took
    return inside


def movement_row(table: dict[str, Any], points: int) -> dict[str, Any]:
    rows = table.get("movement") or []
    for row in rows:
        if row["min"] <= points and (row.get("max") is None or points <= row["max"]):
            return dict(row)
    return dict(rows[-1]) if rows else {"level": "Unencumbered", "miles_per_day": 24, "turn_ft": 120,
                                  "combat_ft": 40, "running_ft": 120}


def weapon_entry(item: dict[str, Any], ws: int, bs: int, forbidden: str = "",
                 improvised_as: dict[str, Any] | None = None) -> dict[str, Any]:
    """A weapon's line of show's ``weapons``.  A Trained melee weapon without Weapon
    Skill 1 "treats the weapon as an Improvised": damage and length are then those of
    the Improvised row (``improvised_as``); the weapon's own are kept as ``own_damage``
    and ``own_length``."""
    kind = item.get("kind")
    trained = item.get("requirement") == "Trained"
    entry: dict[str, Any] = {"item": table_name(item), "damage": item.get("damage", "-"),
                             "kind": kind, "requirement": item.get("requirement", "")}
    if kind == "melee":
        entry["length"] = item.get("length", "")
        improvised = trained and ws < 1
        entry["usable"] = True
        entry["improvised"] = improvised
        entry["note"] = ""
        if improvised:
            base = improvised_as or {"damage": "d3", "length": "0"}
            entry["own_damage"], entry["own_length"] = entry["damage"], entry["length"]
            entry["damage"] = base.get("damage", "d3")
            entry["length"] = base.get("length", "0")
            entry["note"] = (f"Trained weapon without Weapon Skill 1: used as Improvised "
                             f"({entry['damage']}, length {entry['length']}; its own "
                             f"{entry['own_damage']}, length {entry['own_length']})")
    else:
        entry["range"] = item.get("range", "")
        usable = not (trained and bs < 1)
        entry["usable"] = usable
        entry["improvised"] = False
        entry["note"] = "" if usable else "Trained weapon: needs Ballistic Skill 1"
    if forbidden:
        entry.update(usable=False, improvised=False, note=forbidden)
    return entry
