#!/usr/bin/env python3
"""Checks a database after the booking or payment benchmark: what the orders and tickets became,
and that no seat was sold twice (no two live tickets, held or issued, of one run, class, coach and
seat on overlapping stretches; standing places are counted the same way).

DATABASE is a SQLite file or a PostgreSQL URI (see benchdb.py). Standard library only.
Usage: check_bookings.py DATABASE bookings|payments
"""
import argparse

from benchdb import open_database

COUNTS = {
    "bookings": ("unpaid orders", "SELECT COUNT(*) FROM orders WHERE status = 'unpaid'",
                 "tickets held", "SELECT COUNT(*) FROM tickets WHERE status = 'held'"),
    "payments": ("paid orders", "SELECT COUNT(*) FROM orders WHERE status = 'paid'",
                 "tickets issued", "SELECT COUNT(*) FROM tickets WHERE status = 'issued'"),
}

SOLD_TWICE = """SELECT COUNT(*) AS pairs FROM tickets a JOIN tickets b
    ON b.run_id = a.run_id AND b.seat_class = a.seat_class AND b.coach_number = a.coach_number AND b.seat_index = a.seat_index
    AND b.id > a.id AND b.from_sequence < a.to_sequence AND a.from_sequence < b.to_sequence
    WHERE a.status IN ('held', 'issued') AND b.status IN ('held', 'issued')"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("database")
    parser.add_argument("stage", choices=sorted(COUNTS))
    arguments = parser.parse_args()
    db = open_database(arguments.database)
    first, first_sql, second, second_sql = COUNTS[arguments.stage]
    orders, tickets = db.query("SELECT (%s) AS first_count, (%s) AS second_count" % (first_sql, second_sql))[0]
    sold_twice = db.query(SOLD_TWICE)[0][0]
    print("in the database: %d %s, %d %s; seats sold twice (pairs of live tickets on overlapping stretches): %d"
          % (orders, first, tickets, second, sold_twice))


if __name__ == "__main__":
    main()
