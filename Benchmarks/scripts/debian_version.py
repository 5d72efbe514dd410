"""Debian version ordering (epoch, upstream version, revision), as described in Debian Policy 5.6.12."""

from __future__ import annotations


def _split(version: str) -> tuple[int, str, str]:
    """Splits `[epoch:]upstream[-revision]` into its three parts."""
    epoch = 0
    if ":" in version:
        head, _, version = version.partition(":")
        epoch = int(head) if head.isdigit() else 0
    upstream, revision = version, "0"
    if "-" in version:
        upstream, _, revision = version.rpartition("-")
    return epoch, upstream, revision


def _character_order(character: str) -> int:
    """Sort weight of one character in a non-digit run: '~' lowest, then end, letters, others."""
    if character == "~":
        return -1
    if character.isalpha():
        return ord(character)
    return ord(character) + 256


def _compare_part(left: str, right: str) -> int:
    """Compares an upstream version or revision string by alternating non-digit and digit runs."""
    i = j = 0
    while i < len(left) or j < len(right):
        first_difference = 0
        while (i < len(left) and not left[i].isdigit()) or (j < len(right) and not right[j].isdigit()):
            a = _character_order(left[i]) if i < len(left) and not left[i].isdigit() else 0
            b = _character_order(right[j]) if j < len(right) and not right[j].isdigit() else 0
            if a != b:
                return -1 if a < b else 1
            i += 1
            j += 1
        while i < len(left) and left[i] == "0":
            i += 1
        while j < len(right) and right[j] == "0":
            j += 1
        while i < len(left) and left[i].isdigit() and j < len(right) and right[j].isdigit():
            if not first_difference:
                first_difference = (left[i] > right[j]) - (left[i] < right[j])
            i += 1
            j += 1
        if i < len(left) and left[i].isdigit():
            return 1
        if j < len(right) and right[j].isdigit():
            return -1
        if first_difference:
            return first_difference
    return 0


def compare_versions(left: str, right: str) -> int:
    """Returns -1, 0 or 1 as Debian version `left` sorts before, equal to or after `right`."""
    left_epoch, left_upstream, left_revision = _split(left)
    right_epoch, right_upstream, right_revision = _split(right)
    if left_epoch != right_epoch:
        return -1 if left_epoch < right_epoch else 1
    return _compare_part(left_upstream, right_upstream) or _compare_part(left_revision, right_revision)
