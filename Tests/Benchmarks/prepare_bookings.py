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

Standard library only. Usage: prepare_bookings.py DATABASE OUTPUT [--bookings N]
"""
import argparse
import base64
import datetime
import hashlib
import hmac
import random
import secrets
import sqlite3
import time
import urllib.parse

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
    stations = dict(db.execute("SELECT id, telecode FROM stations"))
    stops = {}
    for train_id, station_id, arrival, departure in db.execute(
            "SELECT train_id, station_id, arrival_minute, departure_minute FROM stops ORDER BY train_id, sequence"):
        stops.setdefault(train_id, []).append((stations[station_id], arrival, departure))
    largest = {}
    for train_id, seat_class, seats in db.execute(
            "SELECT train_id, seat_class, SUM(seat_count) FROM coaches GROUP BY train_id, seat_class ORDER BY train_id, seat_class"):
        if seats > largest.get(train_id, ("", 0))[1]:
            largest[train_id] = (seat_class, seats)
    by_date = {}
    for run_id, train_id, date in db.execute(
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
    db = sqlite3.connect(arguments.database)
    db.execute("PRAGMA busy_timeout = 5000")
    key = base64url_decode(db.execute("SELECT value FROM settings WHERE name = 'forms_key'").fetchone()[0])
    today = datetime.datetime.now(CHINA).date()
    days = trips(db, today + datetime.timedelta(days=1), today + datetime.timedelta(days=14))
    users = arguments.bookings
    now = int(time.time())
    random.seed(12306)
    sessions = []
    with db:
        base = (db.execute("SELECT COALESCE(MAX(id), 0) FROM users").fetchone()[0] + 1) * 10
        for index in range(users):
            number = base + index
            account = "bench_%d" % number
            certificates = [resident_id(number * PASSENGERS_PER_USER + k) for k in range(PASSENGERS_PER_USER)]
            mobile = "139%08d" % number
            cursor = db.execute(
                "INSERT INTO users (account, account_key, password_hash, name, certificate_type, certificate_number, mobile, "
                "gender, info, authority, is_locked, created_at) VALUES (?, ?, ?, ?, 'resident_id', ?, ?, 'male', '', 'user', 0, ?)",
                (account, account, PASSWORD_HASH, "测试%d" % number, certificates[0], mobile, now))
            user_id = cursor.lastrowid
            passengers = []
            for k, certificate in enumerate(certificates):
                cursor = db.execute(
                    "INSERT INTO passengers (user_id, name, certificate_type, certificate_number, passenger_type, mobile, "
                    "is_account_holder, created_at) VALUES (?, ?, 'resident_id', ?, 'adult', ?, ?, ?)",
                    (user_id, "测试%d" % number if k == 0 else "同行%d-%d" % (number, k), certificate, mobile if k == 0 else "",
                     1 if k == 0 else 0, now))
                passengers.append(cursor.lastrowid)
            token = base64url(secrets.token_bytes(32))
            token_hash = hashlib.sha256(token.encode()).hexdigest()
            db.execute("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, is_persistent) VALUES (?, ?, ?, ?, 1)",
                       (token_hash, user_id, now, now))
            csrf = base64url(hmac.new(key, ("session:" + token_hash).encode(), hashlib.sha256).digest())
            sessions.append((token, csrf, passengers))
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
