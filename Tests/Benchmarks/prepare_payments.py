#!/usr/bin/env python3
"""Prepares the payment-confirmation benchmark on a database the booking benchmark filled: gives
every unpaid order a pending Railbook Pay payment (as POST /orders/:number/pay would) and writes
the provider's signed notifications for them, one per line: `<TAB>urlencoded-form` (no session:
the signature authenticates a notification). The signature is made as PaymentNotification does:
HMAC-SHA-256 keyed with the `payments_key` setting over "railbook-pay/1\\nREFERENCE\\nAMOUNT\\npaid\\n
TIMESTAMP", in URL-safe base64 without padding.

Standard library only. Usage: prepare_payments.py DATABASE OUTPUT
"""
import argparse
import base64
import hashlib
import hmac
import random
import sqlite3
import time
import urllib.parse


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("database")
    parser.add_argument("output")
    arguments = parser.parse_args()
    db = sqlite3.connect(arguments.database)
    db.execute("PRAGMA busy_timeout = 5000")
    encoded = db.execute("SELECT value FROM settings WHERE name = 'payments_key'").fetchone()[0]
    key = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    now = int(time.time())
    orders = db.execute("SELECT id, number, user_id, total_fen FROM orders WHERE status = 'unpaid' AND pay_deadline > ? ORDER BY id",
                        (now + 60,)).fetchall()
    random.seed(12306)
    random.shuffle(orders)
    lines = []
    with db:
        for order_id, number, user_id, total_fen in orders:
            reference = "bench-%d" % order_id
            db.execute("INSERT INTO payments (reference, user_id, purpose, subject_id, amount_fen, status, created_at, refunded_fen, "
                       "return_to) VALUES (?, ?, 'ticket_order', ?, ?, 'pending', ?, 0, ?)",
                       (reference, user_id, order_id, total_fen, now, "/orders/" + number))
            canonical = "railbook-pay/1\n%s\n%d\npaid\n%d" % (reference, total_fen, now)
            signature = base64.urlsafe_b64encode(hmac.new(key, canonical.encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
            fields = [("reference", reference), ("amount_fen", total_fen), ("status", "paid"), ("timestamp", now), ("signature", signature)]
            lines.append("\t" + urllib.parse.urlencode(fields) + "\n")
    with open(arguments.output, "w") as output:
        output.writelines(lines)
    print("prepared %d payment notifications for unpaid orders" % len(lines))


if __name__ == "__main__":
    main()
