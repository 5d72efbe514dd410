"""Copy a JSONL corpus without some attributes, e.g. the small-items corpus of the indexing benchmark:

    python3 Benchmarks/scripts/drop_attributes.py Benchmarks/data/synthetic-100k.jsonl \
        Benchmarks/data/small-100k.jsonl --drop textContent

Items keep their order and every other member; an item that lacks a dropped attribute is copied as it is.
"""

from __future__ import annotations

import argparse
import json


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", help="corpus to read (JSON lines in the `limelight index` format)")
    parser.add_argument("destination", help="corpus to write")
    parser.add_argument("--drop", action="append", required=True, metavar="ATTRIBUTE",
                        help="attribute to leave out (repeat for several)")
    arguments = parser.parse_args()
    dropped = set(arguments.drop)
    count = 0
    with open(arguments.source, encoding="utf-8") as source, open(arguments.destination, "w", encoding="utf-8") as destination:
        for line in source:
            if not line.strip():
                continue
            item = json.loads(line)
            attributes = item.get("attributes", {})
            for name in dropped:
                attributes.pop(name, None)
            destination.write(json.dumps(item, ensure_ascii=False) + "\n")
            count += 1
    print(f"{count} items written to {arguments.destination} without {', '.join(sorted(dropped))}")


if __name__ == "__main__":
    main()
