#!/usr/bin/env python3
"""Sells the second-class seats of every run of one day in a pattern that leaves no seat free for a
long stretch: seat i is sold on every eighth segment from segment i % 8. A search over ten or more
stops then finds second class sold out, and the results page works out a same-train seat change
(two or three legs, or none) for each such train.

Usage: fragment_seats.py DATABASE YYYY-MM-DD"""
import sqlite3
import struct
import sys

database, day = sys.argv[1], sys.argv[2]
masks = [sum(1 << segment for segment in range(offset, 64, 8)) for offset in range(8)]
connection = sqlite3.connect(database)
coaches = connection.execute(
    """
    SELECT c.run_id, c.coach_number, c.seat_count FROM run_coaches c JOIN runs r ON r.id = c.run_id
    WHERE r.service_date = ? AND c.seat_class = 'second'
    """,
    (day,),
).fetchall()
with connection:
    for run_id, coach_number, seat_count in coaches:
        blob = b"".join(struct.pack("<Q", masks[seat % 8]) for seat in range(seat_count))
        connection.execute(
            "UPDATE run_coaches SET occupancy = ? WHERE run_id = ? AND coach_number = ?", (blob, run_id, coach_number)
        )
print(f"{len(coaches)} second-class coaches of {day} sold in a pattern")
