"""One streaming pass over a corpus: word frequencies, document frequencies, numeric values and a sample.

The sample is a seeded reservoir of items (uniform over the corpus), from which the item-based query
classes are drawn; frequencies cover the whole corpus.
"""

from __future__ import annotations

import bisect
import collections
import itertools
import random
from dataclasses import dataclass, field

from corpus_fields import QUERY_WORD, read_items, searchable_fields, tokens


@dataclass
class SampledItem:
    """What the query builders need of one item."""

    identifier: str
    domain: str | None
    numbers: dict[str, float]
    fields: dict[str, str]


@dataclass
class CorpusStatistics:
    """Frequencies over the whole corpus plus a uniform sample of items."""

    item_count: int = 0
    collection_frequency: collections.Counter = field(default_factory=collections.Counter)
    document_frequency: collections.Counter = field(default_factory=collections.Counter)
    numeric_values: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    # Keyed by `hash(textContent)`: only compared within one run, so the per-process hash seed is harmless.
    text_content_copies: collections.Counter = field(default_factory=collections.Counter)
    sample: list[SampledItem] = field(default_factory=list)

    @classmethod
    def scan(cls, path: str, seed: int, sample_size: int = 20_000) -> "CorpusStatistics":
        """Reads the corpus once."""
        statistics = cls()
        rng = random.Random(f"reservoir:{seed}")
        for item in read_items(path):
            statistics.item_count += 1
            fields = searchable_fields(item)
            item_tokens = tokens(" ".join(fields.values()))
            statistics.collection_frequency.update(item_tokens)
            statistics.document_frequency.update(set(item_tokens))
            attributes = item.get("attributes") or {}
            numbers = {name: value for name, value in attributes.items()
                       if isinstance(value, (int, float)) and not isinstance(value, bool)}
            for name, value in numbers.items():
                statistics.numeric_values[name].append(value)
            if fields["textContent"]:
                statistics.text_content_copies[hash(fields["textContent"])] += 1
            sampled = SampledItem(item["uniqueIdentifier"], item.get("domainIdentifier"), numbers, fields)
            if len(statistics.sample) < sample_size:
                statistics.sample.append(sampled)
            else:
                slot = rng.randrange(statistics.item_count)
                if slot < sample_size:
                    statistics.sample[slot] = sampled
        for values in statistics.numeric_values.values():
            values.sort()
        return statistics

    def range_attribute(self) -> str | None:
        """`fileSize` when at least 30% of items carry it, else the most common numeric attribute."""
        if len(self.numeric_values.get("fileSize", ())) >= 0.3 * self.item_count:
            return "fileSize"
        common = sorted(self.numeric_values.items(), key=lambda entry: (-len(entry[1]), entry[0]))
        return common[0][0] if common else None

    def quantile_position(self, attribute: str, value: float) -> float:
        """Where `value` falls among the attribute's values, from 0 to 1."""
        values = self.numeric_values[attribute]
        return bisect.bisect_left(values, value) / max(1, len(values) - 1)

    def value_at(self, attribute: str, quantile: float) -> float:
        """The attribute's value at a quantile between 0 and 1."""
        values = self.numeric_values[attribute]
        return values[min(len(values) - 1, max(0, round(quantile * (len(values) - 1))))]


class FrequencySampler:
    """Draws query words in proportion to how often they occur in the corpus."""

    def __init__(self, statistics: CorpusStatistics, minimum_length: int, letters_only: bool = False) -> None:
        eligible = sorted(word for word in statistics.collection_frequency
                          if len(word) >= minimum_length and QUERY_WORD.match(word)
                          and (not letters_only or word.isalpha()))
        if not eligible:
            raise ValueError(f"the corpus has no query words of {minimum_length} or more characters")
        self.words = eligible
        self.cumulative = list(itertools.accumulate(statistics.collection_frequency[word] for word in eligible))

    def draw(self, rng: random.Random) -> str:
        """One word, weighted by collection frequency."""
        return rng.choices(self.words, cum_weights=self.cumulative)[0]
