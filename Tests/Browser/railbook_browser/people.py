"""The travellers of the journeys: valid identity numbers and mobiles that no one else uses."""

import random
from dataclasses import dataclass

WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
CHECK_CHARACTERS = "10X98765432"


def resident_id(area, birthday, sequence):
    """A Chinese resident ID number with its GB 11643 check character."""
    body = f"{area}{birthday}{sequence:03d}"
    total = sum(int(digit) * weight for digit, weight in zip(body, WEIGHTS))
    return body + CHECK_CHARACTERS[total % 11]


@dataclass
class Traveller:
    account: str
    password: str
    name: str
    certificate: str
    mobile: str


def travellers(seed):
    """The account holder and the companion they book for, different for every seed."""
    rng = random.Random(seed)
    # Odd: the ID number's 17th digit is the holder's gender, and the journey registers a man.
    number = rng.randrange(101, 999, 2)
    holder = Traveller(
        account=f"traveller_{seed}_{number}",
        password="Journey-2026",
        name="李明",
        certificate=resident_id("110105", "19880316", number),
        mobile=f"139{rng.randrange(10_000_000, 99_999_999)}",
    )
    companion = Traveller(
        account="",
        password="",
        name="王芳",
        certificate=resident_id("310104", "19900521", number),
        mobile="",
    )
    return holder, companion
