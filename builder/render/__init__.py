"""Paints printed character sheets with Qt (QtGui only, never the window).

The core builds a sheet as plain data (builder/sheets); this package lays it out
into pages and paints them on a QPdfWriter (the CLI's export-pdf and the window's
Export PDF) or a QPrinter (the window's Print and Print Preview).  It may import
PySide6 but never builder.ui, so the command line never loads the window code.
"""
