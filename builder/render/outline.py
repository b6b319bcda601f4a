"""Bookmarks and document information for an exported PDF (no Qt here).

QPdfWriter can neither write an outline nor a Subject or Keywords, so the finished
PDF gets one **incremental update** (ISO 32000-1, 7.5.6): the bytes Qt wrote stay as
they are, and new objects are appended after them with an xref section of their own:
one bookmark per character (its sections under it), the viewer opened on the
bookmarks when there are several characters, and the document information set in
full: a short Title ("Party sheets: 100 characters"), Author (the players' names),
Subject, Keywords, Creator (this application and its version), Producer and the dates.

That update is written here (:func:`append_update`, no PDF library) for the shape Qt's
writer produces (one classic xref table, a flat page tree, no encryption).  The same
update puts back into the PDF's text what Qt's writer leaves out of it: the characters
beyond U+FFFF (emoji, mathematical letters) it prints but does not map
(:func:`wide_text_in_cmap`), and the letters of scripts it shapes into contextual forms
(:func:`base_letters_in_cmap`), by redefining the fonts' text maps.  A PDF of another
shape is refused (:class:`NotUpdatable`), never guessed at.
"""
from __future__ import annotations

import re
import struct
import time
import zlib
from typing import TYPE_CHECKING, Iterable, Sequence

from builder import APP_TITLE, __version__

if TYPE_CHECKING:
    from datetime import datetime


def document_title(names: Sequence[str]) -> str:
    """The PDF's title from its sheets' names (a blank sheet has none)."""
    named = [n for n in names if n]
    if len(named) > 1:
        return f"Party sheets: {len(named)} characters"
    if named:
        return f"{named[0]}: character sheet"
    return f"Blank sheets: {len(names)}" if len(names) > 1 else "Character sheet"


def sheet_mark(name: str, ruleset_title: str) -> str:
    """A sheet's bookmark: the character's name; a blank sheet's, its rule system's."""
    if name:
        return name
    return f"Blank sheet ({ruleset_title})" if ruleset_title else "Blank sheet"


def document_authors(players: Sequence[str], names: Sequence[str]) -> list[str]:
    """Who the sheets belong to, each once, in order: each sheet's player, or the
    character's name where its player is unnamed."""
    people = [(player or "").strip() or name for player, name in zip(players, names)]
    return list(dict.fromkeys(p for p in people if p))


def document_author(players: Sequence[str], names: Sequence[str]) -> str:
    """The Author of the document information: every one of :func:`document_authors`."""
    return ", ".join(document_authors(players, names))


def _xml(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def xmp_metadata(title: str, authors: Sequence[str], producer: str) -> bytes:
    """The PDF's XMP metadata (what Qt writes, but the authors as a list: one
    ``rdf:li`` each, as the XMP specification has ``dc:creator``)."""
    import os

    stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
    raw = os.urandom(16).hex()
    variant = "89ab"[int(raw[16], 16) & 3]
    uuid = f"{raw[:8]}-{raw[8:12]}-4{raw[13:16]}-{variant}{raw[17:20]}-{raw[20:]}"
    people = "".join(f"\n                    <rdf:li>{_xml(a)}</rdf:li>" for a in authors)
    return (
        "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>"
        '<x:xmpmeta xmlns:x="adobe:ns:meta/" '
        'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" '
        'xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">\n'
        "    <rdf:RDF>\n"
        '        <rdf:Description rdf:about="">\n'
        "            <dc:title>\n                <rdf:Alt>\n"
        f'                    <rdf:li xml:lang="x-default">{_xml(title)}</rdf:li>\n'
        "                </rdf:Alt>\n            </dc:title>\n"
        f"            <dc:creator>\n                <rdf:Seq>{people}\n"
        "                </rdf:Seq>\n            </dc:creator>\n"
        "        </rdf:Description>\n"
        f'        <rdf:Description rdf:about="" pdf:Producer="{_xml(producer)}" '
        'pdf:Trapped="False"/>\n'
        f'        <rdf:Description rdf:about="" xmp:CreatorTool="{_xml(APP_TITLE)}" '
        f'xmp:CreateDate="{stamp}" xmp:ModifyDate="{stamp}" xmp:MetadataDate="{stamp}"/>\n'
        f'        <rdf:Description rdf:about="" xmpMM:DocumentID="uuid:{uuid}" '
        'xmpMM:VersionID="1" xmpMM:RenditionClass="default"/>\n'
        "    </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end='w'?>").encode("utf-8")


def _pdf_date(moment: datetime) -> str:
    return moment.strftime("D:%Y%m%d%H%M%SZ")


def document_information(title: str, author: str, subject: str = "", keywords: str = "",
                         now: datetime | None = None, producer: str = "Qt PDF writer"
                         ) -> dict[str, str]:
    """The PDF's document information dictionary (keys without the slash)."""
    # The time module's clock rather than datetime's: the same stamp, without importing
    # datetime into every export (docs/dev/performance.md).
    stamp = _pdf_date(now) if now else time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime())
    return {
        "Title": title,
        "Author": author,
        "Subject": subject or title,
        "Keywords": keywords,
        "Creator": f"{APP_TITLE} {__version__}",
        "Producer": f"{APP_TITLE} {__version__} ({producer})",
        "CreationDate": stamp,
        "ModDate": stamp,
    }


def finish_pdf(data: bytes, marks: Sequence[tuple[int, str, int]], *, title: str,
               author: str, subject: str = "", keywords: str = "",
               now: datetime | None = None, wide: dict[str, list[str]] | None = None,
               unmapped: set[str] | None = None, base_letters: bool = False) -> bytes:
    """``data`` with bookmarks (``marks``: (level 0 character / 1 section, title, page
    index)), the document information set, and the characters of ``wide`` put back
    into its text (see :func:`wide_text_in_cmap`; those it cannot are added to
    ``unmapped``); ``base_letters``: the fonts' text maps give letters, not their
    contextual forms (:func:`base_letters_in_cmap`).  One incremental update
    (:func:`append_update`); raises :class:`NotUpdatable` for a PDF not of Qt's shape."""
    return append_update(data, marks, document_information(
        title, author, subject, keywords, now), wide=wide, unmapped=unmapped,
        base_letters=base_letters)


# -- the incremental update, without a PDF library ---------------------------------------
class NotUpdatable(ValueError):
    """The PDF is not of the shape :func:`append_update` knows (Qt's)."""


def pdf_string(text: str) -> bytes:
    """A PDF text string: literal when printable ASCII (its ``\\``, ``(`` and ``)``
    escaped), else UTF-16BE with its byte order mark, in hex."""
    if all(" " <= char <= "~" for char in text):
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return b"(" + escaped.encode("ascii") + b")"
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


_TAIL = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*\Z")
_OBJ = re.compile(rb"\s*(\d+)\s+(\d+)\s+obj\b")
_REF = rb"(\d+)\s+0\s+R"
_INTEGER = re.compile(rb"\s*(\d+)\s+endobj")
_STREAM = re.compile(rb"\s*(<<.*?>>)\s*stream\r?\n", re.S)


class _Parsed:
    """What an incremental update needs of a PDF of Qt's shape."""

    def __init__(self, data: bytes):
        self.data = data
        tail = _TAIL.search(data, max(0, len(data) - 256))
        if tail is None:
            raise NotUpdatable("no startxref at the end")
        self.xref_at = int(tail.group(1))
        if not data.startswith(b"xref", self.xref_at):
            raise NotUpdatable("not a classic xref table")  # an xref stream
        trailer_at = data.find(b"trailer", self.xref_at)
        if trailer_at < 0:
            raise NotUpdatable("no trailer")
        self.offsets = self._xref(data[self.xref_at + 4:trailer_at])
        trailer = data[trailer_at + 7:tail.start()].strip()
        if not (trailer.startswith(b"<<") and trailer.endswith(b">>")):
            raise NotUpdatable("a trailer that is not a dictionary")
        if b"/Prev" in trailer or b"/Encrypt" in trailer or b"/XRefStm" in trailer:
            raise NotUpdatable("updated, encrypted or hybrid")
        self.size = self._int(rb"/Size\s+(\d+)", trailer)
        self.root = self._int(rb"/Root\s+" + _REF, trailer)
        info = re.search(rb"/Info\s+" + _REF, trailer)
        self.info = int(info.group(1)) if info else None
        file_id = re.search(rb"/ID\s*(\[[^\]]*\])", trailer)
        self.file_id = file_id.group(1) if file_id else None
        self.catalog = self.dictionary(self.root)
        if not re.search(rb"/Type\s*/Catalog\b", self.catalog):
            raise NotUpdatable("the root is not a catalog")
        if b"/Outlines" in self.catalog or b"/PageMode" in self.catalog:
            raise NotUpdatable("the catalog has an outline already")
        pages = self.dictionary(self._int(rb"/Pages\s+" + _REF, self.catalog))
        kids = re.search(rb"/Kids\s*\[([^\]]*)\]", pages)
        if kids is None:
            raise NotUpdatable("a page tree without kids")
        self.pages = [int(n) for n in re.findall(_REF, kids.group(1))]
        if self._int(rb"/Count\s+(\d+)", pages) != len(self.pages):
            raise NotUpdatable("a page tree of more than one level")
        for number in self.pages:
            if not re.search(rb"/Type\s*/Page\b(?!s)", self.dictionary(number)):
                raise NotUpdatable("a page tree of more than one level")

    @staticmethod
    def _int(pattern: bytes, text: bytes) -> int:
        found = re.search(pattern, text)
        if found is None:
            raise NotUpdatable(f"no {pattern!r}")
        return int(found.group(1))

    @staticmethod
    def _xref(table: bytes) -> dict[int, int]:
        words = table.split()
        offsets: dict[int, int] = {}
        i = 0
        try:
            while i < len(words):
                first, count = int(words[i]), int(words[i + 1])
                i += 2
                for number in range(first, first + count):
                    offset, kind = int(words[i]), words[i + 2]
                    if kind == b"n":
                        offsets[number] = offset
                    i += 3
        except (IndexError, ValueError):
            raise NotUpdatable("an xref table that does not parse") from None
        return offsets

    def _start(self, number: int) -> int:
        """Where the body of object ``number`` starts (after its ``N 0 obj``)."""
        offset = self.offsets.get(number)
        found = _OBJ.match(self.data, offset) if offset is not None else None
        if found is None or int(found.group(1)) != number:
            raise NotUpdatable(f"object {number} is not where the xref says")
        return found.end()

    def dictionary(self, number: int) -> bytes:
        """The body of object ``number``, a dictionary without a stream."""
        start = self._start(number)
        end = self.data.find(b"endobj", start)
        body = self.data[start:end].strip()
        if end < 0 or not (body.startswith(b"<<") and body.endswith(b">>")):
            raise NotUpdatable(f"object {number} is not a dictionary")
        return body

    def stream(self, number: int) -> bytes:
        """The decoded data of object ``number``, a stream (unfiltered or Flate)."""
        head = _STREAM.match(self.data, self._start(number))
        if head is None:
            raise NotUpdatable(f"object {number} is not a stream")
        info = head.group(1)
        length = re.search(rb"/Length\s+(\d+)(\s+0\s+R)?", info)
        if length is None:
            raise NotUpdatable(f"stream {number} without a length")
        size = int(length.group(1))
        if length.group(2):  # an indirect length: an object holding the number
            value = _INTEGER.match(self.data, self._start(size))
            if value is None:
                raise NotUpdatable(f"the length of stream {number} is not a number")
            size = int(value.group(1))
        raw = self.data[head.end():head.end() + size]
        if re.search(rb"/Filter\s*/FlateDecode\b", info):
            try:
                return zlib.decompress(raw)
            except zlib.error:
                raise NotUpdatable(f"stream {number} does not inflate") from None
        if b"/Filter" in info:
            raise NotUpdatable(f"stream {number} has a filter other than Flate")
        return raw


def _outline_tree(marks: Sequence[tuple[int, str, int]], count: int
                  ) -> list[tuple[str, int, list[tuple[str, int]]]]:
    """(title, page, sections) per character: a section before any character stands
    at the top level; a mark whose page is not in the PDF is left out."""
    tree: list[tuple[str, int, list[tuple[str, int]]]] = []
    parent: list[tuple[str, int]] | None = None
    for level, text, page in marks:
        if not 0 <= page < count:
            continue
        if level == 0 or parent is None:
            tree.append((text, page, []))
            if level == 0:
                parent = tree[-1][2]
        else:
            parent.append((text, page))
    return tree


class _Update:
    """The objects an incremental update defines (new ones and redefined ones)."""

    def __init__(self, size: int) -> None:
        self.objects: dict[int, bytes] = {}
        self.next_number = size

    def new(self) -> int:
        self.next_number += 1
        return self.next_number - 1


def append_update(data: bytes, marks: Sequence[tuple[int, str, int]],
                  info: dict[str, str], *, wide: dict[str, list[str]] | None = None,
                  unmapped: set[str] | None = None, base_letters: bool = False) -> bytes:
    """``data`` (a PDF as Qt's writer makes it) with one incremental update appended:
    the outline of ``marks`` (see :func:`finish_pdf`), opened in the viewer when it has
    several characters, the fonts' text maps given ``wide``'s characters and
    (``base_letters``) the letters of contextual forms, and the document information
    ``info`` (its keys without the slash).  Raises :class:`NotUpdatable` for a PDF of
    another shape (nothing guessed)."""
    pdf = _Parsed(data)
    update = _Update(pdf.size)
    _add_outline(pdf, update, marks)
    if base_letters or (wide and any(wide.values())):
        lost = _add_text_maps(pdf, update, wide or {}, base_letters)
        if unmapped is not None:
            unmapped |= lost
    info_number = _add_information(pdf, update, info)
    return _appended(data, pdf, update, info_number)


def _add_outline(pdf: _Parsed, update: _Update,
                 marks: Sequence[tuple[int, str, int]]) -> None:
    """The outline of ``marks`` and the catalog that opens it."""
    tree = _outline_tree(marks, len(pdf.pages))
    catalog = pdf.catalog
    if tree:
        root = update.new()
        numbers = [(update.new(), [update.new() for _ in sections])
                   for _t, _p, sections in tree]

        def item(title: str, page: int, parent: int, siblings: list[int], index: int,
                 kids: list[int]) -> bytes:
            text = (b"<< /Title " + pdf_string(title) + b" /Parent %d 0 R" % parent
                    + b" /Dest [%d 0 R /Fit]" % pdf.pages[page])
            if index > 0:
                text += b" /Prev %d 0 R" % siblings[index - 1]
            if index + 1 < len(siblings):
                text += b" /Next %d 0 R" % siblings[index + 1]
            if kids:  # open: the sections are shown under their character
                text += b" /First %d 0 R /Last %d 0 R /Count %d" % (kids[0], kids[-1],
                                                                     len(kids))
            return text + b" >>"

        tops = [number for number, _kids in numbers]
        for index, ((title, page, sections), (number, kids)) in enumerate(zip(tree, numbers)):
            update.objects[number] = item(title, page, root, tops, index, kids)
            for k, (section, section_page) in enumerate(sections):
                update.objects[kids[k]] = item(section, section_page, number, kids, k, [])
        count = len(tops) + sum(len(kids) for _n, kids in numbers)
        update.objects[root] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (
            tops[0], tops[-1], count)
        catalog = catalog[:-2].rstrip() + b"\n/Outlines %d 0 R\n" % root
        characters = sum(1 for level, _t, page in marks
                         if level == 0 and 0 <= page < len(pdf.pages))
        if characters > 1:
            catalog += b"/PageMode /UseOutlines\n"
        update.objects[pdf.root] = catalog + b">>"


def _add_information(pdf: _Parsed, update: _Update, info: dict[str, str]) -> int:
    """The document information set to ``info``; returns its object's number."""
    entries = [b"/%s %s\n" % (key.encode("ascii"), pdf_string(value))
               for key, value in info.items()]
    if pdf.info is not None:  # Qt's entries whose value is a name (/Trapped /False) stay
        entries += [b"/%s /%s\n" % found for found in
                    re.findall(rb"/(\w+)\s+/(\w+)", pdf.dictionary(pdf.info))
                    if found[0].decode("ascii") not in info]
    info_number = pdf.info if pdf.info is not None else update.new()
    update.objects[info_number] = b"<<\n" + b"".join(entries) + b">>"
    return info_number


def _appended(data: bytes, pdf: _Parsed, update: _Update, info_number: int) -> bytes:
    """``data`` with ``update``'s objects, their xref section and trailer after it."""
    out = bytearray(data)
    if not out.endswith(b"\n"):
        out += b"\n"
    offsets = {}
    for number in sorted(update.objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, update.objects[number])
    xref_at = len(out)
    # The section starts with the head of the free list (object 0), as the first does:
    # readers that take a section not starting at 0 for a misnumbered one then have
    # nothing to repair.
    out += b"xref\n0 1\n0000000000 65535 f \n"
    run: list[int] = []
    for number in sorted(offsets) + [-1]:
        if run and number != run[-1] + 1:
            out += b"%d %d\n" % (run[0], len(run))
            out += b"".join(b"%010d 00000 n \n" % offsets[n] for n in run)
            run = []
        run.append(number)
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /Prev %d" % (
        update.next_number, pdf.root, info_number, pdf.xref_at)
    if pdf.file_id:
        out += b" /ID " + pdf.file_id
    out += b" >>\nstartxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


_CID = r"<([0-9A-Fa-f]+)>"


def _mapped_cids(cmap: str) -> set[int]:
    """The glyph codes a ToUnicode CMap maps to text."""
    mapped: set[int] = set()
    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        mapped.update(int(code, 16) for code in re.findall(_CID + r"\s*<[0-9A-Fa-f]+>", block))
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
        for low, high in re.findall(_CID + r"\s*" + _CID + r"\s*(?:<[0-9A-Fa-f]+>|\[[^\]]*\])",
                                    block):
            mapped.update(range(int(low, 16), int(high, 16) + 1))
    return mapped


def _glyph_count(font_file: bytes) -> int | None:
    """numGlyphs of a TrueType font's ``maxp`` table."""
    try:
        tables = struct.unpack(">H", font_file[4:6])[0]
        for i in range(tables):
            tag, _sum, offset, _length = struct.unpack(">4sIII",
                                                       font_file[12 + 16 * i:28 + 16 * i])
            if tag == b"maxp":
                return int(struct.unpack(">H", font_file[offset + 4:offset + 6])[0])
    except struct.error:
        return None
    return None


#: Contextual forms (Arabic presentation forms A and B) in a text map's targets.
_PRESENTATION = re.compile(r"<(F[B-F][0-9A-Fa-f]{2})>")
_TARGETS = re.compile(r"\[[^\]]*\]|^(<[0-9A-Fa-f]+>\s+)(<[0-9A-Fa-f]+>)\s*$", re.MULTILINE)


def needs_base_letters(texts: Iterable[str]) -> bool:
    """Any text in a script Qt shapes into contextual forms (Arabic, Syriac, N'Ko)."""
    return any("\u0600" <= char <= "\u08ff" for text in texts for char in text)


def _base(match: re.Match[str]) -> str:
    import unicodedata

    form = chr(int(match.group(1), 16))
    letters = unicodedata.normalize("NFKC", form)
    if letters == form or not letters:
        return match.group(0)
    return "<" + letters.encode("utf-16-be").hex().upper() + ">"


def base_letters_in_cmap(cmap: str) -> str:
    """A ToUnicode map whose targets give the letters (U+0644 LAM) where they gave the
    contextual forms Qt painted (U+FEDF LAM INITIAL FORM): a search for a name typed on
    a keyboard finds it, and a copy pastes it as typed."""
    def targets(match: re.Match[str]) -> str:
        if match.group(1) is not None:  # a bfchar line: the source kept, the target mapped
            return match.group(1) + _PRESENTATION.sub(_base, match.group(2))
        return _PRESENTATION.sub(_base, match.group(0))
    return _TARGETS.sub(targets, cmap)


def wide_text_in_cmap(cmap: str, glyphs: int | None, chars: Sequence[str]) -> str | None:
    """A font's ToUnicode map with the characters beyond U+FFFF put back, or None.

    Qt embeds each font as a subset whose glyphs are numbered in the order they are
    first painted, and writes a text map for the glyphs of characters up to U+FFFF
    only: the glyphs it leaves unmapped (of the font's ``glyphs``) are exactly those of
    the characters beyond, in first-painted order, which is what ``chars`` holds for
    the font.  The map gets them only when the counts agree; otherwise nothing is
    guessed (None: the export names them)."""
    gaps = [cid for cid in range(1, glyphs or 0) if cid not in _mapped_cids(cmap)]
    if len(gaps) != len(chars) or "endcmap" not in cmap:
        return None
    entries = "".join(f"<{cid:04X}> <{char.encode('utf-16-be').hex().upper()}>\n"
                      for cid, char in zip(gaps, chars))
    return cmap.replace("endcmap", f"{len(gaps)} beginbfchar\n{entries}endbfchar\nendcmap", 1)


def _ref(key: bytes, body: bytes) -> int | None:
    """The object number ``body``'s entry ``key`` refers to (``/Key [N 0 R`` too)."""
    found = re.search(rb"/" + key + rb"\s*\[?\s*" + _REF, body)
    return int(found.group(1)) if found else None


def _fonts(pdf: _Parsed) -> list[int]:
    """The font objects the pages use, each once, in the pages' order."""
    fonts: list[int] = []
    for page in pdf.pages:
        body = pdf.dictionary(page)
        resources = _ref(b"Resources", body)
        if resources is not None:
            body = pdf.dictionary(resources)
        table = _ref(b"Font", body)
        found = re.search(rb"/Font\s*<<(.*?)>>", body, re.S) if table is None else None
        names = pdf.dictionary(table) if table is not None else found.group(1) if found else b""
        for number in re.findall(rb"/[^\s/<>\[\]()]+\s*" + _REF, names):
            if int(number) not in fonts:
                fonts.append(int(number))
    return fonts


def _font_glyphs(pdf: _Parsed, font: bytes) -> int | None:
    """How many glyphs the font program embedded for a Type0 ``font`` holds."""
    try:
        descendant = _ref(b"DescendantFonts", font)
        descriptor = _ref(b"FontDescriptor", pdf.dictionary(descendant)) \
            if descendant is not None else None
        program = _ref(b"FontFile2", pdf.dictionary(descriptor)) \
            if descriptor is not None else None
        return _glyph_count(pdf.stream(program)) if program is not None else None
    except NotUpdatable:
        return None


def _add_text_maps(pdf: _Parsed, update: _Update, wide: dict[str, list[str]],
                   base_letters: bool) -> set[str]:
    """The fonts' text maps redefined with ``wide``'s characters (by the font's
    PostScript name, the PDF's BaseFont) and, with ``base_letters``, the letters of
    contextual forms.  Returns the characters that could not be carried."""
    lost: set[str] = set()
    wanted = {name: chars for name, chars in wide.items() if chars}
    for number in _fonts(pdf):
        font = pdf.dictionary(number)
        name = re.search(rb"/BaseFont\s*/([^\s/<>\[\]()]+)", font)
        chars = wanted.pop(name.group(1).decode("latin-1").split("+")[-1], None) \
            if name else None
        text_map = _ref(b"ToUnicode", font)
        try:
            cmap = pdf.stream(text_map).decode("latin-1") if text_map is not None else None
        except NotUpdatable:
            cmap = None
        if cmap is None or text_map is None:
            lost.update(chars or ())
            continue
        mapped = cmap
        if chars:
            with_wide = wide_text_in_cmap(cmap, _font_glyphs(pdf, font), chars)
            if with_wide is None:
                lost.update(chars)
            else:
                mapped = with_wide
        if base_letters:
            mapped = base_letters_in_cmap(mapped)
        if mapped != cmap:
            data = mapped.encode("latin-1")
            update.objects[text_map] = (b"<< /Length %d >>\nstream\n" % len(data) + data
                                        + b"\nendstream")
    for chars in wanted.values():  # a font the PDF does not hold under that name
        lost.update(chars)
    return lost
