"""Checks of a drawn chain page, on what the player sees: every node and column title
inside the view, text at a readable size, and no word of a node cut or elided unless
its tooltip and the page's details line say it whole.  Used by the chain fit tests
and by the walk of every page (tests/ui/walk.py) at other screen sizes and scales."""
from __future__ import annotations

from PySide6.QtGui import QFontMetricsF


def _page_of(view):
    page = view.parentWidget()
    while page is not None and not hasattr(page, "details"):
        page = page.parentWidget()
    return page


def label_problems(view) -> list[str]:
    """Words of a node drawn cut, past the node's edge, or elided with the whole words
    nowhere to read; and text below the readable size."""
    from builder.ui.chain.scene import GAP, MIN_TEXT_PT, PAD

    problems = []
    scene = view.chain_scene
    page = _page_of(view)
    point = scene.base_font.pointSizeF() * view.transform().m11()
    if point < MIN_TEXT_PT - 0.01:
        problems.append(f"chain text at {point:.1f} pt, below {MIN_TEXT_PT} pt")
    for nid, item in scene.nodes.items():
        if not item.isVisible():
            continue
        strong, plain = item.fonts()
        full, shown = item.texts(), item.shown_texts()
        widths = (QFontMetricsF(strong).horizontalAdvance(shown[0]),
                  QFontMetricsF(plain).horizontalAdvance(shown[1]),
                  QFontMetricsF(strong).horizontalAdvance(shown[2]))
        used = 2 * PAD + sum(widths) + GAP * (2 if shown[1] else 1)
        if used > item.width + 0.5:
            problems.append(f"{nid}: its words need {used:.0f} px, the node has {item.width:.0f}")
        for whole, drawn in zip(full, shown):
            if drawn == whole:
                continue
            said = item.toolTip()
            if page is not None:
                page.show_details(nid)
                said += "\n" + page.details.text()
            if whole not in item.toolTip() or (page is not None and whole not in
                                               page.details.text()):
                problems.append(f"{nid}: '{whole}' is drawn as '{drawn}' and said whole "
                                f"nowhere ({said[:60]!r})")
        lines = item.badge_lines()
        if item.plan_badge and " ".join(lines) != item.plan_badge:
            problems.append(f"{nid}: its plan badge '{item.plan_badge}' is not said whole")
        badge_fm = QFontMetricsF(item.badge_font())
        for line in lines:
            if badge_fm.horizontalAdvance(line) > item.width - 18:
                problems.append(f"{nid}: its plan badge's line '{line}' is cut")
    if page is not None:
        page.show_details(None)
    return problems


def fit_problems(view) -> list[str]:
    """Nodes and column titles the view does not show whole (the chain does not fit)."""
    scene = view.chain_scene
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    problems = []
    for nid, item in scene.nodes.items():
        if item.isVisible() and not shown.contains(item.mapRectToScene(
                0, 0, item.width, item.height())):
            problems.append(f"{nid} lies outside the view")
    for title in scene._titles:
        if title.isVisible() and not shown.contains(title.sceneBoundingRect()):
            problems.append(f"the column '{title.text()}' lies outside the view")
    return problems


def visible_chain_views(top) -> list:
    from builder.ui.chain.view import ChainView

    return [view for view in top.findChildren(ChainView) if view.isVisible()
            and view.window() is top]
