"""Statistics and the printed table for the peer benchmark."""

from __future__ import annotations

import math

CLASS_ORDER = ["prefix1", "prefix2", "prefix3", "prefix4plus", "word+prefix", "prefix+range", "prefix+domain",
               "phrase", "infix", "known-item"]


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list (fraction 0.5 for p50, 0.99 for p99)."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def class_statistics(queries: list[dict], timings: list[list[int]], results: list[list[str]]) -> dict:
    """Per query class: number of queries and samples, p50/p90/p99/mean/max in µs, mean hits returned."""
    by_class: dict[str, tuple[list[float], list[int]]] = {}
    for query, samples, identifiers in zip(queries, timings, results):
        durations, hits = by_class.setdefault(query["class"], ([], []))
        durations.extend(nanoseconds / 1000 for nanoseconds in samples)
        hits.append(len(identifiers))
    statistics = {}
    for name in sorted(by_class, key=lambda name: (CLASS_ORDER.index(name) if name in CLASS_ORDER else 99, name)):
        durations, hits = by_class[name]
        durations.sort()
        statistics[name] = {
            "queries": len(hits),
            "samples": len(durations),
            "p50_us": round(percentile(durations, 0.50), 2),
            "p90_us": round(percentile(durations, 0.90), 2),
            "p99_us": round(percentile(durations, 0.99), 2),
            "mean_us": round(sum(durations) / len(durations), 2),
            "max_us": round(durations[-1], 2),
            "mean_hits": round(sum(hits) / len(hits), 2),
            "empty_results": sum(1 for count in hits if count == 0),
        }
    return statistics


def known_item_metrics(queries: list[dict], results: list[list[str]]) -> dict | None:
    """success@1 and MRR@10 over the known-item queries (their words ANDed).

    A hit counts as the known item when it is the expected item or one of its `equivalents` (items holding
    every query word exactly as often in every field); `exact_success_at_1` counts the expected item only.
    """
    ranks, exact = [], 0
    for query, identifiers in zip(queries, results):
        if query["class"] != "known-item" or not query.get("expected"):
            continue
        found = {query["expected"], *query.get("equivalents", [])}
        ranks.append(next((rank for rank, identifier in enumerate(identifiers, start=1) if identifier in found), None))
        exact += bool(identifiers) and identifiers[0] == query["expected"]
    if not ranks:
        return None
    return {
        "queries": len(ranks),
        "success_at_1": round(sum(1 for rank in ranks if rank == 1) / len(ranks), 4),
        "exact_success_at_1": round(exact / len(ranks), 4),
        "mrr_at_10": round(sum(1 / rank for rank in ranks if rank is not None and rank <= 10) / len(ranks), 4),
        "found_in_top_limit": round(sum(1 for rank in ranks if rank is not None) / len(ranks), 4),
    }


def _format_bytes(count: int) -> str:
    return f"{count / 1e6:,.1f} MB"


def print_report(report: dict) -> None:
    """A fixed-width table: p50/p99 in µs per class and engine, then build, size and relevance."""
    engines = report["engines"]
    names = list(engines)
    print(f"\nCorpus {report['corpus']}: {report['items']} items; {report['query_count']} queries; "
          f"top-{report['limit']}; up to {report['repeat']} measured passes per class (budget "
          f"{report['budget_seconds']:g} s) after {report['warmup']} warm-up queries; "
          f"{report['machine']['cpus']} CPUs; SQLite {report['machine']['sqlite']}, "
          f"tantivy {report['machine']['tantivy']}")
    header = f"{'class':<14}" + "".join(f"{name + ' p50/p99 µs':>34}" for name in names)
    print(header)
    print("-" * len(header))
    classes = []
    for record in engines.values():
        classes += [name for name in record["classes"] if name not in classes]
    for name in classes:
        cells = []
        for engine in names:
            stats = engines[engine]["classes"].get(name)
            cells.append(f"{stats['p50_us']:>12,.1f} / {stats['p99_us']:>10,.1f} ({stats['mean_hits']:>4.1f} hits)"
                         if stats else "n/a")
        print(f"{name:<14}" + "".join(f"{cell:>34}" for cell in cells))
    print()
    for engine in names:
        record = engines[engine]
        known = record.get("known_item")
        relevance = (f"known-item success@1 {known['success_at_1']:.3f} (expected item itself {known.get('exact_success_at_1', 0):.3f}), MRR@10 {known['mrr_at_10']:.3f}"
                     if known else "no known-item queries")
        print(f"{engine:<20} build {record['build_seconds']:>7.1f} s ({record['build_items_per_second']:>9,.0f} "
              f"items/s), index {_format_bytes(record['index_bytes']['total'])} "
              f"({record['index_bytes_per_item']:,.0f} B/item; text index "
              f"{_format_bytes(record['index_bytes']['text_index'])}), {relevance}"
              + (f"; load average {record['load_average']['before']} → {record['load_average']['after']}"
                 if "load_average" in record else ""))
