"""The class store's rosters (classroom/store.py, schema 3), on SQLite and on a real PostgreSQL (``store_url``
runs each test on both): kept per class code and read back in the roster's order, replaced whole, refused
when they are not rosters, read as none when damaged, and a store of schema 2 brought up to date."""

from __future__ import annotations

import sqlite3
from types import MappingProxyType

import pytest

from gintrainer.classroom import ClassSet, StudentSession
from gintrainer.classroom import store as store_module
from gintrainer.classroom.codes import ClassCodeError
from gintrainer.classroom.roster import read_roster
from gintrainer.classroom.store import ClassStore, StoreError, new_session_key, open_store, session_name

SET = ClassSet("Roster store test", count=2, kinds="can_knock")
OTHER = ClassSet("Another roster class", count=2, kinds="can_knock")
ROSTER = read_roster('name,email,section\n"Okafor, Chidi",chidi@school.example,9B\nZoë,zoe@school.example,\n')


def run_sql(url: str, statement: str, values: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """A statement run on the store's database directly, as another program would."""
    if url.startswith("postgresql://"):
        import psycopg
        with psycopg.connect(url, autocommit=True) as connection:
            cursor = connection.execute(statement.replace("?", "%s"), values)
            return cursor.fetchall() if cursor.description else []
    with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
        return connection.execute(statement, values).fetchall()


def test_a_roster_is_kept_per_class_code_in_its_order_and_replaced_whole(store_url):
    store = open_store(store_url)
    assert store.roster(SET.code) is None
    store.set_roster(SET.code.lower(), ROSTER)
    assert store.roster(SET.code) == ROSTER and store.roster(OTHER.code) is None
    assert open_store(store_url).roster(SET.code).names == ("Okafor, Chidi", "Zoë")  # another page reads it
    shorter = read_roster("name,email\nAnn,ann@school.example\n")
    store.set_roster(SET.code, shorter)
    assert store.roster(SET.code) == shorter
    assert run_sql(store_url, "SELECT COUNT(*) FROM class_rosters") == [(1,)]


def test_a_roster_for_a_wrong_code_or_not_a_roster_is_refused_and_nothing_is_written(store_url):
    store = open_store(store_url)
    with pytest.raises(ClassCodeError):
        store.set_roster(SET.code[:-1] + ("0" if SET.code[-1] != "0" else "1"), ROSTER)
    with pytest.raises(StoreError, match="Roster"):
        store.set_roster(SET.code, ROSTER.to_csv())
    assert store.roster(SET.code) is None


def test_a_damaged_roster_is_read_as_none(store_url):
    store = open_store(store_url)
    store.set_roster(SET.code, ROSTER)
    run_sql(store_url, "UPDATE class_rosters SET email = ? WHERE position = 2", ("=cmd|' /C calc'!A0",))
    assert store.roster(SET.code) is None


class SchemaTwoStore(ClassStore):
    """The class store as schema 2 made it: sessions, answers and reviews, no rosters."""

    tables = (*store_module._TABLES, store_module._REVIEWS)  # type: ignore[assignment]
    schema_version = 2
    migrations: MappingProxyType[int, tuple[str, ...]] = MappingProxyType({1: (store_module._REVIEWS,)})


def test_a_store_of_schema_2_gains_the_rosters_and_keeps_its_answers(store_url):
    old = SchemaTwoStore(store_url)
    key = session_name(new_session_key())
    attempt = StudentSession(SET, "Ann").answer(0, "no")
    old.record(SET.code, key, "Ann", attempt)
    old.close()
    with pytest.raises(Exception, match="class_rosters"):
        run_sql(store_url, "SELECT COUNT(*) FROM class_rosters")
    store = open_store(store_url)
    store.set_roster(SET.code, ROSTER)
    assert run_sql(store_url, "SELECT version FROM gintrainer_schema") == [(3,)]
    assert store.roster(SET.code) == ROSTER and store.class_sessions(SET.code)[0].attempts == (attempt,)
