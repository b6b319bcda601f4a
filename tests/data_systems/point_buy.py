"""The point-buy example's data for the shared tests that go over every shipped rule
system (``tests.rule_systems.sample("point-buy", NAME)``); the names are those of a
built-in system's samples module (docs/dev/adding-a-rule-system.md)."""
from __future__ import annotations

# -- the fuzz campaign (tests/fuzzing.py) ----------------------------------------------
#: The action tried on each mutated file (whatever the file holds).
FUZZ_ACTION = ("do", "raise", "Body")
#: The plan tried on each mutated file.
FUZZ_PLAN = ("plan", "Knight")
#: The base character: ``new``'s ``--set`` pairs, the actions it takes.
FUZZ_BASE = ([], [["award", "4"], ["raise", "Body"]])

# -- tests/core/test_baseline_typos.py -------------------------------------------------
#: Its baseline as ``new`` makes it.
RICH_BASELINE = []

# -- tests/core/test_action_kinds.py ---------------------------------------------------
#: A walk of every verb: the snapshot character it starts from
#: (tests/core/cli_snapshots/characters) and words that take each verb in turn.
WALK = ("pb-busy.json", [
    ["award", "20", "--note", "the quest"], ["raise", "Body"], ["raise", "Fencing"],
    ["raise", "Fencing"], ["take", "Knight"]])


# -- tests/ui/test_refused_files_window.py ---------------------------------------------
def _value_past_its_limit(doc: dict) -> None:
    doc["baseline"]["values"]["Body"] = 9


#: (``new``'s arguments, what breaks the new file so that ``check`` refuses it).
REFUSED = ([], _value_past_its_limit)
