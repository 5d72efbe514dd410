"""How the benchmark scripts read corpus items: searchable fields, tokens and the numeric range attribute.

Every engine in the comparison indexes the same five text fields of an item:

- `displayName`, `title`, `keywords` (entries joined by newlines) and `textContent`, and
- `extra`: every other string or list-of-strings attribute except dates (attribute names ending in
  `Date`), e.g. `authorNames`, `recipientNames`, `contentDescription`, `namedLocation`, `city`,
  `emailAddresses`, `phoneNumbers`. It is empty for the Debian corpus.

Tokens are maximal runs of Unicode letters and digits (`[^\\W_]+`), lowercased: the same split SQLite
FTS5's unicode61 tokenizer and tantivy's default tokenizer make. Query words are restricted to ASCII
(`[a-z][a-z0-9]*`, at most 20 characters) so that diacritic folding, which the engines do differently,
never decides a result.
"""

from __future__ import annotations

import json
import re
from typing import Iterator

TEXT_FIELDS = ("displayName", "title", "keywords", "textContent", "extra")
TOKEN = re.compile(r"[^\W_]+")
QUERY_WORD = re.compile(r"[a-z][a-z0-9]{0,19}\Z")
LETTERS = re.compile(r"[a-z]+\Z")


def read_items(path: str) -> Iterator[dict]:
    """Yields the items of a JSONL corpus, skipping blank lines; a malformed line raises ValueError."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as error:
                raise ValueError(f"{path}:{number}: not a JSON object: {error}") from error
            if not isinstance(item, dict) or not isinstance(item.get("uniqueIdentifier"), str):
                raise ValueError(f"{path}:{number}: an item needs a string uniqueIdentifier")
            yield item


def _as_text(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(entry for entry in value if isinstance(entry, str))
    return ""


def searchable_fields(item: dict) -> dict[str, str]:
    """The five text fields of an item (missing ones are empty strings)."""
    attributes = item.get("attributes") or {}
    fields = {name: _as_text(attributes.get(name)) for name in TEXT_FIELDS[:-1]}
    extra = [_as_text(value) for name, value in attributes.items()
             if name not in fields and not name.endswith("Date")]
    fields["extra"] = "\n".join(text for text in extra if text)
    return fields


def tokens(text: str) -> list[str]:
    """Lowercased letter-and-digit runs of `text`."""
    return TOKEN.findall(text.lower())


def numeric_value(item: dict, attribute: str) -> float | None:
    """The item's numeric attribute, or None when it is absent or not a number."""
    value = (item.get("attributes") or {}).get(attribute)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def word_counts(item: dict, words: set[str]) -> dict[str, dict[str, int]]:
    """How often each of `words` occurs in each searchable field of the item (fields without any left out)."""
    per_field: dict[str, dict[str, int]] = {}
    for name, text in searchable_fields(item).items():
        for token in tokens(text):
            if token in words:
                counts = per_field.setdefault(name, {})
                counts[token] = counts.get(token, 0) + 1
    return per_field


def count_signature(per_field: dict[str, dict[str, int]], terms: list[str]) -> tuple:
    """The count of every term in every searchable field: items with equal signatures are indistinguishable
    by those terms to any ranking built from term counts and field weights."""
    return tuple(tuple(per_field.get(name, {}).get(term, 0) for term in terms) for name in TEXT_FIELDS)
