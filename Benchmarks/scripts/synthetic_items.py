"""Builders for synthetic Limelight items shaped like mail, recipes, reservations and contacts.

Each builder takes the item's global index and the chunk's `Draws` and returns one item in the JSONL item
format (`uniqueIdentifier`, `domainIdentifier`, `contentType`, `attributes`).
"""

from __future__ import annotations

import bisect
import calendar
import itertools
import time

import corpus_lexicon as lexicon
from draws import Draws
from zipf_vocabulary import ZipfVocabulary

_EPOCH = calendar.timegm((2015, 1, 1, 0, 0, 0))
_SPAN_SECONDS = 11 * 365 * 24 * 3600
_CODE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
_CONFIRMATION_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def iso_date(seconds: int) -> str:
    """Seconds since 1970 as ISO 8601 in UTC with a `Z` suffix."""
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % time.gmtime(seconds)[:6]


class RankedChoice:
    """Picks from a list with weights 1, 1/2, 1/3, … (earlier entries more often)."""

    def __init__(self, values: list[str]) -> None:
        self.values = values
        weights = [1.0 / (rank + 1) for rank in range(len(values))]
        total = sum(weights)
        self.cumulative = [running / total for running in itertools.accumulate(weights)]

    def __call__(self, draws: Draws) -> str:
        position = bisect.bisect_right(self.cumulative, draws.random())
        return self.values[min(position, len(self.values) - 1)]


class ItemFactory:
    """Makes items of every kind from one shared vocabulary."""

    def __init__(self, vocabulary: ZipfVocabulary) -> None:
        self.surnames = vocabulary.surnames
        self.mailbox = RankedChoice(lexicon.MAILBOXES)
        self.cookbook = RankedChoice(lexicon.COOKBOOKS)
        self.calendar = RankedChoice(lexicon.CALENDARS)
        self.address_book = RankedChoice(lexicon.ADDRESS_BOOKS)

    def make(self, index: int, draws: Draws) -> dict:
        """The item at `index`: 40% mail, 25% contacts, 20% recipes, 15% reservations."""
        roll = draws.random()
        if roll < 0.40:
            return self.mail(index, draws)
        if roll < 0.65:
            return self.contact(index, draws)
        if roll < 0.85:
            return self.recipe(index, draws)
        return self.reservation(index, draws)

    def person(self, draws: Draws) -> str:
        """A full name; a small circle of people recurs often (heavy-tailed over surnames)."""
        rank = min(int(draws.pareto(0.6)) - 1, len(self.surnames) - 1)
        return f"{draws.pick(lexicon.FIRST_NAMES)} {self.surnames[(rank * 7919) % len(self.surnames)]}"

    def mail(self, index: int, draws: Draws) -> dict:
        """An email (`public.email-message`) or a chat message (`public.message`)."""
        is_email = draws.random() < 0.75
        subject = draws.sentence(3, 9)[:-1]
        if is_email and draws.random() < 0.2:
            subject = "Re: " + subject
        body = draws.paragraph(2, 8) if is_email else draws.sentence(4, 30)
        size = len(body) + draws.between(800, 4000)
        if is_email and draws.random() < 0.1:
            size += int(draws.lognormal(11.5, 1.5))
        attributes = {
            "title": subject,
            "authorNames": [self.person(draws)],
            "recipientNames": [self.person(draws) for _ in range(draws.pick((1, 1, 1, 2, 2, 3, 4)))],
            "textContent": body,
            "contentCreationDate": iso_date(_EPOCH + draws.below(_SPAN_SECONDS)),
            "fileSize": size,
        }
        return {"uniqueIdentifier": f"mail-{index}", "domainIdentifier": self.mailbox(draws),
                "contentType": "public.email-message" if is_email else "public.message", "attributes": attributes}

    def recipe(self, index: int, draws: Draws) -> dict:
        """A recipe with ingredients and numbered steps."""
        main = draws.sample(lexicon.INGREDIENTS, 2)
        title = f"{draws.pick(lexicon.RECIPE_ADJECTIVES).capitalize()} {main[0]} {draws.pick(lexicon.DISHES)}"
        if draws.random() < 0.4:
            title += f" with {main[1]}"
        ingredients = [f"{draws.between(1, 6)} {draws.pick(lexicon.UNITS)} {ingredient}"
                       for ingredient in draws.sample(lexicon.INGREDIENTS, draws.between(4, 11))]
        steps = [f"{number}. {draws.pick(lexicon.COOKING_VERBS).capitalize()} {draws.sentence(5, 14, False)}"
                 for number in range(1, draws.between(3, 8) + 1)]
        attributes = {
            "title": title,
            "keywords": draws.sample(lexicon.RECIPE_TAGS, draws.between(2, 4)) + main,
            "contentDescription": draws.sentence(8, 22),
            "textContent": "Ingredients:\n" + "\n".join(ingredients) + "\nSteps:\n" + "\n".join(steps),
            "rating": draws.below(51) / 10,
            "duration": draws.between(2, 48) * 300,
            "contentCreationDate": iso_date(_EPOCH + draws.below(_SPAN_SECONDS)),
        }
        return {"uniqueIdentifier": f"recipe-{index}", "domainIdentifier": self.cookbook(draws),
                "contentType": "public.content", "attributes": attributes}

    def reservation(self, index: int, draws: Draws) -> dict:
        """A dinner, hotel, flight or event reservation (`public.calendar-event`)."""
        city = draws.pick(lexicon.CITIES)
        venue = f"{draws.pick(self.surnames)} {draws.pick(lexicon.VENUE_KINDS)}"
        kind = draws.below(4)
        start = _EPOCH + draws.below(_SPAN_SECONDS)
        if kind == 0:
            title, length = f"Dinner for {draws.between(2, 8)} at {venue}", 7200
        elif kind == 1:
            title, length = f"Stay at {venue}, {city}", draws.between(1, 10) * 86400
        elif kind == 2:
            code = f"{draws.pick(_CODE_LETTERS)}{draws.pick(_CODE_LETTERS)}{draws.between(10, 9999)}"
            title, length = f"Flight {code} to {city}", draws.between(45, 900) * 60
            venue = f"{city} Airport"
        else:
            title, length = f"Tickets: {draws.sentence(2, 4)[:-1]}", 10800
        confirmation = "".join(draws.pick(_CONFIRMATION_LETTERS) for _ in range(6))
        attributes = {
            "title": title,
            "namedLocation": venue,
            "city": city,
            "startDate": iso_date(start),
            "endDate": iso_date(start + length),
            "textContent": f"Confirmation {confirmation}. " + draws.paragraph(1, 3),
        }
        return {"uniqueIdentifier": f"reservation-{index}", "domainIdentifier": self.calendar(draws),
                "contentType": "public.calendar-event", "attributes": attributes}

    def contact(self, index: int, draws: Draws) -> dict:
        """An address-book card (`public.contact`)."""
        first = draws.pick(lexicon.FIRST_NAMES)
        last = draws.pick(self.surnames)
        phones = [f"+{draws.pick((1, 33, 44, 49, 81))} {draws.between(100, 999)} {draws.between(100, 999)} "
                  f"{draws.between(1000, 9999)}" for _ in range(draws.pick((1, 1, 2, 3)))]
        emails = [f"{first.lower()}.{last.lower()}@{draws.pick(lexicon.MAIL_DOMAINS)}"]
        if draws.random() < 0.3:
            emails.append(f"{first[0].lower()}{last.lower()}@{draws.pick(lexicon.MAIL_DOMAINS)}")
        attributes = {"displayName": f"{first} {last}", "phoneNumbers": phones, "emailAddresses": emails,
                      "city": draws.pick(lexicon.CITIES)}
        if draws.random() < 0.5:
            attributes["textContent"] = draws.sentence(3, 15)
        return {"uniqueIdentifier": f"contact-{index}", "domainIdentifier": self.address_book(draws),
                "contentType": "public.contact", "attributes": attributes}
