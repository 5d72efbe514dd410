"""Seeded random draws for the corpus generator: cheap scalar picks plus a stream of Zipfian words.

Scalar picks use Python's `random.Random`; words come in large vectorized blocks from NumPy's PCG64
generator (installed with pip on first use if missing). Both are seeded from the same key, so a chunk of
items is reproducible on any machine.
"""

from __future__ import annotations

import random
import subprocess
import sys

try:
    import numpy
except ImportError:  # pragma: no cover - depends on the machine
    print("installing numpy with pip", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "numpy"], check=True)
    import numpy

from zipf_vocabulary import ZipfVocabulary

_WORD_BLOCK = 1 << 18


class ZipfSampler:
    """The vocabulary as NumPy arrays, shared (read-only) by every `Draws`."""

    def __init__(self, vocabulary: ZipfVocabulary) -> None:
        self.vocabulary = vocabulary
        self.words = numpy.array(vocabulary.words, dtype=object)
        self.cumulative = numpy.array(vocabulary.cumulative_probabilities, dtype=numpy.float64)


class Draws:
    """All random decisions for one chunk of items."""

    def __init__(self, sampler: ZipfSampler, *key: int) -> None:
        self._sampler = sampler
        self._scalars = random.Random(":".join(str(part) for part in ("scalars",) + key))
        self._vectors = numpy.random.Generator(numpy.random.PCG64(numpy.random.SeedSequence(list(key))))
        self.random = self._scalars.random
        self._buffer: list[str] = []
        self._position = 0

    def below(self, limit: int) -> int:
        """A uniform integer in 0 ..< limit."""
        return int(self.random() * limit)

    def between(self, low: int, high: int) -> int:
        """A uniform integer in low ... high."""
        return low + int(self.random() * (high - low + 1))

    def pick(self, values):
        """A uniformly chosen element of a non-empty sequence."""
        return values[int(self.random() * len(values))]

    def sample(self, values, count: int) -> list:
        """`count` distinct elements, in random order."""
        return self._scalars.sample(values, count)

    def gauss(self, mean: float, deviation: float) -> float:
        """A normally distributed number."""
        return self._scalars.gauss(mean, deviation)

    def lognormal(self, mu: float, sigma: float) -> float:
        """A log-normally distributed number."""
        return self._scalars.lognormvariate(mu, sigma)

    def pareto(self, alpha: float) -> float:
        """A Pareto-distributed number ≥ 1."""
        return self._scalars.paretovariate(alpha)

    def words(self, count: int) -> list[str]:
        """The next `count` words of this chunk's Zipfian word stream."""
        if self._position + count > len(self._buffer):
            uniform = self._vectors.random(max(_WORD_BLOCK, count))
            indices = numpy.searchsorted(self._sampler.cumulative, uniform, side="right")
            numpy.minimum(indices, len(self._sampler.cumulative) - 1, out=indices)
            self._buffer = self._buffer[self._position:] + self._sampler.words[indices].tolist()
            self._position = 0
        start = self._position
        self._position += count
        return self._buffer[start:self._position]

    def sentence(self, low: int, high: int, capitalized: bool = True) -> str:
        """A sentence of `low`…`high` Zipfian words with an occasional comma, ending in a period."""
        words = self.words(self.between(low, high))
        if len(words) > 9 and self.random() < 0.5:
            words[3 + self.below(len(words) - 6)] += ","
        text = " ".join(words)
        if capitalized:
            text = text[:1].upper() + text[1:]
        return text + "."

    def paragraph(self, low: int, high: int) -> str:
        """`low`…`high` sentences of 5–18 words."""
        return " ".join(self.sentence(5, 18) for _ in range(self.between(low, high)))
