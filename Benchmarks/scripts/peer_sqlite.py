"""SQLite FTS5 as a peer engine: an `items` content table plus an external-content FTS5 index.

Layout (one database file per engine variant):

    items(id INTEGER PRIMARY KEY, uid TEXT UNIQUE, domain TEXT, <numeric attributes>, <text fields>)
    indexes on items(domain) and on each numeric attribute
    fts USING fts5(<text fields>, content='items', content_rowid='id' [, prefix='1 2 3'])

Queries are ranked by FTS5's default `rank` (bm25) and limited to the top `limit` rows. Infix search has no
FTS5 form with the unicode61 tokenizer, so it is the `LIKE '%x%'` scan a user would write (unranked, the
first `limit` rows).
"""

from __future__ import annotations

import os
import sqlite3
from typing import Callable

_BASE = "SELECT items.uid FROM fts JOIN items ON items.id = fts.rowid WHERE fts MATCH ?"


def _quoted(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


def match_expression(query: dict) -> str:
    """The FTS5 MATCH string: quoted terms ANDed, a quoted phrase, and `"prefix"*` for the last word."""
    terms = query.get("terms") or []
    parts = [_quoted(" ".join(terms))] if query.get("phrase") else [_quoted(term) for term in terms]
    if query.get("prefix"):
        parts.append(_quoted(query["prefix"]) + "*")
    return " ".join(parts)


class SQLiteFTS5:
    """Builds and queries one SQLite FTS5 database."""

    def __init__(self, path: str, fields: list[str], numeric: list[str], prefix_indexes: bool) -> None:
        self.name = "sqlite-fts5-prefix" if prefix_indexes else "sqlite-fts5"
        self.description = ("SQLite FTS5, prefix='1 2 3'" if prefix_indexes else "SQLite FTS5, no prefix indexes")
        self.path = path
        self.fields = fields
        self.numeric = numeric
        self.prefix_indexes = prefix_indexes
        self.connection: sqlite3.Connection | None = None

    def _open(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "cache_size=-262144", "mmap_size=1073741824",
                       "temp_store=MEMORY"):
            connection.execute(f"PRAGMA {pragma}")
        return connection

    def build(self, items: list[dict], values) -> None:
        """Creates the database from scratch and fills it in one transaction, then optimizes the index."""
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(self.path + suffix):
                os.remove(self.path + suffix)
        connection = self._open()
        columns = ", ".join(f'"{name}" NUMERIC' for name in self.numeric)
        text_columns = ", ".join(f'"{field}" TEXT' for field in self.fields)
        connection.execute(f"CREATE TABLE items(id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, domain TEXT"
                           f"{', ' + columns if columns else ''}, {text_columns})")
        connection.execute("CREATE INDEX items_domain ON items(domain)")
        for name in self.numeric:
            connection.execute(f'CREATE INDEX "items_{name}" ON items("{name}")')
        options = ", prefix='1 2 3'" if self.prefix_indexes else ""
        field_list = ", ".join(f'"{field}"' for field in self.fields)
        connection.execute(f"CREATE VIRTUAL TABLE fts USING fts5({field_list}, content='items', "
                           f"content_rowid='id'{options})")
        placeholders = ", ".join("?" for _ in range(3 + len(self.numeric) + len(self.fields)))
        connection.execute("BEGIN")
        connection.executemany(f"INSERT INTO items VALUES ({placeholders})",
                               ((row, *values(item)) for row, item in enumerate(items, start=1)))
        connection.execute(f"INSERT INTO fts(rowid, {field_list}) SELECT id, {field_list} FROM items")
        connection.execute("COMMIT")
        connection.execute("INSERT INTO fts(fts) VALUES('optimize')")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("ANALYZE")
        self.connection = connection

    def index_bytes(self) -> dict[str, int]:
        """The database file size, and the part that is the FTS5 index (its shadow tables)."""
        assert self.connection is not None
        total = sum(os.path.getsize(self.path + suffix) for suffix in ("", "-wal")
                    if os.path.exists(self.path + suffix))
        fts = self.connection.execute(
            "SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name LIKE 'fts%'").fetchone()[0]
        return {"total": total, "text_index": fts}

    def prepare(self, query: dict, limit: int) -> Callable[[], list[str]]:
        """A closure that runs the query and returns the matching identifiers, best first."""
        connection = self.connection
        assert connection is not None
        kind = query["class"]
        if kind == "infix":
            pattern = f"%{query['infix']}%"
            condition = " OR ".join(f'"{field}" LIKE ?1' for field in self.fields)
            sql = f"SELECT uid FROM items WHERE {condition} LIMIT ?2"
            return lambda: [row[0] for row in connection.execute(sql, (pattern, limit))]
        expression = match_expression(query)
        if kind == "prefix+range":
            sql = f'{_BASE} AND items."{query["attribute"]}" BETWEEN ? AND ? ORDER BY fts.rank LIMIT ?'
            parameters = (expression, query["lo"], query["hi"], limit)
        elif kind == "prefix+domain":
            sql = f"{_BASE} AND items.domain = ? ORDER BY fts.rank LIMIT ?"
            parameters = (expression, query["domain"], limit)
        else:
            sql = f"{_BASE} ORDER BY fts.rank LIMIT ?"
            parameters = (expression, limit)
        return lambda: [row[0] for row in connection.execute(sql, parameters)]

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
