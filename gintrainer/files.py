"""Writing files so that a reader never sees half of one: a synced temporary
file in the target's folder, then a rename over the target."""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import suppress
from pathlib import Path

from .errors import GinError


def write_text_atomic(path: str | os.PathLike, text: str, *, mode: int = 0o644) -> Path:
    """Replace ``path`` with ``text`` (UTF-8) atomically; returns the path. A file
    that cannot be written raises GinError naming it."""
    path = Path(path)
    if not path.parent.is_dir():
        raise GinError(f"cannot write {str(path)!r}: the folder {str(path.parent)!r} does not exist")
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise GinError(f"cannot write {str(path)!r}: {error.strerror or error}") from None
    try:
        os.chmod(temporary, mode)
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException as error:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise GinError(f"cannot write {str(path)!r}: {error.strerror or error}") from None
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
