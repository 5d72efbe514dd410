#!/usr/bin/env python3
"""Generate a synthetic Limelight corpus (JSONL, one item per line) with a Zipfian vocabulary.

    python3 Benchmarks/scripts/generate_corpus.py --count 1000000 --seed 1

Items are mail (40%), contacts (25%), recipes (20%) and reservations (15%). The output depends only on
--count, --seed and the word list (/usr/share/dict/words from Debian's `wamerican`, installed on demand
when running as root); it does not depend on --jobs. Items are generated in fixed-size chunks, each with
its own seeded random generator, by a pool of worker processes, and streamed to the file in order.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

from draws import Draws, ZipfSampler
from synthetic_items import ItemFactory
from zipf_vocabulary import ZipfVocabulary

CHUNK_SIZE = 5_000
DATA_DIRECTORY = Path(__file__).resolve().parent.parent / "data"

_factory: ItemFactory | None = None
_sampler: ZipfSampler | None = None


def corpus_name(count: int) -> str:
    """`synthetic-100k`, `synthetic-1m`, or `synthetic-<count>` for other sizes."""
    if count % 1_000_000 == 0:
        return f"synthetic-{count // 1_000_000}m"
    if count % 1_000 == 0:
        return f"synthetic-{count // 1_000}k"
    return f"synthetic-{count}"


def make_chunk(task: tuple[int, int, int, int]) -> bytes:
    """Generates items [start, start + count) of chunk `chunk` as JSONL bytes."""
    seed, chunk, start, count = task
    assert _factory is not None and _sampler is not None, "both are created before the pool starts"
    draws = Draws(_sampler, seed, chunk)
    lines = [json.dumps(_factory.make(index, draws), ensure_ascii=False, separators=(",", ":"))
             for index in range(start, start + count)]
    return ("\n".join(lines) + "\n").encode("utf-8")


def tasks(seed: int, total: int):
    """The chunks covering items 0 ..< total."""
    for chunk, start in enumerate(range(0, total, CHUNK_SIZE)):
        yield seed, chunk, start, min(CHUNK_SIZE, total - start)


def main() -> int:
    global _factory, _sampler
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, required=True, help="number of items")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--out", type=Path, help="output file (default Benchmarks/data/synthetic-<size>.jsonl)")
    parser.add_argument("--vocabulary-size", type=int, default=50_000, help="distinct word forms (default 50000)")
    parser.add_argument("--zipf-exponent", type=float, default=1.07, help="Zipf exponent s (default 1.07)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--no-install", action="store_true", help="never apt-get install the word list")
    args = parser.parse_args()
    if args.count < 1:
        parser.error("--count must be at least 1")

    started = time.perf_counter()
    vocabulary = ZipfVocabulary(args.seed, size=args.vocabulary_size, exponent=args.zipf_exponent,
                                allow_install=not args.no_install)
    _factory = ItemFactory(vocabulary)
    _sampler = ZipfSampler(vocabulary)
    out_path = args.out or DATA_DIRECTORY / f"{corpus_name(args.count)}.jsonl"
    out_path.parent.mkdir(parents=True, exist_ok=True)
    temporary = out_path.with_suffix(out_path.suffix + ".tmp")

    written = 0
    with open(temporary, "wb") as out:
        if args.jobs > 1:
            context = multiprocessing.get_context("fork")
            with context.Pool(args.jobs) as pool:
                for block in pool.imap(make_chunk, tasks(args.seed, args.count), chunksize=1):
                    out.write(block)
                    written += 1
        else:
            for task in tasks(args.seed, args.count):
                out.write(make_chunk(task))
                written += 1
    os.replace(temporary, out_path)

    elapsed = time.perf_counter() - started
    size = out_path.stat().st_size
    print(f"{args.count} items written to {out_path} in {elapsed:.1f} s "
          f"({args.count / elapsed:,.0f} items/s, {size / 1e6:.1f} MB, vocabulary {len(vocabulary.words)} "
          f"words from {vocabulary.source}, Zipf s={vocabulary.exponent})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
