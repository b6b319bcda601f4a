"""The chain's colours, from the palette (light or dark): node fills by hue (each rule
system's look names the hue of each kind of node), greyed and lit fills, text at 4.5:1
on its fill, marks; and a planned node's badge in words."""
from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from builder.ui import theme

#: The hues a chain's nodes are tinted with, by name (a rule system's look gives each
#: kind of node one), as a tint over the palette's Base (so light on a light palette
#: and dark on a dark one; the text stays the palette's Text).
NODE_HUES = {
    "blue": QColor("#3b78d8"), "green": QColor("#2e9e4f"), "orange": QColor("#e08a1e"),
    "purple": QColor("#9b4dca"), "teal": QColor("#1f9bb0"),
}


def plan_badge_text(numbers: list[int], cost: int, total: int, unit: str) -> str:
    """A planned node's steps in words: "step 1 · 8 SP · total 8", "steps 2–3 · 9 SP ·
    total 17" (several steps on one node), "steps 2, 5 · ..." (not in a row)."""
    if len(numbers) == 1:
        which = f"step {numbers[0]}"
    elif numbers == list(range(numbers[0], numbers[-1] + 1)):
        which = f"steps {numbers[0]}–{numbers[-1]}"
    else:
        which = "steps " + ", ".join(map(str, numbers))
    points = f"{cost} {unit}".strip()
    return f"{which} · {points} · total {total}"


def _mix(a: QColor, b: QColor, amount: float) -> QColor:
    """``amount`` of ``b`` over ``a``."""
    return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * amount,
                           a.greenF() + (b.greenF() - a.greenF()) * amount,
                           a.blueF() + (b.blueF() - a.blueF()) * amount)


def _pal(pal: QPalette | None = None) -> QPalette:
    return pal if pal is not None else theme.palette()


def hue_fill(hue: str, pal: QPalette | None = None) -> QColor:
    """The fill of a node tinted ``hue`` (a name of :data:`NODE_HUES`; grey if unknown)."""
    pal = _pal(pal)
    base = pal.color(QPalette.ColorRole.Base)
    return _mix(base, NODE_HUES.get(hue, QColor("#888888")), 0.28 if theme.is_dark(pal)
                else 0.16)


def blocked_fill(pal: QPalette | None = None) -> QColor:
    pal = _pal(pal)
    return _mix(pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Mid), 0.35)


def node_text(fill: QColor, pal: QPalette | None = None, muted: bool = False) -> QColor:
    """The text on a node: the palette's Text (a muted grey for a blocked node), at
    least 4.5:1 against the fill (every node asks at every paint: ``theme.readable``
    keeps its answers)."""
    pal = _pal(pal)
    text = pal.color(QPalette.ColorRole.Text)
    if muted:
        text = _mix(text, fill, 0.35)
    return theme.readable(text, fill, theme.TEXT_CONTRAST)


def eligible_fill(pal: QPalette | None = None, hover: bool = False) -> QColor:
    pal = _pal(pal)
    return _mix(pal.color(QPalette.ColorRole.Base), theme.HUES["ok"],
                (0.45 if hover else 0.3) if theme.is_dark(pal) else (0.38 if hover else 0.22))


def structure_colour(pal: QPalette | None = None) -> QColor:
    """Edges and borders at rest: quiet, yet 3:1 against the background."""
    pal = _pal(pal)
    base = pal.color(QPalette.ColorRole.Base)
    return theme.readable(_mix(base, pal.color(QPalette.ColorRole.Text), 0.4), base,
                          theme.MARK_CONTRAST)


def mark(name: str, pal: QPalette | None = None) -> QColor:
    """An accent drawn as a line or mark on the scene's background (3:1)."""
    pal = _pal(pal)
    return theme.accent(name, pal.color(QPalette.ColorRole.Base), theme.MARK_CONTRAST, pal)


def badge_colours(pal: QPalette | None = None) -> tuple[QColor, QColor]:
    """(fill, text) of a plan badge: the plan hue, text in the Base colour, 4.5:1."""
    pal = _pal(pal)
    base = pal.color(QPalette.ColorRole.Base)
    return theme.accent("plan", base, theme.TEXT_CONTRAST, pal), base


def node_colour_pairs(pal: QPalette) -> list[tuple[QColor, QColor]]:
    """Every (fill, text) pair a node can be drawn with (for the contrast test)."""
    pairs = []
    for hue in NODE_HUES:
        fill = hue_fill(hue, pal)
        pairs.append((fill, node_text(fill, pal)))
    fill = blocked_fill(pal)
    pairs.append((fill, node_text(fill, pal, muted=True)))
    for hover in (False, True):
        fill = eligible_fill(pal, hover)
        pairs.append((fill, node_text(fill, pal)))
    pairs.append(badge_colours(pal))
    return pairs


def mark_colour_pairs(pal: QPalette) -> list[tuple[QColor, QColor]]:
    base = pal.color(QPalette.ColorRole.Base)
    return [(structure_colour(pal), base)] + [(mark(name, pal), base) for name in theme.HUES]
