"""Light and dark: View ▸ Theme (System / Light / Dark), remembered in the settings.

"System" follows the desktop's colour scheme (Qt 6 ``QStyleHints.colorScheme``)
and changes with it.  "Light" and "Dark" ask the platform for that scheme and,
where the platform cannot switch (no desktop theme, or the offscreen platform),
set the matching palette on the application themselves.

Every colour the app draws with besides the palette's own comes from here and
is derived from the current palette (:func:`accent`): the same hue made as
light or as dark as it must be to reach WCAG AA contrast (4.5:1 for text,
3:1 for lines and marks) against the background it is drawn on.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle

from builder.ui.theme_choice import (OWN_PALETTE, SETTINGS_KEY, THEMES,  # noqa: F401
                                     dark_palette, light_palette, saved_choice)
from builder.ui.theme_choice import is_dark as _is_dark

#: WCAG 2 AA: normal text, and graphical objects (lines, borders, marks).
TEXT_CONTRAST = 4.5
MARK_CONTRAST = 3.0

#: The hues of the app's own marks (chain edges, plan badges, refusals...).
HUES = {
    "error": QColor("#c0392b"),     # a refusal, a blocking prerequisite
    "plan": QColor("#1f5fbf"),      # the planner's steps
    "ok": QColor("#1e8449"),        # a valid drop target
    "focus": QColor("#d35400"),     # the selected node, a focused chip
}


# -- contrast (WCAG 2) -----------------------------------------------------------------------
def _channel(value: float) -> float:
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    c = QColor(colour)
    return 0.2126 * _channel(c.redF()) + 0.7152 * _channel(c.greenF()) + \
        0.0722 * _channel(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two opaque colours, from 1 to 21."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def _selection_ok(highlight: QColor, text: QColor, rows: list[QColor]) -> bool:
    return (contrast(highlight, text) >= TEXT_CONTRAST
            and all(contrast(highlight, row) >= MARK_CONTRAST for row in rows))


def fit_selection(pal: QPalette) -> bool:
    """Make a palette's selection stand out and its text read: the Highlight at least
    3:1 (WCAG AA for marks) from the rows it is drawn among (Base, AlternateBase) and the
    HighlightedText 4.5:1 on it (AA for text), in the Active and Inactive groups (a
    window without focus draws the Inactive one).  The Highlight keeps its hue and
    saturation, its lightness the nearest that does; the text becomes white or black
    only when no lightness does.  True when ``pal`` was changed.  Light palettes too:
    Qt's own light blue (#308cc6) under white text is 3.6:1, a shade darker reads."""
    roles, groups = QPalette.ColorRole, QPalette.ColorGroup
    changed = False
    for group in (groups.Active, groups.Inactive):
        rows = [pal.color(group, roles.Base), pal.color(group, roles.AlternateBase)]
        highlight = pal.color(group, roles.Highlight)
        text = pal.color(group, roles.HighlightedText)
        if _selection_ok(highlight, text, rows):
            continue
        hue, saturation = max(highlight.hslHueF(), 0.0), highlight.hslSaturationF()
        lightness = highlight.lightnessF()
        candidates = sorted((step / 255 for step in range(256)),
                            key=lambda value: abs(value - lightness))
        found = None
        for pen in (text, QColor("white"), QColor("black")):
            for value in candidates:
                colour = QColor.fromHslF(hue, saturation, value)
                if _selection_ok(colour, pen, rows):
                    found = (colour, pen)
                    break
            if found:
                break
        if found is None:
            continue
        pal.setColor(group, roles.Highlight, found[0])
        pal.setColor(group, roles.HighlightedText, found[1])
        changed = True
    return changed


def readable(colour: QColor, background: QColor, ratio: float = TEXT_CONTRAST) -> QColor:
    """``colour``'s hue, made darker (on a light background) or lighter (on a dark
    one) until it reaches ``ratio`` against ``background``."""
    c = QColor(colour)
    if contrast(c, background) >= ratio:
        return c
    dark_background = luminance(background) < 0.18
    h, s, lightness, a = c.hslHueF(), c.hslSaturationF(), c.lightnessF(), c.alphaF()
    h = max(h, 0.0)
    step = 0.02 if dark_background else -0.02
    while 0.0 <= lightness <= 1.0:
        lightness += step
        c = QColor.fromHslF(h, s, min(1.0, max(0.0, lightness)), a)
        if contrast(c, background) >= ratio:
            return c
    return QColor("white") if dark_background else QColor("black")


def palette() -> QPalette:
    app = QApplication.instance()
    return app.palette() if isinstance(app, QGuiApplication) else QPalette()


def is_dark(pal: QPalette | None = None) -> bool:
    return _is_dark(pal or palette())


def accent(name: str, background: QColor | None = None, ratio: float = TEXT_CONTRAST,
           pal: QPalette | None = None) -> QColor:
    """The app's colour ``name`` (see ``HUES``), readable on ``background`` (the
    palette's Base by default)."""
    pal = pal or palette()
    bg = background if background is not None else pal.color(QPalette.ColorRole.Base)
    return readable(HUES[name], bg, ratio)


def css(colour: QColor) -> str:
    return QColor(colour).name()


# -- palettes: builder.ui.theme_choice (dark_palette, light_palette) ------------------------


def system_is_dark() -> bool:
    hints = QGuiApplication.styleHints()
    return hints is not None and hints.colorScheme() == Qt.ColorScheme.Dark


class MarkedIndicators(QProxyStyle):
    """The platform's style, with check boxes and radio buttons framed so that they
    stand out from the window (3:1, WCAG AA for marks) in either theme: Fusion
    frames them a shade off the window colour, and an unchecked box all but vanished
    on the dark palette."""

    FRAMED = (QStyle.PrimitiveElement.PE_IndicatorCheckBox,
              QStyle.PrimitiveElement.PE_IndicatorRadioButton)

    def drawPrimitive(self, element, option, painter, widget=None):  # noqa: N802 - Qt API
        super().drawPrimitive(element, option, painter, widget)
        if element not in self.FRAMED or option.rect.width() < 4:
            return
        pal = option.palette
        frame = pal.color(QPalette.ColorRole.Mid)
        for ground in (QPalette.ColorRole.Window, QPalette.ColorRole.Button):
            frame = readable(frame, pal.color(ground), MARK_CONTRAST)   # on either ground
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(frame, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        rect = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(rect)
        else:
            painter.drawRoundedRect(rect, 1.5, 1.5)
        painter.restore()


class ThemeManager(QObject):
    """Applies the chosen theme and tells the app when the colours changed."""

    changed = Signal()

    def __init__(self, app: QApplication):
        super().__init__(app)
        self.setObjectName("themeManager")
        self.app = app
        self.choice = "system"
        if not isinstance(app.style(), MarkedIndicators):
            # a proxy over a new style of the same kind (Qt's -style option respected)
            app.setStyle(MarkedIndicators(app.style().name()))
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._system_changed)

    @property
    def _own_palette(self) -> bool:
        """The application's palette is the theme's own (kept on the application: the
        start may have set it before this manager existed, theme_choice.early_colours)."""
        return bool(self.app.property(OWN_PALETTE))

    @_own_palette.setter
    def _own_palette(self, own: bool) -> None:
        self.app.setProperty(OWN_PALETTE, own)

    def apply(self, choice: str) -> None:
        if choice not in THEMES:
            choice = "system"
        self.choice = choice
        hints = QGuiApplication.styleHints()
        if choice == "system":
            hints.unsetColorScheme()
            want_dark = system_is_dark()
        else:
            want_dark = choice == "dark"
            hints.setColorScheme(Qt.ColorScheme.Dark if want_dark else Qt.ColorScheme.Light)
        # The platform switched (or already matches): its own palette is best.
        if self._own_palette:
            self.app.setPalette(QPalette())       # back to the platform's own
            self._own_palette = False
        if is_dark(self.app.palette()) != want_dark:
            self.app.setPalette(dark_palette() if want_dark else light_palette())
            self._own_palette = True
        pal = self.app.palette()
        if fit_selection(pal):         # a faint selection, or its text too faint on it
            self.app.setPalette(pal)
            self._own_palette = True
        self.changed.emit()

    def _system_changed(self, _scheme) -> None:
        if self.choice == "system":
            self.apply("system")


def manager(app: QApplication | None = None) -> ThemeManager | None:
    instance = app or QApplication.instance()
    if not isinstance(instance, QApplication):  # none yet (or no widgets: no theme)
        return None
    found = instance.findChild(ThemeManager, "themeManager")
    return found or ThemeManager(instance)


def choose(choice: str) -> None:
    """Apply a theme and remember it."""
    from builder.ui.settings import app_settings

    theme = manager()
    if theme is not None:
        theme.apply(choice)
    app_settings().setValue(SETTINGS_KEY, choice if choice in THEMES else "system")
