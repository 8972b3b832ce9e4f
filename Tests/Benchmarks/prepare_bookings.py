#!/usr/bin/env python3
"""Prepares the booking benchmark: writes users, their passengers and logged-in sessions straight
into a Railbook database (seeded with the demo data, keys created by `railbook migrate`), and a
file of ready-made POST /orders bodies, one per line: `session-token<TAB>urlencoded-form`.

Every request can succeed: each user books once (an account has one unpaid order at a time), only
trips that leave and arrive on the same day, so no passenger ever holds two overlapping tickets; the bookings are
spread over every run of the presale window from tomorrow on, in the class with the most seats,
so no class sells out. The CSRF token is computed as the application does (CSRFProtection and
HMACKey): HMAC-SHA-256 keyed with the `forms_key` setting over "session:" + the session's token
hash, in URL-safe base64 without padding.

DATABASE is a SQLite file or a PostgreSQL URI (written and read through psql, see benchdb.py).
Standard library only. Usage: prepare_bookings.py DATABASE OUTPUT [--bookings N]
"""
import argparse
import base64
import datetime
import hashlib
import hmac
import random
import secrets
import time
import urllib.parse

from benchdb import open_database

# Made once with `railbook user create`; the password is nS8Xpc8tc7qGF8aT (bench users only).
PASSWORD_HASH = "$argon2id$v=19$m=65536,t=2,p=1$6ZYkI7X6+RJdf36tqDil8A$YlEAO03OebVJeB0p1W+RLFrfk0s69It6vhBpAvKaCto"
CHINA = datetime.timezone(datetime.timedelta(hours=8))
PASSENGERS_PER_USER = 3


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def base64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def resident_id(number):
    """A valid 18-character resident ID (GB 11643 check character), unique for each number < 10**7."""
    birth = datetime.date(1950, 1, 1) + datetime.timedelta(days=number // 1000)
    body = "110105" + birth.strftime("%Y%m%d") + "%03d" % (number % 1000)
    weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    total = sum(int(digit) * weight for digit, weight in zip(body, weights))
    return body + "10X98765432"[total % 11]


def trips(db, first_day, last_day):
    """Bookable trips by date: (run id, origin telecode, destination telecode, class), same-day only."""
    stations = dict(db.query("SELECT id, telecode FROM stations"))
    stops = {}
    for train_id, station_id, arrival, departure in db.query(
            "SELECT train_id, station_id, arrival_minute, departure_minute FROM stops ORDER BY train_id, sequence"):
        stops.setdefault(train_id, []).append((stations[station_id], arrival, departure))
    largest = {}
    for train_id, seat_class, seats in db.query(
            "SELECT train_id, seat_class, SUM(seat_count) AS seats FROM coaches GROUP BY train_id, seat_class ORDER BY train_id, seat_class"):
        if seats > largest.get(train_id, ("", 0))[1]:
            largest[train_id] = (seat_class, seats)
    by_date = {}
    for run_id, train_id, date in db.query(
            "SELECT id, train_id, service_date FROM runs WHERE service_date >= ? AND service_date <= ? AND status = 'scheduled' ORDER BY id",
            (first_day.isoformat(), last_day.isoformat())):
        route = stops[train_id]
        stretches = [(route[i][0], route[j][0]) for i in range(len(route)) for j in range(i + 1, len(route))
                     if route[i][2] is not None and route[i][2] < 1440 and route[j][1] is not None and route[j][1] < 1440]
        if stretches and train_id in largest:
            by_date.setdefault(date, []).append((run_id, stretches, largest[train_id][0]))
    return [by_date[date] for date in sorted(by_date)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("database")
    parser.add_argument("output")
    parser.add_argument("--bookings", type=int, default=60000)
    arguments = parser.parse_args()
    db = open_database(arguments.database)
    key = base64url_decode(db.query("SELECT value FROM settings WHERE name = 'forms_key'")[0][0])
    today = datetime.datetime.now(CHINA).date()
    days = trips(db, today + datetime.timedelta(days=1), today + datetime.timedelta(days=14))
    users = arguments.bookings
    now = int(time.time())
    random.seed(12306)
    last_user = db.query("SELECT COALESCE(MAX(id), 0) AS last_id FROM users")[0][0]
    base = (last_user + 1) * 10
    accounts, certificates = [], []
    for index in range(users):
        number = base + index
        accounts.append(("bench_%d" % number, number))
        certificates.append([resident_id(number * PASSENGERS_PER_USER + k) for k in range(PASSENGERS_PER_USER)])
    db.insert("users", ("account", "account_key", "password_hash", "name", "certificate_type", "certificate_number", "mobile",
                        "gender", "info", "authority", "is_locked", "created_at"),
              [(account, account, PASSWORD_HASH, "测试%d" % number, "resident_id", documents[0], "139%08d" % number,
                "male", "", "user", 0, now) for (account, number), documents in zip(accounts, certificates)])
    user_ids = dict((account, user_id) for user_id, account in db.query("SELECT id, account FROM users WHERE id > ?", (last_user,)))
    passenger_rows, session_rows, sessions = [], [], []
    for (account, number), documents in zip(accounts, certificates):
        user_id = user_ids[account]
        for k, certificate in enumerate(documents):
            passenger_rows.append((user_id, "测试%d" % number if k == 0 else "同行%d-%d" % (number, k), "resident_id", certificate,
                                   "adult", "139%08d" % number if k == 0 else "", 1 if k == 0 else 0, now))
        token = base64url(secrets.token_bytes(32))
        token_hash = hashlib.sha256(token.encode()).hexdigest()
        session_rows.append((token_hash, user_id, now, now, 1))
        csrf = base64url(hmac.new(key, ("session:" + token_hash).encode(), hashlib.sha256).digest())
        sessions.append((token, csrf, documents))
    db.insert("passengers", ("user_id", "name", "certificate_type", "certificate_number", "passenger_type", "mobile",
                             "is_account_holder", "created_at"), passenger_rows)
    db.insert("sessions", ("token_hash", "user_id", "created_at", "last_seen_at", "is_persistent"), session_rows)
    passenger_ids = dict((certificate, passenger_id) for passenger_id, certificate in db.query(
        "SELECT id, certificate_number FROM passengers WHERE user_id > ?", (last_user,)))
    sessions = [(token, csrf, [passenger_ids[document] for document in documents]) for token, csrf, documents in sessions]
    with open(arguments.output, "w") as output:
        for booking in range(arguments.bookings):
            day, user = booking % len(days), booking
            token, csrf, passengers = sessions[user]
            runs = days[day]
            run_id, stretches, seat_class = runs[(user * 7919 + day) % len(runs)]
            origin, destination = random.choice(stretches)
            travellers = passengers[:random.choices([1, 2, 3], weights=[5, 3, 2])[0]]
            fields = [("csrf", csrf), ("run", run_id), ("from", origin), ("to", destination), ("class", seat_class)]
            for passenger in passengers:
                if passenger in travellers:
                    fields.append(("passenger", passenger))
                fields += [("type_%d" % passenger, "adult"), ("seat_%d" % passenger, "")]
            fields += [("together", "1"), ("new_name", ""), ("new_certificate_type", "resident_id"), ("new_certificate_number", ""),
                       ("new_passenger_type", "adult")]
            output.write(token + "\t" + urllib.parse.urlencode(fields) + "\n")
    tickets = "%d users, %d passengers, %d bookings over %d days (%d to %d runs a day)" % (
        users, users * PASSENGERS_PER_USER, arguments.bookings, len(days), min(map(len, days)), max(map(len, days)))
    print("prepared " + tickets)


if __name__ == "__main__":
    main()
