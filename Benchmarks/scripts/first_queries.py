"""Copy the first queries of each class of a query set, for peers too slow to run them all (FTS5 takes
seconds per short prefix on the 1M-item corpus):

    python3 Benchmarks/scripts/first_queries.py Benchmarks/data/synthetic-1m.queries.jsonl \
        Benchmarks/data/synthetic-1m.queries-50.jsonl --per-class 50

Queries keep their order and every member.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", help="query set to read (`make_queries.py` output)")
    parser.add_argument("destination", help="query set to write")
    parser.add_argument("--per-class", type=int, required=True, help="queries kept per class")
    arguments = parser.parse_args()
    kept: Counter[str] = Counter()
    with open(arguments.source, encoding="utf-8") as source, open(arguments.destination, "w", encoding="utf-8") as destination:
        for line in source:
            if not line.strip():
                continue
            query_class = json.loads(line)["class"]
            if kept[query_class] < arguments.per_class:
                kept[query_class] += 1
                destination.write(line if line.endswith("\n") else line + "\n")
    print(f"{sum(kept.values())} queries written to {arguments.destination}: "
          + ", ".join(f"{name} {count}" for name, count in kept.items()))


if __name__ == "__main__":
    main()
