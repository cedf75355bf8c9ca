"""Reading an HTML discard table back as data, for tests that compare pages."""

from __future__ import annotations

from html.parser import HTMLParser


class _Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []  # table, row, (text, classes)
        self.across: list[bool] = []
        self._cell: list[str] | None = None
        self._classes = ""
        self._row_classes = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "gt-discards" in (attrs.get("class") or "").split():
            self.tables.append([])
            self.across.append("gt-across" in attrs["class"].split())
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
            self._row_classes = attrs.get("class") or ""
        elif tag in ("td", "th") and self.tables:
            self._cell, self._classes = [], " ".join(filter(None, (attrs.get("class"), self._row_classes)))

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append((" ".join("".join(self._cell).split()), self._classes))
            self._cell = None


def read_tables(html: str) -> list[list[dict]]:
    """Every discard table in ``html`` (``class="gt-discards"``), as one dict per discard:
    each column's label to the text of its cell, and ``"marks"`` to the set of
    ``gt-is-...`` classes of its row (or, turned across, of its column)."""
    parser = _Cells()
    parser.feed(html)
    result = []
    for rows, across in zip(parser.tables, parser.across):
        if across:
            labels = [r[0][0] for r in rows]
            columns = list(zip(*[r[1:] for r in rows]))
        else:
            labels = [text for text, _ in rows[0]]
            columns = rows[1:]
        table = []
        for cells in columns:
            entry = {label: text for label, (text, _) in zip(labels, cells)}
            entry["marks"] = {c.removeprefix("gt-is-") for _, classes in cells for c in classes.split()
                              if c.startswith("gt-is-")}
            table.append(entry)
        result.append(table)
    return result

