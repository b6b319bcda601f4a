"""The pure description of a printed character sheet (no Qt here).

A :class:`Sheet` is a list of :class:`Section` objects; each section has a title
and a list of blocks:

* :class:`Rows`   label/value pairs set in a grid of ``columns`` columns,
* :class:`Table`  a header plus rows; a cell is text or a :class:`Boxes`,
* :class:`Boxes`  a row of empty tick boxes (``count`` of them, ``ticked`` filled),
* :class:`Heading` a sub-heading inside a section (a class name, say),
* :class:`Notes`  free text followed by ruled lines to write on.

The renderer (builder/render) is the only place that knows about
pages, fonts and Qt.  Everything here is plain data so it can be built and
tested without a display, and so every ruleset gets its own sheet by writing a
small builder module (see builder/sheets/__init__.py).
"""
from __future__ import annotations

from typing import Any, Iterator, Sequence, Union

from builder.rules.records import FrozenRecord, Record


class SheetOptions(FrozenRecord):
    """What a player asks for when printing.

    ``sections``: the section keys to include (None = every section).
    ``blank``: print the layout with empty value boxes for pencil play.
    ``layout``: ``"full"`` (every section) or ``"compact"`` (one page: the records,
    the ledger and the level history, are left out and the sheet is set smaller
    until it fits).
    ``duplex``: in a PDF of several characters, each starts on an odd page (a
    double-sided print never puts two characters on one sheet of paper).
    ``ledger``: which ledger entries print (:func:`ledger_mode`): ``"all"``,
    ``"changes"`` (entries that change nothing lasting are counted, not listed) or
    ``"last:N"``.

    Frozen (and hashable).  (Records, not dataclasses: builder/rules/records.py.)
    """

    _fields = ("sections", "blank", "layout", "duplex", "ledger")
    __slots__ = _fields
    sections: frozenset[str] | None
    blank: bool
    layout: str
    duplex: bool
    ledger: str

    def __init__(self, sections: frozenset[str] | None = None, blank: bool = False,
                 layout: str = "full", duplex: bool = False, ledger: str = "changes") -> None:
        object.__setattr__(self, "sections", sections)
        object.__setattr__(self, "blank", blank)
        object.__setattr__(self, "layout", layout)
        object.__setattr__(self, "duplex", duplex)
        object.__setattr__(self, "ledger", ledger)

    def wants(self, key: str) -> bool:
        return self.sections is None or key in self.sections


class Boxes(Record):
    """``count`` tick boxes, the first ``ticked`` of them filled."""

    _fields = ("count", "ticked", "label")
    __slots__ = _fields

    def __init__(self, count: int, ticked: int = 0, label: str = "") -> None:
        self.count = max(0, int(count))
        self.ticked = max(0, min(int(ticked), self.count))
        self.label = label

    def text(self) -> str:
        """A plain-text rendering (for tests and the generic text view)."""
        return "[x]" * self.ticked + "[ ]" * (self.count - self.ticked)


Cell = Union[str, Boxes]


class Rows(Record):
    """Label/value pairs set in a grid (``columns`` pairs per line).

    A value of ``""`` prints as an empty box to write in.  ``large``: the figures
    players look up most (VIT, Wounds, saves, defenses), printed big.  ``write_in``:
    every value is a current figure that changes in play: its box is wide enough to
    cross it out and pencil the new one beside it.  ``stacked``: each label above its
    value (a line of figures read together, as saving throws, in little room).
    ``boxed``: each value in a box (scores); False: plain text.  ``room``: the longest
    value the fields can take (the boxes are made wide enough to write it in).
    """

    _fields = ("items", "columns", "boxed", "large", "write_in", "stacked", "room")
    __slots__ = _fields

    def __init__(self, items: list[tuple[str, str]], columns: int = 2, boxed: bool = True,
                 large: bool = False, write_in: bool = False, stacked: bool = False,
                 room: str = "") -> None:
        self.items = items
        self.columns = columns
        self.boxed = boxed
        self.large = large
        self.write_in = write_in
        self.stacked = stacked
        self.room = room


class Column(Record):
    """A table column: ``weight`` its share of the table's width, ``align`` "left",
    "center" or "right", ``gutter`` white space between two halves of a table (no
    fill, no rule)."""

    _fields = ("title", "weight", "align", "gutter")
    __slots__ = _fields

    def __init__(self, title: str, weight: float = 1.0, align: str = "left",
                 gutter: bool = False) -> None:
        self.title = title
        self.weight = weight
        self.align = align
        self.gutter = gutter


class Table(Record):
    """A header and rows.  ``marked``: rows printed marked (the current level).
    ``spare``: the last ``spare`` rows are room to write in: printed as far as the page
    has room, never carried onto the next page on their own."""

    _fields = ("columns", "rows", "marked", "spare")
    __slots__ = _fields

    def __init__(self, columns: list[Column], rows: Sequence[Sequence[Cell]],
                 marked: list[int] | None = None, spare: int = 0) -> None:
        self.columns = columns
        self.rows = rows
        self.marked = [] if marked is None else marked
        self.spare = max(0, min(int(spare), len(rows)))
        width = len(columns)
        for row in rows:
            if len(row) != width:
                raise ValueError(f"table row has {len(row)} cells, the table has {width} columns")


class Heading(Record):
    """A sub-heading; ``detail`` set right-aligned on the same line ("level 3")."""

    _fields = ("text", "detail")
    __slots__ = _fields

    def __init__(self, text: str, detail: str = "") -> None:
        self.text = text
        self.detail = detail


class Notes(Record):
    """Text, then ``lines`` ruled empty lines.  ``fill``: the ruled lines go on to the
    foot of the page (the Notes that end a sheet: see :func:`notes_section`); the lines
    beyond the first are always only what fits."""

    _fields = ("text", "lines", "fill")
    __slots__ = _fields

    def __init__(self, text: str = "", lines: int = 0, fill: bool = False) -> None:
        self.text = text
        self.lines = lines
        self.fill = fill


class BoxLine(Record):
    """Several labelled rows of tick boxes (VIT, dice...), one per line."""

    _fields = ("boxes",)
    __slots__ = _fields

    def __init__(self, boxes: list[Boxes]) -> None:
        self.boxes = boxes


class Picture(Record):
    """An image file (the portrait), fitted into a frame of ``width`` x ``height`` points."""

    _fields = ("path", "width", "height")
    __slots__ = _fields

    def __init__(self, path: str, width: float = 96.0, height: float = 120.0) -> None:
        self.path = path
        self.width = width
        self.height = height


Block = Union[Rows, Table, Heading, Notes, BoxLine, Picture]


class Section(Record):
    """A titled part of a sheet.  ``key``: what --sections names; ``half``: may share a
    line with the next half-width section; ``new_page``: starts on a new page;
    ``record``: a record of play (ledger, level history), left out when compact;
    ``empty``: holds only a "nothing yet" line, never the only thing on a page."""

    _fields = ("key", "title", "blocks", "half", "new_page", "record", "empty")
    __slots__ = _fields

    def __init__(self, key: str, title: str, blocks: list[Block] | None = None,
                 half: bool = False, new_page: bool = False, record: bool = False,
                 empty: bool = False) -> None:
        self.key = key
        self.title = title
        self.blocks: list[Block] = [] if blocks is None else blocks
        self.half = half
        self.new_page = new_page
        self.record = record
        self.empty = empty


class Sheet(Record):
    """One character's sheet: ``name`` (header and footer), ``headline`` (label/value
    pairs under the name), its sections; ``layout`` "full" or "compact" (see
    SheetOptions); ``player`` for the PDF's Author."""

    _fields = ("name", "ruleset_id", "ruleset_title", "headline", "sections", "blank",
               "layout", "player")
    __slots__ = _fields

    def __init__(self, name: str, ruleset_id: str, ruleset_title: str = "",
                 headline: list[tuple[str, str]] | None = None,
                 sections: list[Section] | None = None, blank: bool = False,
                 layout: str = "full", player: str = "") -> None:
        self.name = name
        self.ruleset_id = ruleset_id
        self.ruleset_title = ruleset_title
        self.headline: list[tuple[str, str]] = [] if headline is None else headline
        self.sections: list[Section] = [] if sections is None else sections
        self.blank = blank
        self.layout = layout
        self.player = player

    def section(self, key: str) -> Section | None:
        for section in self.sections:
            if section.key == key:
                return section
        return None

    def texts(self) -> Iterator[str]:
        """Every piece of text the sheet prints, in order (for tests and search)."""
        yield self.name
        for label, value in self.headline:
            yield label
            yield value
        for section in self.sections:
            yield section.title
            for block in section.blocks:
                yield from block_texts(block)


def block_texts(block: Block) -> Iterator[str]:
    if isinstance(block, Rows):
        for label, value in block.items:
            yield label
            yield value
    elif isinstance(block, Table):
        for column in block.columns:
            yield column.title
        for row in block.rows:
            for cell in row:
                yield cell.text() if isinstance(cell, Boxes) else cell
    elif isinstance(block, Heading):
        yield block.text
        yield block.detail
    elif isinstance(block, Notes):
        yield block.text
    elif isinstance(block, BoxLine):
        for boxes in block.boxes:
            yield boxes.label


def signed(value: Any) -> str:
    """A modifier, always signed: "+2", "+0", "-1" (a non-number prints as it is)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:
            value = int(str(value))
        except (TypeError, ValueError):
            return text_value(value)
    value = int(value)
    return f"{value:+d}"


def n_up(table: Table, n: int = 2) -> Table:
    """The same rows set in ``n`` runs side by side (down the first, then the next),
    a white gutter between: a long list of few columns in a fraction of the height,
    for a one-page sheet."""
    count = len(table.rows)
    per = -(-count // n)
    width = len(table.columns)
    rows: list[list[Cell]] = []
    for i in range(per):
        row: list[Cell] = []
        for run in range(n):
            if run:
                row.append("")
            at = run * per + i
            row += list(table.rows[at]) if at < count else [""] * width
        rows.append(row)
    gutter = Column("", 0.35, gutter=True)
    columns = list(table.columns)
    for _run in range(n - 1):
        columns += [gutter] + list(table.columns)
    marked = sorted({i % per for i in table.marked}) if per else []
    return Table(columns, rows, marked=marked)


def two_up(table: Table) -> Table:
    return n_up(table, 2)


def empty_section(key: str, title: str, message: str, **kwargs: Any) -> "Section":
    """A section with nothing in it yet: one line in the one style every sheet uses for
    that (and never alone on a page)."""
    return Section(key, title, [Notes(message)], empty=True, **kwargs)


#: The sections that record play, printed after everything else (the compact layout
#: leaves them out).
RECORDS = ("history", "ledger")


def notes_section(key: str, title: str, text: Any, blank: bool, lines: int) -> "Section":
    """The Notes of a sheet: the character's notes, then ruled lines to write on.

    On a filled sheet they print last, after the records: a ledger that
    grows in play keeps its place beside the character, the notes' lines fill what
    room the last page has left, and with nothing written they never open a page of
    their own (a sheet that ends at the foot of a page has no ruled lines rather than
    a page of them).  On a blank sheet they come before the records (see
    :func:`print_order`) and keep ``lines`` lines: there the empty ledger rows fill
    the last page."""
    written = "" if blank else text_value(text or "").strip()
    if written == "-":
        written = ""
    if blank:
        return Section(key, title, [Notes("", lines=lines)])
    return Section(key, title, [Notes(written, lines=lines, fill=True)], empty=not written)


def print_order(keys: Sequence[str], blank: bool) -> list[str]:
    """The order a sheet's sections print in, from the order its ``SECTIONS`` lists
    them (the names ``--sections`` accepts, unchanged): on a filled sheet the Notes
    go after the records (the ledger, the level history), so their ruled lines fill
    what room the last page has left (:func:`notes_section`); on a blank sheet they
    stay before the records, whose empty rows to write in fill the last page."""
    order = list(keys)
    if not blank and "notes" in order:
        records = [i for i, key in enumerate(order) if key in RECORDS]
        if records and records[-1] > order.index("notes"):
            order.remove("notes")
            order.insert(records[-1], "notes")
    return order


def text_value(value: Any) -> str:
    """How a value from the derived state prints."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(text_value(v) for v in value) if value else "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {text_value(v)}" for k, v in value.items()) if value else "-"
    return str(value)


#: How many empty ledger rows a blank sheet gets.
BLANK_LEDGER = 30


def _number(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return int(value)


def ledger_mode(text: str) -> tuple[str, int]:
    """``--ledger all|changes|last:N`` -> (mode, N); ValueError for anything else."""
    word = text.strip().casefold()
    if word in ("all", "changes"):
        return word, 0
    if word.startswith("last:") and word[5:].isdigit() and int(word[5:]) > 0:
        return "last", int(word[5:])
    raise ValueError(f"'{text}' is not all, changes or last:N (N a whole number above 0)")


class LedgerFacts(FrozenRecord):
    """What a rule system tells the printed ledger about its entries: ``quiet``, the
    actions that change nothing lasting (a use, a rest: counted, not listed, in the
    ``changes`` ledger); ``session``, an entry's session (None: not stamped; the
    entries before a stamped one belong to its session); ``money``, the money column
    (its title, and an entry's change as printed, or "")."""

    _fields = ("quiet", "session", "money", "quiet_words")
    __slots__ = _fields
    quiet: frozenset[str]
    session: Any
    money: Any
    quiet_words: str

    def __init__(self, quiet: frozenset[str] = frozenset(), session: Any = None,
                 money: Any = None, quiet_words: str = "") -> None:
        object.__setattr__(self, "quiet", quiet)
        object.__setattr__(self, "session", session)
        object.__setattr__(self, "money", money)
        object.__setattr__(self, "quiet_words", quiet_words)


def _ledger_columns(entry_width: float, balance: str | None, spends: bool,
                    facts: LedgerFacts) -> list[Column]:
    """The ledger table's columns: number, date, entry, then money and the balance's
    gained, spent and after where the rule system has them."""
    columns = [Column("#", 0.5, "right"), Column("Date", 1.3), Column("Entry", entry_width)]
    money_title = facts.money[0] if facts.money else None
    if money_title:
        columns.append(Column(money_title, 1.3, "right"))
    if balance:
        columns.append(Column(f"{balance} gained", 1.0, "right"))
        if spends:
            columns.append(Column(f"{balance} spent", 1.0, "right"))
        columns.append(Column(f"{balance} after", 1.0, "right"))
    return columns


def ledger_section(derived: dict[str, Any], blank: bool, title: str, entry_width: float,
                   balance: str | None = None, spends: bool = True, *,
                   mode: str = "all", facts: LedgerFacts | None = None) -> "Section":
    """The ledger table every ruleset's sheet prints: number, date, the entry in plain
    words (the ruleset's describe(), as in the window; refused entries say why), then,
    for a ruleset with a balance (SP, XP): what the entry gained, what it spent
    (``spends``) and the balance after it, below an opening-balance row; a money
    column where ``facts`` has one.

    ``mode`` (:func:`ledger_mode`): every entry; the ``changes`` (the entries of
    ``facts.quiet`` counted in one line per session, or per run where the rule system
    keeps no sessions); or the ``last:N`` entries.  (``derived["ledger_entries"]``,
    the entries as the file holds them, give the sessions and the money.)  Where ``facts`` stamps sessions,
    each session opens with a marked row.  The whole ledger stays in the file and in
    ``show``."""
    facts = facts or LedgerFacts()
    kind, last = ledger_mode(mode)
    raw = [e for e in derived.get("ledger_entries") or [] if isinstance(e, dict)]
    columns = _ledger_columns(entry_width, balance, spends, facts)
    if blank:
        empty: list[list[Cell]] = [[""] * len(columns) for _ in range(BLANK_LEDGER)]
        # eight rows at least, then as many as the page has room for
        return Section("ledger", title, [Table(columns, empty, spare=BLANK_LEDGER - 8)],
                       record=True)
    entries = [e for e in derived.get("ledger") or [] if isinstance(e, dict)]
    if not entries:
        return empty_section("ledger", title, "Nothing recorded yet.", record=True)
    width = len(columns)
    numbers = list(range(len(entries)))
    skipped_before = 0
    if kind == "last" and last < len(numbers):
        skipped_before = len(numbers) - last
        numbers = numbers[skipped_before:]
    rows: list[list[Cell]] = []
    marked: list[int] = []

    def note_row(text: str) -> list[Cell]:
        cells: list[Cell] = ["", "", text]
        return cells + [""] * (width - 3)

    if balance:
        opening = _number(entries[numbers[0]].get("balance_before"))
        if opening is not None:
            label = "Opening balance" if not skipped_before else \
                f"Balance before entry {entries[numbers[0]].get('n', numbers[0] + 1)}"
            rows.append(note_row(label)[:-1] + [str(opening)])
    if skipped_before:
        rows.append(note_row(f"{skipped_before} earlier entries not printed (all of them: "
                             "--ledger all, or show)"))
    sessions = _sessions(raw, facts) if facts.session is not None and len(raw) == len(entries) \
        else None
    current_session: Any = object()
    quiet_run = 0

    def flush_quiet() -> None:
        nonlocal quiet_run
        if quiet_run:
            what = f" ({facts.quiet_words})" if facts.quiet_words else ""
            rows.append(note_row(f"{quiet_run} {'entry' if quiet_run == 1 else 'entries'} "
                                 f"that change nothing lasting{what} not printed"))
            quiet_run = 0

    for i in numbers:
        entry = entries[i]
        if sessions is not None and sessions[i] != current_session:
            flush_quiet()
            current_session = sessions[i]
            marked.append(len(rows))
            rows.append(note_row(f"Session {sessions[i]}" if sessions[i] is not None
                                 else "Since the last session"))
        if kind == "changes" and entry.get("action") in facts.quiet \
                and not entry.get("refused"):
            quiet_run += 1
            continue
        if sessions is None:
            flush_quiet()
        rows.append(_ledger_row(entry, i, raw[i] if len(raw) == len(entries) else None,
                                balance, spends, facts))
    flush_quiet()
    return Section("ledger", title, [Table(columns, rows, marked=marked)], record=True)


def _sessions(raw: list[dict[str, Any]], facts: LedgerFacts) -> list[Any]:
    """Each entry's session: its own stamp, else the next stamped entry's (play is
    recorded before the session's award), else None (play since the last session)."""
    stamps = [facts.session(e) for e in raw]
    result: list[Any] = [None] * len(raw)
    following = None
    for index in range(len(raw) - 1, -1, -1):
        if stamps[index] is not None:
            following = stamps[index]
        result[index] = following
    return result


def _ledger_row(entry: dict[str, Any], index: int, raw: dict[str, Any] | None,
                balance: str | None, spends: bool, facts: LedgerFacts) -> list[Cell]:
    text = text_value(entry.get("text", ""))
    if entry.get("refused"):
        text += " (refused: " + "; ".join(str(r) for r in entry["refused"]) + ")"
    row: list[Cell] = [text_value(entry.get("n", index + 1)), str(entry.get("at") or "")[:10],
                       text]
    if facts.money:
        row.append(facts.money[1](raw) if raw is not None else "")
    if balance:
        before = _number(entry.get("balance_before"))
        after = _number(entry.get("balance_after"))
        cost = _number(entry.get("cost")) or 0
        gained = after - before + cost if before is not None and after is not None else None
        row.append(str(gained) if gained else "")
        if spends:
            row.append(str(cost) if cost else "")
        row.append("" if after is None else str(after))
    return row
