#!/usr/bin/env python3
"""Writes the search mix of the mixed benchmark: PAIRS station pairs that a train of the database
serves (origin before destination on its stops, the two in different cities), chosen at random with
a fixed seed, times DAYS dates from today (China time), one /search path per line, shuffled.

Standard library only. Usage: search_paths.py DATABASE OUTPUT [--pairs 50] [--days 15]
"""
import argparse
import datetime
import random
import sqlite3
import urllib.parse

CHINA = datetime.timezone(datetime.timedelta(hours=8))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("database")
    parser.add_argument("output")
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--days", type=int, default=15)
    arguments = parser.parse_args()
    db = sqlite3.connect(arguments.database)
    pairs = sorted(set(db.execute("""
        SELECT a.name, b.name FROM stops x JOIN stops y ON y.train_id = x.train_id AND y.sequence > x.sequence
        JOIN stations a ON a.id = x.station_id JOIN stations b ON b.id = y.station_id WHERE a.city <> b.city
        """).fetchall()))
    chooser = random.Random(12306)
    chosen = chooser.sample(pairs, min(arguments.pairs, len(pairs)))
    today = datetime.datetime.now(CHINA).date()
    paths = [f"/search?from={urllib.parse.quote(origin)}&to={urllib.parse.quote(destination)}&date={today + datetime.timedelta(days=day)}"
             for origin, destination in chosen for day in range(arguments.days)]
    chooser.shuffle(paths)
    with open(arguments.output, "w") as output:
        output.write("\n".join(paths) + "\n")
    print(f"search mix: {len(chosen)} station pairs × {arguments.days} days = {len(paths)} paths")


if __name__ == "__main__":
    main()
