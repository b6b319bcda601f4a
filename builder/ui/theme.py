"""Light and dark: View ▸ Theme (System / Light / Dark), remembered in the settings.

"System" follows the desktop's colour scheme (Qt 6 ``QStyleHints.colorScheme``)
and changes with it.  "Light" and "Dark" ask the platform for that scheme and,
where the platform cannot switch (no desktop theme, or the offscreen platform),
set the matching palette on the application themselves.

Every colour the app draws with besides the palette's own comes from here and
is derived from the current palette (:func:`accent`): the same hue made as
light or as dark as it must be to reach WCAG AA contrast (4.5:1 for text,
3:1 for lines and marks) against the background it is drawn on.

The widget with the keyboard focus has a ring around it in either theme
(:class:`FocusRing`): Qt's own focus frame was a faint line a shade off the
button's edge.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen, QRegion
from PySide6.QtWidgets import (QAbstractSpinBox, QApplication, QComboBox,
                               QSplitter, QStyle, QTabBar, QWidget)

from builder.ui.input_policy import PolicyStyle, style_kind

# Re-exported: the window reads the saved choice, the palettes and their keys from here.
from builder.ui.theme_choice import OWN_PALETTE as OWN_PALETTE
from builder.ui.theme_choice import SETTINGS_KEY as SETTINGS_KEY
from builder.ui.theme_choice import THEMES as THEMES
from builder.ui.theme_choice import dark_palette as dark_palette
from builder.ui.theme_choice import is_dark as _is_dark
from builder.ui.theme_choice import light_palette as light_palette
from builder.ui.theme_choice import saved_choice as saved_choice

if TYPE_CHECKING:
    from PySide6.QtGui import QPaintEvent
    from PySide6.QtWidgets import QStyleOption

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
    """Make a palette's selection stand out and its text read (:func:`fitted_selection`)
    in the Active and Inactive groups (a window without focus draws the Inactive one),
    among the rows it is drawn on (Base, AlternateBase).  True when ``pal`` was changed.
    Light palettes too: Qt's own light blue (#308cc6) under white text is 3.6:1, a shade
    darker reads."""
    roles, groups = QPalette.ColorRole, QPalette.ColorGroup
    changed = False
    for group in (groups.Active, groups.Inactive):
        rows = [pal.color(group, roles.Base), pal.color(group, roles.AlternateBase)]
        highlight = pal.color(group, roles.Highlight)
        text = pal.color(group, roles.HighlightedText)
        if _selection_ok(highlight, text, rows):
            continue
        found = fitted_selection(highlight, text, rows)
        if found is None:
            continue
        pal.setColor(group, roles.Highlight, found[0])
        pal.setColor(group, roles.HighlightedText, found[1])
        changed = True
    return changed


#: fitted_selection's answers by (highlight, text, rows), colours as 16-bit RGBA channels:
#: the greyed rows' delegate asks at every paint of a cell.
_FITTED: dict[tuple[tuple[int, int, int, int], ...], tuple[QColor, QColor] | None] = {}


def fitted_selection(highlight: QColor, text: QColor,
                     rows: list[QColor]) -> tuple[QColor, QColor] | None:
    """A selection colour and its text that stand out and read: the highlight at least
    3:1 (WCAG AA for marks) from every one of ``rows`` and the text 4.5:1 on it (AA for
    text).  The highlight keeps its hue and saturation, its lightness the nearest that
    does; the text becomes white or black only when no lightness does.  None when
    nothing does (new QColors otherwise)."""
    key = (_rgba64(highlight), _rgba64(text), *(_rgba64(row) for row in rows))
    if key not in _FITTED:
        _FITTED[key] = _fitted_selection(highlight, text, rows)
    found = _FITTED[key]
    return None if found is None else (QColor(found[0]), QColor(found[1]))


def _fitted_selection(highlight: QColor, text: QColor,
                      rows: list[QColor]) -> tuple[QColor, QColor] | None:
    if _selection_ok(highlight, text, rows):
        return QColor(highlight), QColor(text)
    hue, saturation = max(highlight.hslHueF(), 0.0), highlight.hslSaturationF()
    lightness = highlight.lightnessF()
    candidates = sorted((step / 255 for step in range(256)),
                        key=lambda value: abs(value - lightness))
    for pen in (text, QColor("white"), QColor("black")):
        for value in candidates:
            colour = QColor.fromHslF(hue, saturation, value)
            if _selection_ok(colour, pen, rows):
                return colour, QColor(pen)
    return None


#: readable's answers by (colour, background, ratio), colours as 16-bit RGBA channels:
#: views ask at every paint of a cell or a node, for the few colours a palette has.
_READABLE: dict[tuple[tuple[int, int, int, int], tuple[int, int, int, int], float], QColor] = {}


def _rgba64(colour: QColor) -> tuple[int, int, int, int]:
    c = colour.rgba64()
    return c.red(), c.green(), c.blue(), c.alpha()


def readable(colour: QColor, background: QColor, ratio: float = TEXT_CONTRAST) -> QColor:
    """``colour``'s hue, made darker (on a light background) or lighter (on a dark
    one) until it reaches ``ratio`` against ``background`` (a new QColor)."""
    fg, bg = _rgba64(colour), _rgba64(background)
    found = _READABLE.get((fg, bg, ratio))
    if found is None:
        found = _READABLE[(fg, bg, ratio)] = _readable(QColor.fromRgba64(*fg),
                                                       QColor.fromRgba64(*bg), ratio)
    return QColor(found)


def _readable(colour: QColor, background: QColor, ratio: float) -> QColor:
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


def focus_colour(pal: QPalette | None = None) -> QColor:
    """The focus ring's colour (:class:`FocusRing`): the palette's
    Highlight, as light or as dark as it must be to stand out (3:1, WCAG AA for
    marks) from the window and from the rows of a list it may be drawn over."""
    pal = pal or palette()
    colour = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    for ground in (QPalette.ColorRole.Window, QPalette.ColorRole.Base,
                   QPalette.ColorRole.AlternateBase):
        colour = readable(colour, pal.color(QPalette.ColorGroup.Active, ground), MARK_CONTRAST)
    return colour


def css(colour: QColor) -> str:
    return QColor(colour).name()


# -- palettes: builder.ui.theme_choice (dark_palette, light_palette) ------------------------


def system_is_dark() -> bool:
    hints = QGuiApplication.styleHints()
    return hints is not None and hints.colorScheme() == Qt.ColorScheme.Dark


class MarkedIndicators(PolicyStyle):
    """The platform's style (handing each widget it polishes to the input policy), with
    check boxes and radio buttons framed so that they stand out from the window (3:1,
    WCAG AA for marks) in either theme: Fusion frames them a shade off the window
    colour, and an unchecked box all but vanished on the dark palette."""

    FRAMED = (QStyle.PrimitiveElement.PE_IndicatorCheckBox,
              QStyle.PrimitiveElement.PE_IndicatorRadioButton)

    def drawPrimitive(self, element: QStyle.PrimitiveElement,  # noqa: N802 - Qt API
                      option: QStyleOption, painter: QPainter,
                      widget: QWidget | None = None) -> None:
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
            app.setStyle(MarkedIndicators(style_kind(app.style())))
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._system_changed)
        install_focus_ring(app)         # a visible focus ring, in either theme

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

    def _system_changed(self, _scheme: Qt.ColorScheme) -> None:
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


# -- the focus ring ---------------------------------------------------------------------------
class FocusRing(QWidget):
    """A 2 px outline around the widget with the keyboard focus, in the palette's
    highlight colour made to stand out (3:1) from the window and the rows around it
    (:func:`focus_colour`): drawn just outside the widget (inside it
    where its parent has no room), around the current tab of a tab bar.  It lies
    above the widget's siblings, lets the mouse and drops through, and paints only
    its outline (a mask).  :class:`FocusRingKeeper` moves it with the focus."""

    WIDTH = 2

    def __init__(self) -> None:
        super().__init__(None)
        self.setObjectName("focusRing")
        # a child no layout, splitter or parent's child handling ever sees
        self.setAttribute(Qt.WidgetAttribute.WA_NoChildEventsForParent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.target: QWidget | None = None
        self._bar: QTabBar | None = None    # a tab bar followed: its current tab is ringed

    def follow(self, widget: QWidget | None) -> None:
        if self.target is not None:
            try:
                self.target.removeEventFilter(self)
            except RuntimeError:        # it is gone already
                pass
        if self._bar is not None:
            try:
                self._bar.currentChanged.disconnect(self.place)
            except (RuntimeError, TypeError):
                pass
            self._bar = None
        self.target = widget
        if widget is None:
            self.hide()
            return
        widget.installEventFilter(self)
        if isinstance(widget, QTabBar):
            self._bar = widget
            widget.currentChanged.connect(self.place)
        self.place()

    @staticmethod
    def _host(widget: QWidget) -> QWidget | None:
        """The parent the ring is a child of: the widget's own, above any splitter
        (a splitter lays out every widget child as a pane)."""
        host = widget.parentWidget()
        while isinstance(host, QSplitter):
            host = host.parentWidget()
        return host

    def place(self, *_: object) -> None:
        widget = self.target
        try:
            host = self._host(widget) if widget is not None else None
            shown = widget is not None and widget.isVisible()
        except RuntimeError:            # the widget is gone
            host, shown = None, False
        if widget is None or host is None or not shown:
            self.hide()
            return
        local = widget.rect()
        if isinstance(widget, QTabBar) and widget.currentIndex() >= 0:
            local = widget.tabRect(widget.currentIndex())
        width = self.WIDTH
        ring = QRect(widget.mapTo(host, local.topLeft()), local.size()) \
            .adjusted(-width, -width, width, width).intersected(host.rect())
        if ring.width() <= 2 * width or ring.height() <= 2 * width:
            self.hide()
            return
        if self.parentWidget() is not host:
            self.setParent(host)
        self.setGeometry(ring)
        inner = QRect(QPoint(width, width), ring.size()).adjusted(0, 0, -2 * width, -2 * width)
        self.setMask(QRegion(self.rect()).subtracted(QRegion(inner)))
        self.raise_()
        self.show()
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.fillRect(self.rect(), focus_colour(self.palette()))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if obj is self.target and event.type() in (
                QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide,
                QEvent.Type.ParentChange, QEvent.Type.ZOrderChange):
            self.place()
        return False


class FocusRingKeeper(QObject):
    """The application's focus ring, moved to each widget that takes the focus.  The
    ring is a child of the widget's parent; it goes when that parent does (a closed
    dialog), and the next widget to take the focus has a new one."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.setObjectName("focusRingKeeper")
        self.ring: FocusRing | None = None
        app.focusChanged.connect(self._focus_changed)

    @staticmethod
    def ringed(widget: QWidget | None) -> QWidget | None:
        """The widget the ring goes around while ``widget`` has the focus: the spin
        box or combo box whose text field it is; None for a window itself."""
        while widget is not None and not widget.isWindow():
            parent = widget.parentWidget()
            if isinstance(parent, (QAbstractSpinBox, QComboBox)):
                widget = parent
                continue
            return widget
        return None

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        from shiboken6 import isValid

        if self.ring is None or not isValid(self.ring):
            self.ring = FocusRing()
        self.ring.follow(self.ringed(new))


def install_focus_ring(app: QApplication) -> FocusRingKeeper:
    """The application's focus ring (:class:`FocusRingKeeper`), made once."""
    keeper = app.findChild(FocusRingKeeper, "focusRingKeeper")
    return keeper if keeper is not None else FocusRingKeeper(app)
