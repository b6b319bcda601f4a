"""Plugins written as a third party writes them; :func:`install` makes one an
installed distribution for a test (see README.md)."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def install(name: str, entry_points: str, tmp_path: Path, monkeypatch) -> None:
    """Put the plugin folder ``name`` on sys.path with a ``NAME-1.0.dist-info`` whose
    ``entry_points.txt`` is ``entry_points``, and forget the cached registry."""
    site = tmp_path / "site"
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.syspath_prepend(str(site))
    forget(name)


def forget(name: str) -> None:
    from builder.rules import registry
    from builder.storage import rulesets

    registry.forget_plugins()
    rulesets.forget_loaded()
    for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[module]
