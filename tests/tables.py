"""Reading an HTML discard table back as data, for tests that compare pages."""

from __future__ import annotations

from collections.abc import Sequence
from html.parser import HTMLParser
from typing import Any


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []  # table, row, (text, classes)
        self.across: list[bool] = []
        self._cell: list[str] | None = None
        self._classes = ""
        self._row_classes = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if tag == "table" and "gt-discards" in classes.split():
            self.tables.append([])
            self.across.append("gt-across" in classes.split())
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
            self._row_classes = classes
        elif tag in ("td", "th") and self.tables:
            self._cell, self._classes = [], " ".join(filter(None, (classes, self._row_classes)))

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append((" ".join("".join(self._cell).split()), self._classes))
            self._cell = None


def read_tables(html: str) -> list[list[dict[str, Any]]]:
    """Every discard table in ``html`` (``class="gt-discards"``), as one dict per discard:
    each column's label to the text of its cell, and ``"marks"`` to the set of
    ``gt-is-...`` classes of its row (or, turned across, of its column)."""
    parser = _Cells()
    parser.feed(html)
    result = []
    for rows, across in zip(parser.tables, parser.across, strict=True):
        columns: Sequence[Sequence[tuple[str, str]]]
        if across:
            labels = [r[0][0] for r in rows]
            columns = list(zip(*[r[1:] for r in rows], strict=True))  # a cell for each discard on every row
        else:
            labels = [text for text, _ in rows[0]]
            columns = rows[1:]
        table = []
        for cells in columns:
            entry: dict[str, Any] = {label: text for label, (text, _) in zip(labels, cells, strict=True)}
            entry["marks"] = {c.removeprefix("gt-is-") for _, classes in cells for c in classes.split()
                              if c.startswith("gt-is-")}
            table.append(entry)
        result.append(table)
    return result

