"""tantivy (the `tantivy` Python package) as a peer engine.

Schema: `uid` (raw, stored), one text field per searchable field (default tokenizer, positions), `domain`
(raw string), and one fast, indexed numeric field per range attribute (u64, or f64 when a value is not a
non-negative integer). Queries are built with tantivy's query constructors so that every engine searches
the same fields with the same logic:

- a term matches any text field (a `Should` over the fields); terms are ANDed (`Must`);
- the typed prefix is a `regex_query` `prefix.*` per field (an automaton walked over the term dictionary),
  OR-ed over the fields. (The binding's `phrase_prefix_query` with a single word stops after 50 expansions,
  so it misses matches: it is not a prefix query);
- a phrase is a `phrase_query` per field, OR-ed;
- a range is a fast-field `range_query`; a domain is a `term_query` on the raw `domain` field;
- an infix is a `regex_query` `.*x.*` per field, OR-ed.

Ranking is tantivy's default (BM25 for terms and phrases; prefix, regex and range clauses score a constant).
"""

from __future__ import annotations

import os
import re
import shutil
from typing import Callable

try:
    import tantivy
except ImportError:  # pragma: no cover - depends on the machine
    import subprocess
    import sys
    print("installing tantivy with pip", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "tantivy"], check=True)
    import tantivy


class Tantivy:
    """Builds and queries one tantivy index directory."""

    name = "tantivy"

    def __init__(self, path: str, fields: list[str], numeric: dict[str, bool]) -> None:
        self.path = path
        self.fields = fields
        self.numeric = numeric  # attribute name -> True when stored as f64
        self.description = f"tantivy {getattr(tantivy, '__version__', '')}".strip()
        self.index = None
        self.searcher = None
        self.schema = None

    def build(self, items: list[dict], values) -> None:
        """Creates the index from scratch, commits once and waits for merges."""
        shutil.rmtree(self.path, ignore_errors=True)
        os.makedirs(self.path)
        builder = tantivy.SchemaBuilder()
        builder.add_text_field("uid", stored=True, tokenizer_name="raw")
        for field in self.fields:
            builder.add_text_field(field, stored=False, tokenizer_name="default", index_option="position")
        builder.add_text_field("domain", stored=False, tokenizer_name="raw", index_option="basic")
        for name, is_float in self.numeric.items():
            if is_float:
                builder.add_float_field(name, indexed=True, fast=True)
            else:
                builder.add_unsigned_field(name, indexed=True, fast=True)
        self.schema = builder.build()
        self.index = tantivy.Index(self.schema, path=self.path)
        writer = self.index.writer(heap_size=512_000_000)
        for item in items:
            uid, domain, *rest = values(item)
            numbers, texts = rest[:len(self.numeric)], rest[len(self.numeric):]
            document = tantivy.Document()
            document.add_text("uid", uid)
            if domain is not None:
                document.add_text("domain", domain)
            for (name, is_float), number in zip(self.numeric.items(), numbers):
                if number is not None:
                    if is_float:
                        document.add_float(name, float(number))
                    else:
                        document.add_unsigned(name, int(number))
            for field, text in zip(self.fields, texts):
                if text:
                    document.add_text(field, text)
            writer.add_document(document)
        writer.commit()
        writer.wait_merging_threads()
        self.index.reload()
        self.searcher = self.index.searcher()

    def index_bytes(self) -> dict[str, int]:
        """Bytes of every file in the index directory."""
        total = sum(os.path.getsize(os.path.join(directory, name))
                    for directory, _, names in os.walk(self.path) for name in names)
        return {"total": total, "text_index": total, "segments": self.searcher.num_segments}

    def _any_field(self, make) -> "tantivy.Query":
        return tantivy.Query.boolean_query([(tantivy.Occur.Should, make(field)) for field in self.fields])

    def build_query(self, query: dict) -> "tantivy.Query":
        """The tantivy query for one benchmark query."""
        schema, Query, Must = self.schema, tantivy.Query, tantivy.Occur.Must
        kind = query["class"]
        if kind == "infix":
            pattern = ".*" + re.escape(query["infix"]) + ".*"
            return self._any_field(lambda field: Query.regex_query(schema, field, pattern))
        clauses = []
        terms = query.get("terms") or []
        if query.get("phrase"):
            clauses.append(self._any_field(lambda field: Query.phrase_query(schema, field, terms)))
        else:
            for term in terms:
                clauses.append(self._any_field(lambda field, term=term: Query.term_query(schema, field, term)))
        prefix = query.get("prefix")
        if prefix:
            pattern = re.escape(prefix) + ".*"
            clauses.append(self._any_field(lambda field: Query.regex_query(schema, field, pattern)))
        if kind == "prefix+range":
            name = query["attribute"]
            is_float = self.numeric[name]
            low, high = (float(query["lo"]), float(query["hi"])) if is_float else (int(query["lo"]), int(query["hi"]))
            field_type = tantivy.FieldType.Float if is_float else tantivy.FieldType.Unsigned
            clauses.append(Query.range_query(schema, name, field_type, low, high))
        if kind == "prefix+domain":
            clauses.append(Query.term_query(schema, "domain", query["domain"]))
        if len(clauses) == 1:
            return clauses[0]
        return Query.boolean_query([(Must, clause) for clause in clauses])

    def prepare(self, query: dict, limit: int) -> Callable[[], list[str]]:
        """A closure that builds the query, searches, and returns the identifiers of the top hits."""
        searcher, build_query = self.searcher, self.build_query

        def run() -> list[str]:
            hits = searcher.search(build_query(query), limit, count=False).hits
            return [searcher.doc(address)["uid"][0] for _, address in hits]
        return run

    def close(self) -> None:
        self.searcher = None
        self.index = None
