#!/usr/bin/env python3
"""Prepares the running-report benchmark on a demo database: adds a train-tracking sender with a
key of its own (as /admin/running-senders would) and writes its signed reports, one per line:
`<TAB>urlencoded-form` (no session: the signature authenticates a report). Every report is for a
different run and stop (expected times 5 minutes late on arrival, 7 on departure, a platform and a
gate), so none is refused as a replay or out of order whatever order they arrive in. The signature
is made as RunningMessage does: HMAC-SHA-256 keyed with the sender's key over "railbook-running/1"
and the fields in order, one per line, in URL-safe base64 without padding.

DATABASE is a SQLite file or a PostgreSQL URI (see benchdb.py). Standard library only.
Usage: prepare_reports.py DATABASE OUTPUT [--reports N]
"""
import argparse
import base64
import hashlib
import hmac
import os
import random
import time
import urllib.parse

from benchdb import open_database

FIELDS = ["sender", "train", "date", "station", "arrival", "arrival_kind", "departure", "departure_kind", "platform", "gate",
          "timestamp"]


def clock(minute):
    """`1510` → `01:10+1`, as the report form reads times past midnight."""
    days, within = divmod(minute, 1440)
    text = "%02d:%02d" % divmod(within, 60)
    return text + ("+%d" % days if days else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("database")
    parser.add_argument("output")
    parser.add_argument("--reports", type=int, default=60000)
    arguments = parser.parse_args()
    db = open_database(arguments.database)
    key = os.urandom(32)
    now = int(time.time())
    db.insert("running_senders", ("name", "key", "created_at"),
              [("bench-tracker", base64.urlsafe_b64encode(key).rstrip(b"=").decode(), now)])
    stops = db.query(
        """SELECT t.number, s.telecode, st.arrival_minute, st.departure_minute, st.train_id FROM stops st
           JOIN trains t ON t.id = st.train_id JOIN stations s ON s.id = st.station_id ORDER BY st.train_id, st.sequence""")
    runs = db.query("SELECT train_id, service_date FROM runs WHERE status = 'scheduled' ORDER BY service_date, train_id")
    by_train = {}
    for number, telecode, arrival, departure, train_id in stops:
        by_train.setdefault(train_id, []).append((number, telecode, arrival, departure))
    lines = []
    for train_id, date in runs:
        for number, telecode, arrival, departure in by_train.get(train_id, []):
            fields = {"sender": "bench-tracker", "train": number, "date": date, "station": telecode, "platform": "3", "gate": "A1",
                      "timestamp": str(now)}
            if arrival is not None:
                fields.update(arrival=clock(arrival + 5), arrival_kind="expected")
            if departure is not None:
                fields.update(departure=clock(departure + 7), departure_kind="expected")
            canonical = "\n".join(["railbook-running/1"] + [fields.get(name, "") for name in FIELDS])
            signature = base64.urlsafe_b64encode(hmac.new(key, canonical.encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
            form = [(name, fields.get(name, "")) for name in FIELDS] + [("signature", signature)]
            lines.append("\t" + urllib.parse.urlencode(form) + "\n")
    random.seed(12306)
    random.shuffle(lines)
    with open(arguments.output, "w") as output:
        output.writelines(lines[:arguments.reports])
    print("prepared %d signed running reports (of %d run stops)" % (min(len(lines), arguments.reports), len(lines)))


if __name__ == "__main__":
    main()
