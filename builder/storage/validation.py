"""JSON Schema validation (jsonschema), with messages that name the place."""
from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=16)
def _validator_for(schema_key: str, schema_json: str):
    import json

    import jsonschema

    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def schema_errors(schema: dict, document: Any, limit: int = 10) -> list[str]:
    import json

    key = schema.get("$id", "")
    validator = _validator_for(key, json.dumps(schema, sort_keys=True))
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    result = []
    for error in errors[:limit]:
        where = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        result.append(f"{where}: {error.message}")
    return result
