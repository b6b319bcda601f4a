"""Story Points' Training Exchange in its own words: two characters raising together,
each increase cheaper by the data's discount, never a Core Vital (the campaign's
``exchange``)."""
from __future__ import annotations


#: The increase a Training Exchange never lowers (its ``ExchangeTerms.excluded``).
EXCLUDED = "a Core Vital"


def refusal(word: str) -> str:
    """Why a Training Exchange does not pair the action ``word``."""
    if "vital" in word.strip().casefold():
        return f"a Training Exchange never lowers the cost of {EXCLUDED} increase"
    return (f"a Training Exchange pairs Skill or Class increases (raise-skill or "
            f"raise-class), not {word}")
