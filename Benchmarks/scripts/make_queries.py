#!/usr/bin/env python3
"""Derive the benchmark query sets from a corpus (deterministic for a corpus and a seed).

    python3 Benchmarks/scripts/make_queries.py --corpus Benchmarks/data/debian.jsonl

writes Benchmarks/data/debian.queries.jsonl, one query per line. Classes (see Benchmarks/README.md):
prefix1, prefix2, prefix3, prefix4plus, word+prefix, prefix+range, prefix+domain, phrase, infix, known-item.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from corpus_fields import LETTERS, QUERY_WORD, TOKEN, count_signature, read_items, tokens, word_counts
from corpus_statistics import CorpusStatistics, FrequencySampler, SampledItem

PREFIX_CLASSES = {"prefix1": 1, "prefix2": 2, "prefix3": 3, "prefix4plus": 4}
ITEM_TEXT_FIELDS = ("textContent", "title", "extra")


def query_words(text: str) -> list[str]:
    """The tokens of `text` that are usable as query words."""
    return [word for word in tokens(text) if QUERY_WORD.match(word)]


def typed_prefix(rng: random.Random, word: str, longest: int = 4) -> str:
    """A prefix of `word` of 1…min(len, longest) characters, as typed so far."""
    return word[:rng.randint(1, min(len(word), longest))]


class QueryBuilder:
    """Builds each query class from the corpus statistics with one seeded generator per class."""

    def __init__(self, statistics: CorpusStatistics, seed: int) -> None:
        self.statistics = statistics
        self.seed = seed
        self.attribute = statistics.range_attribute()

    def rng(self, name: str) -> random.Random:
        return random.Random(f"{name}:{self.seed}")

    def prefixes(self, name: str, length: int, count: int) -> list[dict]:
        """Prefixes of corpus words (weighted by frequency) of exactly `length`, or 4–10 for prefix4plus."""
        rng = self.rng(name)
        sampler = FrequencySampler(self.statistics, length)
        queries = []
        for _ in range(count):
            word = sampler.draw(rng)
            prefix = word[:rng.randint(4, min(len(word), 10))] if length == 4 else word[:length]
            queries.append({"class": name, "text": prefix, "terms": [], "prefix": prefix})
        return queries

    def sample_items(self, rng: random.Random, count: int, accept) -> list[tuple[SampledItem, dict]]:
        """Up to `count` draws from the sample, keeping those for which `accept` returns a query."""
        found, attempts = [], 0
        while len(found) < count and attempts < count * 50 and self.statistics.sample:
            attempts += 1
            item = rng.choice(self.statistics.sample)
            query = accept(rng, item)
            if query is not None:
                query["source"] = item.identifier
                found.append(query)
        return found

    def word_plus_prefix(self, count: int) -> list[dict]:
        """A complete word, then a prefix of another word of the same field of the same item."""
        def accept(rng, item):
            words = query_words(item.fields[rng.choice(ITEM_TEXT_FIELDS)])
            first_choices = [word for word in words if len(word) >= 3]
            if not first_choices:
                return None
            first = rng.choice(first_choices)
            others = [word for word in words if word != first]
            if not others:
                return None
            prefix = typed_prefix(rng, rng.choice(others), 6)
            return {"class": "word+prefix", "text": f"{first} {prefix}", "terms": [first], "prefix": prefix}
        return self.sample_items(self.rng("word+prefix"), count, accept)

    def prefix_and_range(self, count: int) -> list[dict]:
        """A prefix of a word of an item plus a numeric range (2–50% of the values) that holds that item."""
        attribute = self.attribute
        if attribute is None:
            return []
        def accept(rng, item):
            value = item.numbers.get(attribute)
            words = query_words(" ".join(item.fields.values()))
            if value is None or not words:
                return None
            prefix = typed_prefix(rng, rng.choice(words))
            width = rng.uniform(0.02, 0.5)
            position = self.statistics.quantile_position(attribute, value)
            low_quantile = max(0.0, position - width * rng.random())
            low = min(value, self.statistics.value_at(attribute, low_quantile))
            high = max(value, self.statistics.value_at(attribute, min(1.0, low_quantile + width)))
            return {"class": "prefix+range", "text": prefix, "terms": [], "prefix": prefix,
                    "attribute": attribute, "lo": low, "hi": high}
        return self.sample_items(self.rng("prefix+range"), count, accept)

    def prefix_and_domain(self, count: int) -> list[dict]:
        """A prefix of a word of an item plus that item's domain identifier."""
        def accept(rng, item):
            words = query_words(" ".join(item.fields.values()))
            if not item.domain or not words:
                return None
            prefix = typed_prefix(rng, rng.choice(words))
            return {"class": "prefix+domain", "text": prefix, "terms": [], "prefix": prefix, "domain": item.domain}
        return self.sample_items(self.rng("prefix+domain"), count, accept)

    def phrases(self, count: int) -> list[dict]:
        """Two or three consecutive words of one field, separated only by spaces in the source text."""
        def accept(rng, item):
            text = item.fields[rng.choice(ITEM_TEXT_FIELDS)]
            matches = list(TOKEN.finditer(text))
            length = rng.choice((2, 2, 3))
            if len(matches) < length:
                return None
            start = rng.randrange(len(matches) - length + 1)
            window = matches[start:start + length]
            words = [match.group().lower() for match in window]
            gaps = [text[left.end():right.start()] for left, right in zip(window, window[1:])]
            if not all(QUERY_WORD.match(word) for word in words) or any(gap != " " for gap in gaps):
                return None
            return {"class": "phrase", "text": " ".join(words), "terms": words, "prefix": None, "phrase": True}
        return self.sample_items(self.rng("phrase"), count, accept)

    def infixes(self, count: int) -> list[dict]:
        """A 3–5 letter substring strictly inside a word (neither its start nor its end), weighted by frequency."""
        rng = self.rng("infix")
        sampler = FrequencySampler(self.statistics, 5, letters_only=True)
        queries = []
        while len(queries) < count:
            word = sampler.draw(rng)
            length = rng.randint(3, min(5, len(word) - 2))
            start = rng.randint(1, len(word) - length - 1)
            infix = word[start:start + length]
            queries.append({"class": "infix", "text": infix, "terms": [], "prefix": None, "infix": infix})
        return queries

    def known_items(self, count: int) -> list[dict]:
        """2–3 rare words of an item's textContent (only items whose textContent is unique), one per item."""
        statistics = self.statistics
        most = max(20, round(statistics.item_count * 0.001))
        def accept(rng, item):
            text = item.fields["textContent"]
            if not text or statistics.text_content_copies[hash(text)] != 1:
                return None
            rare = sorted({word for word in query_words(text) if LETTERS.match(word) and len(word) >= 3
                           and 2 <= statistics.document_frequency[word] <= most})
            size = rng.choice((2, 3))
            if len(rare) < size:
                return None
            words = rng.sample(rare, size)
            return {"class": "known-item", "text": " ".join(words), "terms": words, "prefix": None,
                    "expected": item.identifier}
        queries = self.sample_items(self.rng("known-item"), count * 3, accept)
        unique, seen = [], set()
        for query in queries:
            if query["expected"] not in seen and len(unique) < count:
                seen.add(query["expected"])
                unique.append(query)
        return unique


def describe_known_items(path: str, queries: list[dict]) -> None:
    """Adds `matches` and `equivalents` to each known-item query (second pass over the corpus).

    `matches` counts the items that contain every query word. `equivalents` lists the other items that hold
    every query word exactly as often in every field as the expected item: the words cannot tell them apart
    (Debian's `foo-dev` / `foo-doc` siblings), so a ranking that puts one of them first has found the item
    as well as the words allow.
    """
    wanted = {word for query in queries for word in query["terms"]}
    holders: dict[int, list[tuple[str, tuple]]] = {index: [] for index in range(len(queries))}
    by_first: dict[str, list[int]] = {}
    for index, query in enumerate(queries):
        by_first.setdefault(query["terms"][0], []).append(index)
    for item in read_items(path):
        per_field = word_counts(item, wanted)
        present = {word for counts in per_field.values() for word in counts}
        for word in present & by_first.keys():
            for index in by_first[word]:
                terms = queries[index]["terms"]
                if all(term in present for term in terms):
                    holders[index].append((item["uniqueIdentifier"], count_signature(per_field, terms)))
    for index, query in enumerate(queries):
        found = holders[index]
        expected = next((signature for identifier, signature in found if identifier == query["expected"]), None)
        query["matches"] = len(found)
        query["equivalents"] = sorted(identifier for identifier, signature in found
                                      if signature == expected and identifier != query["expected"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", required=True, help="corpus JSONL")
    parser.add_argument("--out", type=Path, help="default: <corpus directory>/<corpus name>.queries.jsonl")
    parser.add_argument("--per-class", type=int, default=500, help="queries per class (default 500)")
    parser.add_argument("--known-items", type=int, default=300, help="known-item queries (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    started = time.perf_counter()
    corpus = Path(args.corpus)
    out = args.out or corpus.with_name(corpus.name.removesuffix(".jsonl") + ".queries.jsonl")
    statistics = CorpusStatistics.scan(str(corpus), args.seed)
    builder = QueryBuilder(statistics, args.seed)
    queries = []
    for name, length in PREFIX_CLASSES.items():
        queries += builder.prefixes(name, length, args.per_class)
    queries += builder.word_plus_prefix(args.per_class)
    queries += builder.prefix_and_range(args.per_class)
    queries += builder.prefix_and_domain(args.per_class)
    queries += builder.phrases(args.per_class)
    queries += builder.infixes(args.per_class)
    known = builder.known_items(args.known_items)
    describe_known_items(str(corpus), known)
    queries += known

    counts: dict[str, int] = {}
    with open(out, "w", encoding="utf-8") as handle:
        for query in queries:
            counts[query["class"]] = counts.get(query["class"], 0) + 1
            query = {"id": f"{query['class']}-{counts[query['class']]}", **query}
            handle.write(json.dumps(query, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{len(queries)} queries from {statistics.item_count} items written to {out} in "
          f"{time.perf_counter() - started:.1f} s: " + ", ".join(f"{name} {n}" for name, n in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
