"""The message catalogs, managed with Babel: extract every sentence the code marks
into the template, bring each language's catalog up to date with it, compile the
catalogs, and check them.

    python -m gintrainer.catalogs extract   # gintrainer/locale/gintrainer.pot
    python -m gintrainer.catalogs update    # each language's .po follows the template
    python -m gintrainer.catalogs compile   # each .po to its .mo (make and the build do this)
    python -m gintrainer.catalogs check     # what is missing, untranslated or stale; exit 1 if anything
    python -m gintrainer.catalogs merge tr corrections.po   # a translator's .po into the Turkish catalog

The template holds the sentences marked with :func:`~gintrainer.words.language.t`,
:func:`~gintrainer.words.language.tn`, :func:`~gintrainer.words.language.tc`, :func:`~gintrainer.words.language.N_` and
:func:`~gintrainer.words.language.Nn_` in the package's modules, and every template of
:data:`gintrainer.material.messages.CATALOG` under its message's name as the context. A
comment starting ``Translators:`` above a marked sentence goes with it.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .material.messages import CATALOG
from .puzzles.registry import described
from .words.language import DOMAIN, LANGUAGES, catalog_path

PACKAGE = Path(__file__).resolve().parent
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
KEYWORDS = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2), "N_": None, "Nn_": (1, 2)}
"""The marking functions of :mod:`gintrainer.words.language`, as Babel's extractor reads them."""
FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
"""The date written in every catalog's header, so that extracting twice writes the same file."""
WIDTH = 100


def po_path(lang: str) -> Path:
    return PACKAGE / catalog_path(lang)


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def _marked() -> Iterator[tuple[str, str | tuple[str, str], str | None, list[str]]]:
    """(file, English (or its two forms), context, comments) of each sentence the modules mark."""
    for filename, _, text, comments, context in extract_from_dir(
            PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("Translators:",),
            strip_comment_tags=True):
        if isinstance(text, tuple):
            text = (text[0], text[1])
        yield f"gintrainer/{filename}", text, context, list(comments)


def template() -> Catalog:
    """The catalog template, from the code as it is now."""
    catalog = Catalog(domain=DOMAIN, project="gintrainer", version="1", creation_date=FIXED_DATE,
                      revision_date=FIXED_DATE, msgid_bugs_address="", copyright_holder="gintrainer", fuzzy=False)
    for filename, text, context, comments in _marked():
        _add(catalog, text, context, filename, comments)
    assert described()  # every registered kind's messages are in the catalog now
    for name, entry in CATALOG.items():
        text = entry.text if entry.plural is None else (entry.text, entry.plural)
        _add(catalog, text, name, "gintrainer/material/messages.py", [entry.context] if entry.context else [])
    return catalog


def _add(catalog: Catalog, text: str | tuple[str, str], context: str | None, filename: str,
         comments: list[str]) -> None:
    singular = text[0] if isinstance(text, tuple) else text
    old = catalog.get(singular, context)
    if old is not None:
        old.locations.append((filename, 0))
        old.auto_comments.extend(c for c in comments if c not in old.auto_comments)
        return
    flags = ["python-brace-format"] if fields(singular) else []
    catalog.add(text, locations=[(filename, 0)], context=context, auto_comments=comments, flags=flags)


def fields(text: str) -> frozenset[str]:
    """The named values of a sentence (``{card}``)."""
    try:
        return frozenset(name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                         if name)
    except ValueError:
        return frozenset()


_PERCENT_FORMAT = re.compile(r"%%|%\([A-Za-z_]\w*\)")


def percent_format(text: str) -> bool:
    """Whether a sentence is written for Python's ``%`` operator: only argparse's texts
    are, and they show it with a doubled ``%%`` (or a named ``%(prog)s``). A lone
    ``%`` is a percent sign ("about 99% of the hands"), though Babel reads ``% o``
    as a conversion and flags the sentence ``python-format``, which makes
    ``msgfmt --check-format`` refuse a translation that writes it otherwise.

    >>> percent_format("with its 95%% interval"), percent_format("beats about 99% of the hands")
    (True, False)
    """
    return _PERCENT_FORMAT.search(text) is not None


def _format_flags(catalog: Catalog) -> None:
    """Keep ``python-format`` only on the sentences that are ``%`` format strings (see :func:`percent_format`)."""
    for message in catalog:
        singular = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        if message.id and not percent_format(singular):
            message.flags.discard("python-format")


def _write(catalog: Catalog, path: Path) -> None:
    """Write a catalog atomically (a temporary file beside it, then a rename), its
    format flags as :func:`_format_flags` leaves them."""
    _format_flags(catalog)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, include_lineno=False, sort_by_file=False, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(buffer.getvalue())
    temporary.replace(path)


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def extract() -> Path:
    _write(template(), TEMPLATE)
    return TEMPLATE


def update(langs: Iterable[str] = TRANSLATED) -> list[Path]:
    """Bring each language's catalog up to date with the template: new sentences
    added untranslated, sentences the code no longer has dropped."""
    pot = read(TEMPLATE)
    written = []
    for lang in langs:
        path = po_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN, project="gintrainer",
                                                                  version="1", creation_date=FIXED_DATE,
                                                                  revision_date=FIXED_DATE, fuzzy=False)
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        catalog.revision_date = FIXED_DATE
        catalog.fuzzy = False
        _write(catalog, path)
        written.append(path)
    return written


def compile_catalogs(langs: Iterable[str] = TRANSLATED) -> list[Path]:
    """Compile each language's catalog (its untranslated sentences stay English)."""
    written = []
    for lang in langs:
        catalog = read(po_path(lang), lang)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        path = mo_path(lang)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_bytes(buffer.getvalue())
        temporary.replace(path)
        written.append(path)
    return written


def merge(lang: str, source: Path) -> tuple[int, list[str]]:
    """Copy the translations of a translator's catalog ``source`` (a .po of the same
    template, or of an older one) into the language's catalog: each sentence the
    language's catalog holds takes the source's translation where it has one.
    Returns how many translations changed and the sentences of the source that
    the catalog does not hold (the code no longer has them)."""
    path = po_path(lang)
    catalog = read(path, lang)
    incoming = read(source, lang)
    changed, unknown = 0, []
    for message in incoming:
        if not message.id or not any(_forms(message)):
            continue
        target = catalog.get(message.id, message.context)
        if target is None:
            unknown.append(_show(_key(message)))
            continue
        if _forms(target) != _forms(message):
            target.string = message.string
            target.flags.discard("fuzzy")
            changed += 1
    _write(catalog, path)
    return changed, unknown


def _key(message: Message) -> tuple[str | None, str]:
    singular = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return message.context, singular


def _forms(message: Message) -> list[str]:
    if isinstance(message.string, (tuple, list)):
        return [form or "" for form in message.string]
    return [message.string or ""]


def _english_fields(message: Message) -> frozenset[str]:
    ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
    found: frozenset[str] = frozenset()
    for text in ids:
        found |= fields(text)
    return found | ({"n"} if isinstance(message.id, (tuple, list)) else frozenset())


def problems(lang: str, pot: Catalog | None = None) -> list[str]:
    """What is wrong with a language's catalog against the template: a sentence
    missing or untranslated, one the code no longer has, a translation whose
    named values differ from the English, a fuzzy entry."""
    pot = pot or template()
    path = po_path(lang)
    if not path.exists():
        return [f"{lang}: no catalog at {path.relative_to(PACKAGE.parent)}"]
    catalog = read(path, lang)
    wanted = {_key(m): m for m in pot if m.id}
    have = {_key(m): m for m in catalog if m.id}
    found = [f"{lang}: missing {_show(key)}" for key in wanted if key not in have]
    found += [f"{lang}: unused {_show(key)} (the code no longer has it)" for key in have if key not in wanted]
    for key, message in have.items():
        if key not in wanted:
            continue
        forms = _forms(message)
        if message.fuzzy:
            found.append(f"{lang}: fuzzy {_show(key)}")
        if not all(forms):
            found.append(f"{lang}: untranslated {_show(key)}")
            continue
        english = _english_fields(wanted[key])
        union: frozenset[str] = frozenset()
        for form in forms:
            union |= fields(form)
        if not union <= english or not (english - {"n"}) <= union:
            found.append(f"{lang}: {_show(key)} takes {sorted(english)}, its translation {sorted(union)}")
    return found


def _show(key: tuple[str | None, str]) -> str:
    context, text = key
    short = text if len(text) <= 60 else text[:57] + "..."
    return f"{short!r}" + (f" ({context})" if context else "")


def template_is_current() -> list[str]:
    """The differences between the template on disk and the code's sentences."""
    if not TEMPLATE.exists():
        return [f"no template at {TEMPLATE}: run `python -m gintrainer.catalogs extract`"]
    on_disk = {_key(m) for m in read(TEMPLATE) if m.id}
    now = {_key(m) for m in template() if m.id}
    return ([f"template lacks {_show(k)}: run extract" for k in sorted(now - on_disk, key=str)]
            + [f"template still has {_show(k)}: run extract" for k in sorted(on_disk - now, key=str)])


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    langs = args[1:] or list(TRANSLATED)
    if command == "extract":
        print(extract())
    elif command == "update":
        for path in update(langs):
            print(path)
    elif command == "compile":
        for path in compile_catalogs(langs):
            print(path)
    elif command == "merge":
        if len(args) != 3:
            print("merge takes a language and a .po file: merge tr corrections.po", file=sys.stderr)
            return 2
        changed, unknown = merge(args[1], Path(args[2]))
        print(f"{changed} translations taken into {po_path(args[1])}")
        for line in unknown:
            print(f"not in the catalog: {line}")
    elif command == "check":
        pot = template()
        found = template_is_current() + [line for lang in langs for line in problems(lang, pot)]
        print("\n".join(found) or "the catalogs are complete")
        return 1 if found else 0
    else:
        print(f"unknown command {command!r}: use extract, update, compile, check or merge", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
