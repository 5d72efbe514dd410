"""How well any term-count ranking can do on the known-item queries of a query set.

A known-item query is 2–3 rare words of one item's textContent, and that item is the expected first hit.
Debian has many sibling packages (`foo-dev`, `foo-doc`, `libfoo1`, …) whose descriptions share those
words. When another matching item has exactly the same count of every query word in every searchable
field as the expected item, no ranking built from term counts and field weights can prefer the expected
one except by chance (length normalisation and tie-breaking only pick one of them arbitrarily).

This script counts those indistinguishable groups and prints the expected success@1 of a ranker that is
perfect on everything else and picks uniformly within each group: an upper bound for BM25-style rankers
on this query set.

Usage: python3 Benchmarks/scripts/known_item_ceiling.py --corpus Benchmarks/data/debian.jsonl \
           --queries Benchmarks/data/debian.queries.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from corpus_fields import count_signature, read_items, word_counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", required=True, help="the corpus (JSONL items)")
    parser.add_argument("--queries", required=True, help="the query file (<corpus>.queries.jsonl)")
    args = parser.parse_args()

    with open(args.queries, encoding="utf-8") as handle:
        queries = [query for query in map(json.loads, filter(str.strip, handle)) if query["class"] == "known-item"]
    wanted = {word for query in queries for word in query["terms"]}

    # Per item and field: counts of the query words only (keeps memory small).
    counts: dict[str, dict[str, dict[str, int]]] = {}
    holders: dict[str, set[str]] = defaultdict(set)
    for item in read_items(args.corpus):
        per_field = word_counts(item, wanted)
        if per_field:
            counts[item["uniqueIdentifier"]] = per_field
            for field_counts in per_field.values():
                for word in field_counts:
                    holders[word].add(item["uniqueIdentifier"])

    def signature(identifier: str, terms: list[str]) -> tuple:
        return count_signature(counts.get(identifier, {}), terms)

    bound = 0.0
    ambiguous = 0
    for query in queries:
        terms = query["terms"]
        matching = set.intersection(*(holders[term] for term in terms)) if terms else set()
        expected = signature(query["expected"], terms)
        twins = sum(1 for identifier in matching if signature(identifier, terms) == expected)
        twins = max(twins, 1)
        bound += 1 / twins
        ambiguous += twins > 1
    total = max(len(queries), 1)
    print(f"{len(queries)} known-item queries; {ambiguous} have items indistinguishable from the expected one "
          f"by per-field word counts")
    print(f"success@1 ceiling for term-count rankers (uniform choice among indistinguishable items): "
          f"{bound / total:.3f}")


if __name__ == "__main__":
    main()
