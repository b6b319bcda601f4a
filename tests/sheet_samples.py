"""Hand-written derived states (the ``show --json`` shape) for the sheet tests."""
from __future__ import annotations

import copy


def story_points(ledger_entries: int = 6) -> dict:
    derived = {
        "ruleset": "story-points",
        "name": "Mira Thornwood",
        "sp": {"unspent": 7, "earned": 42, "spent": 35},
        "active": True,
        "vitals": {"Brawn": 3, "Agility": 4, "Cognition": 5, "Presence": 2},
        "skills": {
            "Athletics": {"level": 2, "linked_vital": "Brawn"},
            "Stealth": {"level": 3, "linked_vital": "Agility"},
            "Medicine": {"level": 4, "linked_vital": "Cognition"},
            "Lore": {"level": 1, "linked_vital": "Cognition"},
            "Persuasion": {"level": 6, "linked_vital": "Presence"},
        },
        "classes": {
            "Herbalist": {
                "level": 3,
                "core_skills": ["Medicine", "Lore"],
                "traits": {
                    "Poultice": {"rank": 2, "uses_left": 3, "path": "Healer", "usable": True},
                    "Bitter Draught": {"rank": 1, "uses_left": 1, "path": "Poisoner",
                                       "usable": True},
                },
                "spells": ["Mend Flesh", "Still Fever"],
            },
            "Scout": {
                "level": 2,
                "core_skills": ["Stealth", "Athletics"],
                "traits": {
                    "Silent Step": {"rank": 1, "uses_left": 2, "path": "Shadow",
                                    "usable": True},
                    "Keen Eye": {"rank": 1, "uses_left": 0, "path": "Watcher",
                                 "usable": False},
                },
                "spells": [],
            },
        },
        "vit": {"current": 9, "max": 11},
        "dice": {"ready": 4, "wounded": 1},
        "ledger": [],
        "notes": "Owes the ferryman of Duskwater two silver.\nAfraid of deep water.",
    }
    sp_after = 42
    for n in range(1, ledger_entries + 1):
        cost = (n % 5) + 1
        sp_after -= cost
        derived["ledger"].append({"n": n, "text": f"raise Entry{n:03d} by one rank",
                                  "cost": cost, "sp_after": sp_after})
    return derived


def copy_of(derived: dict) -> dict:
    return copy.deepcopy(derived)
