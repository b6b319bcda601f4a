"""The main window's actions and menus, declared as data, and the controller that
builds them (:class:`ActionsController`).

:data:`ACTIONS` lists every window action once: its id, menu text, the slot it calls
(a dotted path from the window: ``"library.duplicate_selected"`` is the library
controller's method, ``"about"`` the window's own), its tip, shortcut and when it is
enabled (a key of :data:`ENABLED_WHEN`, a rule over :class:`WindowState`).  :data:`MENUS`
lists the menus and what is in them.  The built actions are found by id in one mapping
(:attr:`ActionsController.by_id`, :meth:`builder.ui.main_window.MainWindow.action`);
the dynamic parts (Open Recent, the Character and Campaign menus, the theme choices)
are filled where they are named.
"""
from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Callable, Union

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from builder.app.records import FrozenRecord
from builder.ui.qt_values import (WIDGET_SHORTCUT, WIDGET_WITH_CHILDREN_SHORTCUT,
                                  WINDOW_SHORTCUT, set_enum)

if TYPE_CHECKING:
    from PySide6.QtGui import QActionGroup
    from PySide6.QtWidgets import QMenu

    from builder.ui.main_window import MainWindow
    from builder.ui.window_documents import DocumentsController
    from builder.ui.window_settings import SettingsController

K = QKeySequence.StandardKey
Shortcut = Union[str, QKeySequence.StandardKey, None]


class ActionSpec(FrozenRecord):
    """One window action."""

    _fields = ("id", "text", "slot", "tip", "shortcut", "fallback", "context",
               "enabled_when", "window_wide")
    _repr_fields = ("id", "text", "slot")
    __slots__ = _fields
    id: str
    text: str
    #: What it calls: a dotted path from the window (a controller's method, or the
    #: window's own).
    slot: str
    tip: str
    shortcut: Shortcut
    #: A platform without a standard key for ``shortcut`` gets this one too.
    fallback: str | None
    #: The shortcut's Qt.ShortcutContext, as its int (builder.ui.qt_values): a
    #: QAction's own is the window's.
    context: int
    #: A key of :data:`ENABLED_WHEN`; None: always enabled.
    enabled_when: str | None
    #: Added to the window itself (its shortcut works with the menu bar hidden).
    window_wide: bool

    def __init__(self, id: str, text: str, slot: str, tip: str = "",  # noqa: A002
                 shortcut: Shortcut = None, fallback: str | None = None,
                 context: int = WINDOW_SHORTCUT, enabled_when: str | None = None,
                 window_wide: bool = False) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "tip", tip)
        object.__setattr__(self, "shortcut", shortcut)
        object.__setattr__(self, "fallback", fallback)
        object.__setattr__(self, "context", context)
        object.__setattr__(self, "enabled_when", enabled_when)
        object.__setattr__(self, "window_wide", window_wide)


class WindowState(FrozenRecord):
    """What the enabled rules look at."""

    _fields = ("on_library", "selected", "one_character", "campaign_tab",
               "campaign_selected", "characters_selected")
    __slots__ = _fields
    on_library: bool
    #: Library rows selected (on the Library tab), or a tab is open.
    selected: bool
    one_character: bool
    campaign_tab: bool
    campaign_selected: bool
    characters_selected: bool

    def __init__(self, on_library: bool, selected: bool, one_character: bool,
                 campaign_tab: bool, campaign_selected: bool, characters_selected: bool
                 ) -> None:
        object.__setattr__(self, "on_library", on_library)
        object.__setattr__(self, "selected", selected)
        object.__setattr__(self, "one_character", one_character)
        object.__setattr__(self, "campaign_tab", campaign_tab)
        object.__setattr__(self, "campaign_selected", campaign_selected)
        object.__setattr__(self, "characters_selected", characters_selected)


#: When an action is enabled.
ENABLED_WHEN: dict[str, Callable[[WindowState], bool]] = {
    # a character to work on: the library's selection or the open tab (not a campaign's)
    "character": lambda s: s.selected and not s.campaign_tab,
    "library-selection": lambda s: s.on_library and s.selected,
    "open-tab": lambda s: not s.on_library,
    "one-character": lambda s: s.one_character,
    # a sheet to print: the open character, or the characters selected in the library
    "sheet": lambda s: s.one_character or (s.on_library and s.selected),
    "campaign-selected": lambda s: s.campaign_selected,
    "campaign-and-characters": lambda s: s.campaign_selected and s.characters_selected,
}

ACTIONS: tuple[ActionSpec, ...] = (
    # file
    ActionSpec("new", "&New Character…", "library.new_character",
               "Create a character: choose a ruleset, then fill in its form", K.New),
    ActionSpec("open", "&Open…", "documents.open_dialog",
               "Open a character file from anywhere (it is edited where it is)", K.Open),
    ActionSpec("import", "&Import into Library…", "library.import_dialog",
               "Copy a character file into the library "
               "(you can also drop .json files on the window)", "Ctrl+I"),
    ActionSpec("add_folder", "Add &Folder…", "library.add_folder_dialog",
               "Add a folder from anywhere (a Syncthing, Dropbox or git folder): its "
               "characters are listed in the library beside the data folder's"),
    ActionSpec("open_selected", "Open &Selected", "documents.open_selected",
               "Open the selected characters in tabs", enabled_when="library-selection"),
    ActionSpec("save_copy", "Save a &Copy As…", "library.save_copy",
               "Write a copy of the character somewhere else", K.SaveAs,
               enabled_when="character"),
    ActionSpec("close_tab", "&Close Tab", "documents.close_current_tab",
               "Close the current character", K.Close, enabled_when="open-tab"),
    ActionSpec("quit", "&Quit", "close", "Quit the application", K.Quit, fallback="Ctrl+Q"),
    # library and edit
    ActionSpec("duplicate", "&Duplicate", "library.duplicate_selected",
               "Copy the selected character under a new name", "Ctrl+D",
               enabled_when="character"),
    ActionSpec("rename", "&Rename…", "library.rename_selected", "Give the character a new name",
               "F2",
               enabled_when="character"),
    ActionSpec("identity", "&Who Is This Character…", "documents.edit_identity",
               "Player, appearance, background, notes and portrait (printed on the sheet)",
               enabled_when="one-character"),
    ActionSpec("trash", "&Move to Trash", "library.trash_selected",
               "Move the selected characters to the trash (Undo brings them back)", K.Delete,
               context=WIDGET_WITH_CHILDREN_SHORTCUT,
               enabled_when="library-selection"),
    ActionSpec("restore", "Restore from &Trash…", "library.restore_dialog",
               "Bring back a character from the trash"),
    ActionSpec("conflicts", "Con&flicts…", "show_conflicts", "The merged timeline of the "
               "character or campaign and the rulings its suspended entries need"),
    # printing and export (builder.ui.window_export)
    ActionSpec("print", "&Print…", "export.print_current",
               "Print the character's sheet (system print dialog)", K.Print,
               enabled_when="sheet"),
    ActionSpec("preview", "Print Pre&view…", "export.preview_current",
               "See the sheet's pages before printing", "Ctrl+Shift+P", enabled_when="sheet"),
    ActionSpec("export_pdf", "&Export PDF…", "export.export_pdf",
               "Save the sheet of the current character, or of the characters selected in "
               "the library, as PDF", "Ctrl+E", enabled_when="sheet"),
    ActionSpec("sheet_options", "S&heet Options…", "export.sheet_options_dialog",
               "Which sections to print, blank values for pencil play, paper size"),
    # view and help
    ActionSpec("reload", "Re&load from Disk", "documents.reload_current",
               "Read the character file again", K.Refresh),
    ActionSpec("library", "Show &Library", "documents.show_library", "Go to the library tab",
               "Ctrl+L",
               context=WINDOW_SHORTCUT, window_wide=True),
    ActionSpec("next_tab", "&Next Tab", "documents.next_tab", "Show the tab to the right",
               "Ctrl+PgDown", context=WINDOW_SHORTCUT, window_wide=True),
    ActionSpec("previous_tab", "&Previous Tab", "documents.previous_tab",
               "Show the tab to the left",
               "Ctrl+PgUp", context=WINDOW_SHORTCUT, window_wide=True),
    ActionSpec("data_folder", "Open &Data Folder", "library.open_data_folder",
               "Show the folder the library lives in"),
    ActionSpec("rule_systems", "&Rule Systems…", "show_rule_systems",
               "Every rule system, where it comes from, and any warnings"),
    ActionSpec("about", "&About Character Builder", "about", "Version and licence"),
    ActionSpec("samples", "Open the &Sample Characters", "library.open_samples",
               "Copy the sample characters that come with the app into the library and "
               "open them"),
    ActionSpec("find", "&Find…", "focus_search",
               "Search the library, or filter the increases of the open character", K.Find,
               context=WINDOW_SHORTCUT, window_wide=True),
    # campaigns (builder.ui.window_campaigns)
    ActionSpec("new_campaign", "Ne&w Campaign…", "campaigns.new_campaign",
               "Create a campaign: a name, a ruleset and member characters from the library",
               "Ctrl+Shift+N"),
    ActionSpec("open_campaign", "Open Campaign &File…", "campaigns.open_campaign_dialog",
               "Open a campaign file from anywhere"),
    ActionSpec("open_campaign_selected", "&Open Campaign", "campaigns.open_selected_campaign",
               "Open the selected campaign in a tab (Enter, double-click)",
               enabled_when="campaign-selected"),
    ActionSpec("add_to_campaign", "Add Se&lected Characters",
               "campaigns.add_selected_to_campaign",
               "Add the characters selected in the library above to the selected campaign",
               enabled_when="campaign-and-characters"),
    ActionSpec("trash_campaign", "Move Campaign to &Trash", "campaigns.trash_selected_campaign",
               "Move the selected campaign file to the trash (Undo brings it back; the "
               "characters are not touched)", K.Delete,
               context=WIDGET_SHORTCUT, enabled_when="campaign-selected"),
)

#: Placeholders in :data:`MENUS`: a separator, and the parts filled in code.
SEPARATOR, RECENT, THEMES = "-", "<recent>", "<themes>"

#: The menu bar: (title, attribute or None, items); items are action ids or
#: placeholders; None: the menu is kept as the controller's ``<attribute>`` and filled
#: each time it opens (``fill_<attribute>``).
MENUS: tuple[tuple[str, str | None, tuple[str, ...] | None], ...] = (
    ("&File", None, ("new", "open", "import", "add_folder", RECENT, SEPARATOR, "save_copy", "reload",
                     SEPARATOR, "print", "preview", "export_pdf", "sheet_options", SEPARATOR,
                     "close_tab", "quit")),
    ("&Edit", None, ("undo", "redo", SEPARATOR, "rename", "identity", "duplicate", "trash",
                     "restore", "conflicts")),
    ("&Character", "character_menu", None),
    ("C&ampaign", "campaign_menu", None),
    ("&View", None, ("library", "next_tab", "previous_tab", "find", "data_folder", SEPARATOR,
                     THEMES)),
    ("&Help", None, ("samples", "rule_systems", "about")),
)

#: The Campaign menu's fixed part (the open campaign tab's commands follow).
CAMPAIGN_MENU = ("new_campaign", "open_campaign", "open_campaign_selected", "add_to_campaign",
                 "trash_campaign")


def set_shortcut(action: QAction, key: QKeySequence.StandardKey,
                 fallback: str | None = None) -> QAction:
    """Standard shortcut for the platform, with a fallback where the platform has none."""
    keys = QKeySequence.keyBindings(key)
    if fallback and not any(k.toString() == fallback for k in keys):
        keys = list(keys) + [key_sequence(fallback)]
    action.setShortcuts(keys)
    return action


def new_action(text: str, parent: QObject) -> QAction:
    """``QAction(text, parent)``, made without PySide6 choosing among QAction's
    constructors: one takes a QIcon first, and looking at it builds QIcon's enums (151
    theme icons) before the first paint."""
    action = QAction(parent)
    action.setText(text)
    return action


def key_sequence(text: str) -> QKeySequence:
    """``QKeySequence(text)``, made without asking PySide6 to choose among
    QKeySequence's constructors (some take Qt's own key enums, and looking at those
    builds the whole ``Qt`` namespace's enums: builder.ui.qt_values)."""
    return QKeySequence.fromString(text, QKeySequence.SequenceFormat.NativeText)


class ActionsController(QObject):
    """Builds :data:`ACTIONS` and :data:`MENUS` on the window (the actions are the
    window's children, so their keys work window-wide); keeps actions enabled as
    :data:`ENABLED_WHEN` says."""

    def __init__(self, window: MainWindow, documents: DocumentsController,
                 settings: SettingsController):
        super().__init__(window)
        self.window = window
        self.documents = documents
        self.settings = settings
        #: Every window action by its id (:data:`ACTIONS`, "undo" and "redo").
        self.by_id: dict[str, QAction] = {}
        self.theme_actions: dict[str, QAction] = {}
        self.theme_group: QActionGroup | None = None
        self.recent_menu: QMenu | None = None
        self.character_menu: QMenu | None = None
        self.campaign_menu: QMenu | None = None
        documents.currentChanged.connect(self.current_changed)

    def action(self, action_id: str) -> QAction:
        return self.by_id[action_id]

    def _make_action(self, spec: ActionSpec) -> QAction:
        window = self.window
        action = new_action(spec.text, window)
        if spec.tip:
            action.setToolTip(spec.tip)
            action.setStatusTip(spec.tip)
        if isinstance(spec.shortcut, QKeySequence.StandardKey):
            set_shortcut(action, spec.shortcut, spec.fallback)
        elif spec.shortcut is not None:
            # (setShortcuts: setShortcut's overloads would look at Qt's key enums too)
            action.setShortcuts([key_sequence(spec.shortcut)])
        if spec.context != WINDOW_SHORTCUT:    # (not a Qt enum: the start needs none)
            set_enum(action, "shortcutContext", spec.context)
        action.triggered.connect(attrgetter(spec.slot)(window))
        # Every window-level key works from the start, wherever the focus is: some actions
        # live only in menus filled when they open (Campaign) or in buttons, where their
        # keys would sleep (Ctrl+Shift+N did nothing until the Campaign menu was opened).
        if spec.window_wide or (not action.shortcut().isEmpty()
                                and spec.context == WINDOW_SHORTCUT):
            window.addAction(action)
        return action

    def build_actions(self) -> None:
        window = self.window
        for spec in ACTIONS:
            self.by_id[spec.id] = self._make_action(spec)
        undo = self.by_id["undo"] = window.undo_group.createUndoAction(window, "&Undo")
        # An old "Done: ..." must not outlive the change it reported.
        window.undo_group.indexChanged.connect(lambda _i: window.statusBar().clearMessage())
        set_shortcut(undo, K.Undo)
        redo = self.by_id["redo"] = window.undo_group.createRedoAction(window, "&Redo")
        set_shortcut(redo, K.Redo, "Ctrl+Shift+Z")
        # ... and after Undo or Redo the status bar says what was undone or redone.
        undo.triggered.connect(lambda: self._report_undo(undone=True))
        redo.triggered.connect(lambda: self._report_undo(undone=False))
        self._build_theme_actions()

    def _report_undo(self, undone: bool) -> None:
        stack = self.window.undo_group.activeStack()
        if stack is None:
            return
        index = stack.index() if undone else stack.index() - 1
        if 0 <= index < stack.count():
            self.window.report(f"{'Undone' if undone else 'Redone'}: {stack.text(index)}")

    def _build_theme_actions(self) -> None:
        from PySide6.QtGui import QActionGroup

        from builder.ui import theme_choice as theme

        window = self.window
        self.theme_group = group = QActionGroup(window)
        group.setExclusive(True)
        chosen = theme.saved_choice()
        for key, title in theme.THEMES.items():
            action = new_action(title, window)
            action.setCheckable(True)
            action.setChecked(key == chosen)
            action.setStatusTip(f"Colours: {title.replace('&', '')}"
                                + (" (follow the desktop's light or dark scheme)"
                                   if key == "system" else ""))
            action.triggered.connect(lambda _=False, k=key: window.set_theme(k))
            group.addAction(action)
            self.theme_actions[key] = action

    def build_menus(self) -> None:
        bar = self.window.menuBar()
        for title, attribute, items in MENUS:
            menu = bar.addMenu(title)
            if attribute is not None:
                setattr(self, attribute, menu)
                menu.aboutToShow.connect(getattr(self, f"fill_{attribute}"))
                continue
            for item in items or ():
                if item == SEPARATOR:
                    menu.addSeparator()
                elif item == RECENT:
                    recent = self.recent_menu = menu.addMenu("Open &Recent")
                    recent.aboutToShow.connect(lambda m=recent: self.settings.fill_recent(m))
                elif item == THEMES:
                    menu.addMenu("&Theme").addActions(list(self.theme_actions.values()))
                else:
                    menu.addAction(self.action(item))

    def fill_character_menu(self) -> None:
        menu = self.character_menu
        if menu is None:
            return
        menu.clear()
        editor = self.documents.current_editor()
        actions = editor.menu_actions() if editor is not None and hasattr(editor, "menu_actions") \
            else []
        if not actions:
            placeholder = menu.addAction("(open a character)")
            placeholder.setEnabled(False)
        for action in actions:
            menu.addAction(action)

    def fill_campaign_menu(self) -> None:
        menu = self.campaign_menu
        if menu is None:
            return
        menu.clear()
        menu.addActions([self.action(i) for i in CAMPAIGN_MENU])
        view = self.documents.current_campaign_tab()
        if view is not None:
            menu.addSeparator()
            for button in (view.award_button, view.exchange_button, view.xp_button,
                           view.add_button, view.remove_button):
                if button.isVisibleTo(view):
                    action = menu.addAction(button.text(), button.click)
                    action.setEnabled(button.isEnabled())
            menu.addAction("&Full-Screen Pool", view.pool_view.full_button.toggle)

    def window_state(self) -> WindowState:
        window, documents = self.window, self.documents
        on_library = window.tabs.currentIndex() == 0
        return WindowState(
            on_library=on_library,
            selected=bool(window.library_page.selected_paths()) if on_library else True,
            one_character=documents.current_doc() is not None,
            campaign_tab=documents.current_campaign_tab() is not None,
            campaign_selected=on_library and bool(window.campaigns_panel.selected_paths()),
            characters_selected=bool(
                window.library_page.view.selectionModel().selectedRows()))

    def current_changed(self) -> None:
        # The Character menu holds the shown editor's actions only: a hidden editor's
        # left in it stayed live through the menu bar (its Award opening from the
        # library, its Ctrl+2 clashing with the shown editor's).
        self.fill_character_menu()
        self.update_actions()

    def update_actions(self, *_: object) -> None:
        """Enable each action as :data:`ENABLED_WHEN` says for the window's state now
        (on every tab change and selection change)."""
        state = self.window_state()
        for spec in ACTIONS:
            if spec.enabled_when is not None:
                self.action(spec.id).setEnabled(ENABLED_WHEN[spec.enabled_when](state))
