"""A ranked vocabulary with Zipfian word frequencies, built deterministically from a seed.

Rank 1 is the most frequent word; a word of rank r is drawn with probability proportional to 1 / r**s.
The top ranks are the most frequent English words; the rest mixes dictionary words (from
/usr/share/dict/words when present) with generated pronounceable words, shorter words tending to rank
higher, as in real text.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import shutil
import subprocess
import sys

from corpus_lexicon import FREQUENT_WORDS

DICTIONARY_PATH = "/usr/share/dict/words"
_DICTIONARY_WORD = re.compile(r"^[a-zà-öø-ÿ]{2,14}$")
_ONSETS = ["b", "br", "c", "ch", "cl", "d", "dr", "f", "fl", "g", "gr", "h", "j", "k", "l", "m", "n", "p",
           "pl", "pr", "r", "s", "sh", "sk", "st", "t", "th", "tr", "v", "w", "z", ""]
_VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ou", "io", "y"]
_CODAS = ["", "", "", "n", "r", "s", "l", "m", "t", "x", "nd", "rk", "st"]


def ensure_dictionary(allow_install: bool) -> bool:
    """Installs the `wamerican` word list with apt when it is missing and we are allowed to (root only)."""
    if os.path.exists(DICTIONARY_PATH):
        return True
    if not allow_install or os.geteuid() != 0 or shutil.which("apt-get") is None:
        return False
    print("installing wamerican for /usr/share/dict/words", file=sys.stderr)
    for command in (["apt-get", "install", "-y", "-q", "wamerican"],
                    ["sh", "-c", "apt-get update -q && apt-get install -y -q wamerican"]):
        if subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            break
    return os.path.exists(DICTIONARY_PATH)


def dictionary_words() -> list[str]:
    """Lowercase dictionary words of 2–14 letters (possessives and proper names dropped), sorted."""
    if not os.path.exists(DICTIONARY_PATH):
        return []
    with open(DICTIONARY_PATH, encoding="utf-8", errors="replace") as handle:
        return sorted({line.strip() for line in handle if _DICTIONARY_WORD.match(line.strip())})


def capitalized_dictionary_words() -> list[str]:
    """Proper names from the dictionary (used as surnames and venue names), sorted."""
    if not os.path.exists(DICTIONARY_PATH):
        return []
    with open(DICTIONARY_PATH, encoding="utf-8", errors="replace") as handle:
        return sorted({line.strip() for line in handle if re.match(r"^[A-Z][a-z]{3,11}$", line.strip())})


def pronounceable_word(rng: random.Random) -> str:
    """A made-up word of two to four syllables."""
    syllables = rng.choice((2, 2, 3, 3, 3, 4))
    return "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS) for _ in range(syllables))


class ZipfVocabulary:
    """Ranked word forms, their cumulative Zipf probabilities, and the names used for people and places."""

    def __init__(self, seed: int, size: int = 50_000, exponent: float = 1.07,
                 generated_share: float = 0.2, allow_install: bool = True) -> None:
        rng = random.Random(f"vocabulary:{seed}")
        has_dictionary = ensure_dictionary(allow_install)
        self.source = DICTIONARY_PATH if has_dictionary else "generated words only"
        head = list(dict.fromkeys(FREQUENT_WORDS))
        taken = set(head)
        dictionary = [word for word in dictionary_words() if word not in taken]
        rest_count = size - len(head)
        from_dictionary = min(len(dictionary), int(rest_count * (1 - generated_share)))
        chosen = rng.sample(dictionary, from_dictionary)
        taken.update(chosen)
        while len(chosen) < rest_count:
            word = pronounceable_word(rng)
            if word not in taken:
                taken.add(word)
                chosen.append(word)
        # Shorter words tend to be more frequent; the noise keeps the order from being strict.
        chosen.sort(key=lambda word: (len(word) + rng.gauss(0.0, 2.5), word))
        self.words: list[str] = head + chosen
        self.exponent = exponent
        weights = [1.0 / rank ** exponent for rank in range(1, len(self.words) + 1)]
        total = sum(weights)
        self.cumulative_probabilities = [running / total for running in itertools.accumulate(weights)]
        surnames = capitalized_dictionary_words()
        self.surnames = surnames if surnames else [pronounceable_word(rng).capitalize() for _ in range(3000)]
