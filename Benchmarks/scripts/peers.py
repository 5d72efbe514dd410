#!/usr/bin/env python3
"""Measure the peer engines (SQLite FTS5 with and without prefix indexes, tantivy) on a corpus and query set.

    python3 Benchmarks/scripts/peers.py --corpus Benchmarks/data/debian.jsonl \\
        --queries Benchmarks/data/debian.queries.jsonl --limit 20 --out Benchmarks/data/results-peers.json

For each engine: build the index from the corpus (timed); then, per query class, run the first `--warmup`
queries unmeasured, measure every query once, and measure further passes (up to `--repeat`) while the class
has used less than `--budget` seconds. Each measurement is time.perf_counter_ns() around building/executing the
query and fetching the identifiers of the top `--limit` hits, in this process, with the garbage collector
off. Prints a table and writes the numbers as JSON (format in Benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sqlite3
import sys
import time
from pathlib import Path

from corpus_fields import TEXT_FIELDS, numeric_value, read_items, searchable_fields
from peer_report import class_statistics, known_item_metrics, print_report
from peer_sqlite import SQLiteFTS5
from peer_tantivy import Tantivy, tantivy

ENGINES = ("sqlite-fts5", "sqlite-fts5-prefix", "tantivy")


def load_queries(path: str) -> list[dict]:
    """Reads the query file; every line needs `class` and `text`."""
    queries = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            query = json.loads(line)
            if not isinstance(query, dict) or "class" not in query or "text" not in query:
                raise ValueError(f"{path}:{number}: a query needs `class` and `text`")
            queries.append(query)
    return queries


def corpus_layout(items: list[dict], queries: list[dict]) -> tuple[list[str], dict[str, bool]]:
    """The text fields that occur in the corpus, and the range attributes (True when they need f64)."""
    present = set()
    for item in items:
        present.update(name for name, text in searchable_fields(item).items() if text)
        if len(present) == len(TEXT_FIELDS):
            break
    fields = [field for field in TEXT_FIELDS if field in present]
    numeric: dict[str, bool] = {}
    for name in sorted({query["attribute"] for query in queries if query.get("attribute")}):
        values = (numeric_value(item, name) for item in items)
        numeric[name] = any(value is not None and (not float(value).is_integer() or value < 0) for value in values)
    return fields, numeric


def measure(engine, items, values, queries, limit: int, repeat: int, warmup: int, budget: float) -> dict:
    """Builds the engine's index and times every query; returns the engine's result record.

    Per class: the first `warmup` queries run once unmeasured, then every query is measured once; further
    passes (up to `repeat` in all) run only while the class has used less than `budget` seconds.
    """
    load_before = os.getloadavg()
    started = time.perf_counter()
    engine.build(items, values)
    build_seconds = time.perf_counter() - started
    sizes = engine.index_bytes()
    runners = [engine.prepare(query, limit) for query in queries]
    timings: list[list[int]] = [[] for _ in queries]
    results: list[list[str]] = [[] for _ in queries]
    by_class: dict[str, list[int]] = {}
    for position, query in enumerate(queries):
        by_class.setdefault(query["class"], []).append(position)
    for name, positions in by_class.items():
        for position in positions[:warmup]:
            runners[position]()
        gc.collect()
        gc.disable()
        class_started = time.perf_counter()
        try:
            for attempt in range(repeat):
                if attempt > 0 and time.perf_counter() - class_started > budget:
                    break
                for position in positions:
                    run = runners[position]
                    begin = time.perf_counter_ns()
                    identifiers = run()
                    timings[position].append(time.perf_counter_ns() - begin)
                    if attempt == 0:
                        results[position] = identifiers
        finally:
            gc.enable()
        print(f"  {name}: {len(positions)} queries, {time.perf_counter() - class_started:.1f} s",
              file=sys.stderr, flush=True)
    record = {
        "engine": engine.name,
        "description": engine.description,
        "build_seconds": round(build_seconds, 3),
        "build_items_per_second": round(len(items) / build_seconds, 1),
        "index_bytes": sizes,
        "index_bytes_per_item": round(sizes["total"] / len(items), 1),
        "classes": class_statistics(queries, timings, results),
        # Other processes share the CPUs: the 1-minute load average before and after shows how much.
        "load_average": {"before": round(load_before[0], 2), "after": round(os.getloadavg()[0], 2)},
    }
    known = known_item_metrics(queries, results)
    if known is not None:
        record["known_item"] = known
    engine.close()
    return record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="most measured passes per class (default 3)")
    parser.add_argument("--warmup", type=int, default=50, help="unmeasured queries per class first (default 50)")
    parser.add_argument("--budget", type=float, default=20.0,
                        help="seconds per class after which no further measured pass starts (default 20)")
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated subset of " + ", ".join(ENGINES))
    parser.add_argument("--classes", help="comma-separated query classes to measure (default: all)")
    parser.add_argument("--work-dir", type=Path, help="where the indexes are built (default <corpus>.peers/)")
    parser.add_argument("--out", type=Path, help="JSON results (default <corpus directory>/results-peers.json)")
    args = parser.parse_args()

    chosen = [name.strip() for name in args.engines.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in ENGINES]
    if unknown:
        parser.error(f"unknown engine(s): {', '.join(unknown)}")
    corpus = Path(args.corpus)
    work = args.work_dir or corpus.with_name(corpus.name.removesuffix(".jsonl") + ".peers")
    work.mkdir(parents=True, exist_ok=True)
    out = args.out or corpus.with_name("results-peers.json")

    items = list(read_items(str(corpus)))
    queries = load_queries(args.queries)
    if args.classes:
        wanted = {name.strip() for name in args.classes.split(",")}
        queries = [query for query in queries if query["class"] in wanted]
        if not queries:
            parser.error(f"no queries of the classes {args.classes}")
    fields, numeric = corpus_layout(items, queries)

    def values(item: dict) -> tuple:
        texts = searchable_fields(item)
        return (item["uniqueIdentifier"], item.get("domainIdentifier"),
                *(numeric_value(item, name) for name in numeric), *(texts[field] for field in fields))

    engines = {
        "sqlite-fts5": lambda: SQLiteFTS5(str(work / "fts5.sqlite"), fields, list(numeric), False),
        "sqlite-fts5-prefix": lambda: SQLiteFTS5(str(work / "fts5-prefix.sqlite"), fields, list(numeric), True),
        "tantivy": lambda: Tantivy(str(work / "tantivy"), fields, numeric),
    }
    report = {
        "corpus": str(corpus), "items": len(items), "queries": args.queries, "query_count": len(queries),
        "limit": args.limit, "repeat": args.repeat, "warmup": args.warmup, "budget_seconds": args.budget, "fields": fields, "range_attributes": list(numeric),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "sqlite": sqlite3.sqlite_version, "tantivy": getattr(tantivy, "__version__", "unknown")},
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "engines": {},
    }
    for name in chosen:
        print(f"{name}: building and measuring…", file=sys.stderr, flush=True)
        report["engines"][name] = measure(engines[name](), items, values, queries, args.limit, args.repeat,
                                           args.warmup, args.budget)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print_report(report)
    print(f"\nJSON written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
