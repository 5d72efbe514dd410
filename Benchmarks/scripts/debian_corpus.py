#!/usr/bin/env python3
"""Build the Debian package corpus as Limelight JSONL items.

Every binary package known to apt becomes one item:

    {"uniqueIdentifier": "<package>", "domainIdentifier": "<section>",
     "contentType": "public.item",
     "attributes": {"displayName": "<package>", "title": "<short description>",
                    "textContent": "<long description>", "keywords": [tags...],
                    "fileSize": <Installed-Size in bytes>}}

Package records come from `apt-cache dumpavail`; long descriptions come from the
Translation-en lists, joined through `Description-md5`. When several versions of
a package are listed, the newest (Debian version ordering) wins. Items are written
sorted by package name, so the output is byte-identical for the same apt lists.

If the Translation-en lists are missing, the script runs
`apt-get update -o Acquire::Languages=en` itself (this needs root).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from debian_version import compare_versions

APT_LISTS = "/var/lib/apt/lists"
APT_HELPER = "/usr/lib/apt/apt-helper"
DEFAULT_OUTPUT = Path(__file__).resolve().parent.parent / "data" / "debian.jsonl"


def translation_files() -> list[str]:
    """Returns the English translation lists apt has downloaded (any compression)."""
    return sorted(glob.glob(os.path.join(APT_LISTS, "*_i18n_Translation-en*")))


def ensure_apt_lists() -> None:
    """Downloads the package and English translation lists when they are missing."""
    if translation_files():
        return
    print("Translation-en lists missing: running apt-get update -o Acquire::Languages=en", file=sys.stderr)
    subprocess.run(["apt-get", "update", "-o", "Acquire::Languages=en"], check=True,
                   stdout=subprocess.DEVNULL)
    if not translation_files():
        raise SystemExit(f"error: no Translation-en lists under {APT_LISTS} after apt-get update")


def read_list_file(path: str) -> str:
    """Returns a (possibly compressed) apt list file as text, decompressed by apt itself."""
    if os.path.exists(APT_HELPER):
        result = subprocess.run([APT_HELPER, "cat-file", path], check=True, capture_output=True)
        return result.stdout.decode("utf-8", errors="replace")
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8", errors="replace")


def stanzas(text: str):
    """Yields each deb822 stanza as a dict of field name to raw value (continuation lines kept)."""
    fields: dict[str, str] = {}
    name = None
    for line in text.split("\n"):
        if not line:
            if fields:
                yield fields
            fields, name = {}, None
        elif line[0] in " \t":
            if name is not None:
                fields[name] += "\n" + line
        else:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    if fields:
        yield fields


def long_description(raw: str) -> str:
    """Turns a deb822 description value into plain text: first line dropped, ' .' lines become blank."""
    lines = raw.split("\n")[1:]
    out = []
    for line in lines:
        line = line[1:] if line.startswith(" ") else line
        out.append("" if line.strip() == "." else line.rstrip())
    return "\n".join(out).strip("\n")


def load_translations() -> dict[str, str]:
    """Maps Description-md5 to the English long description."""
    by_md5: dict[str, str] = {}
    for path in translation_files():
        for fields in stanzas(read_list_file(path)):
            md5 = fields.get("Description-md5")
            raw = fields.get("Description-en")
            if md5 and raw is not None and md5 not in by_md5:
                by_md5[md5] = long_description(raw)
    return by_md5


def split_tags(raw: str) -> list[str]:
    """Splits a folded `Tag:` field into its debtags ("role::program", ...)."""
    return [tag.strip() for tag in raw.replace("\n", " ").split(",") if tag.strip()]


def newest_packages(text: str) -> dict[str, dict[str, str]]:
    """Keeps, for each package name, the stanza with the highest version."""
    newest: dict[str, dict[str, str]] = {}
    for fields in stanzas(text):
        name = fields.get("Package")
        if not name:
            continue
        kept = newest.get(name)
        if kept is None or compare_versions(fields.get("Version", "0"), kept.get("Version", "0")) > 0:
            newest[name] = fields
    return newest


def make_item(fields: dict[str, str], translations: dict[str, str], stats: dict[str, int]) -> dict:
    """Builds one Limelight item from a package stanza."""
    package = fields["Package"]
    description = fields.get("Description", "")
    title = description.split("\n", 1)[0].strip()
    text = translations.get(fields.get("Description-md5", ""))
    if text is None:
        text = long_description(description) if "\n" in description else ""
        stats["without translation"] += 1
    attributes: dict = {"displayName": package, "title": title, "textContent": text,
                        "keywords": split_tags(fields.get("Tag", ""))}
    size = fields.get("Installed-Size", "").strip()
    if size.isdigit():
        attributes["fileSize"] = int(size) * 1024
    else:
        stats["without size"] += 1
    return {"uniqueIdentifier": package, "domainIdentifier": fields.get("Section", "unknown"),
            "contentType": "public.item", "attributes": attributes}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUTPUT, help=f"output JSONL (default {DEFAULT_OUTPUT})")
    args = parser.parse_args()

    started = time.perf_counter()
    ensure_apt_lists()
    translations = load_translations()
    dump = subprocess.run(["apt-cache", "dumpavail"], check=True, capture_output=True)
    packages = newest_packages(dump.stdout.decode("utf-8", errors="replace"))

    stats = {"without translation": 0, "without size": 0}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    temporary = args.out.with_suffix(args.out.suffix + ".tmp")
    with open(temporary, "w", encoding="utf-8") as out:
        for name in sorted(packages):
            item = make_item(packages[name], translations, stats)
            out.write(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n")
    os.replace(temporary, args.out)

    elapsed = time.perf_counter() - started
    print(f"{len(packages)} records written to {args.out} in {elapsed:.1f} s "
          f"({len(translations)} translations; {stats['without translation']} packages without a "
          f"translation, {stats['without size']} without Installed-Size)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
