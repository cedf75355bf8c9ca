"""Writing files so that a reader never sees half of one: a synced temporary
file in the target's folder, then a rename over the target."""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import suppress
from pathlib import Path


def write_text_atomic(path: str | os.PathLike, text: str, *, mode: int = 0o644) -> Path:
    """Replace ``path`` with ``text`` (UTF-8) atomically; returns the path."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(temporary, mode)
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    with suppress(OSError):  # make the rename itself durable
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    return path


def write_json_atomic(path: str | os.PathLike, data, *, mode: int = 0o644, indent: int | None = None) -> Path:
    """Replace ``path`` with ``data`` as JSON atomically (compact unless ``indent``)."""
    separators = (",", ":") if indent is None else None
    return write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=indent, separators=separators) + "\n",
                             mode=mode)
