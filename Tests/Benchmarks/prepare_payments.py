#!/usr/bin/env python3
"""Prepares the payment-confirmation benchmark on a database the booking benchmark filled: gives
every unpaid order a pending Railbook Pay payment (as POST /orders/:number/pay would) and writes
the provider's signed notifications for them, one per line: `<TAB>urlencoded-form` (no session:
the signature authenticates a notification). The signature is made as PaymentNotification does:
HMAC-SHA-256 keyed with the `payments_key` setting over "railbook-pay/1\\nREFERENCE\\nAMOUNT\\npaid\\n
TIMESTAMP", in URL-safe base64 without padding.

DATABASE is a SQLite file or a PostgreSQL URI (see benchdb.py). Standard library only.
Usage: prepare_payments.py DATABASE OUTPUT
"""
import argparse
import base64
import hashlib
import hmac
import random
import time
import urllib.parse

from benchdb import open_database


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("database")
    parser.add_argument("output")
    arguments = parser.parse_args()
    db = open_database(arguments.database)
    encoded = db.query("SELECT value FROM settings WHERE name = 'payments_key'")[0][0]
    key = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    now = int(time.time())
    orders = db.query("SELECT id, number, user_id, total_fen FROM orders WHERE status = 'unpaid' AND pay_deadline > ? ORDER BY id",
                      (now + 60,))
    random.seed(12306)
    random.shuffle(orders)
    lines, payments = [], []
    for order_id, number, user_id, total_fen in orders:
        reference = "bench-%d" % order_id
        payments.append((reference, user_id, "ticket_order", order_id, total_fen, "pending", now, 0, "/orders/" + number))
        canonical = "railbook-pay/1\n%s\n%d\npaid\n%d" % (reference, total_fen, now)
        signature = base64.urlsafe_b64encode(hmac.new(key, canonical.encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
        fields = [("reference", reference), ("amount_fen", total_fen), ("status", "paid"), ("timestamp", now), ("signature", signature)]
        lines.append("\t" + urllib.parse.urlencode(fields) + "\n")
    db.insert("payments", ("reference", "user_id", "purpose", "subject_id", "amount_fen", "status", "created_at", "refunded_fen",
                           "return_to"), payments)
    with open(arguments.output, "w") as output:
        output.writelines(lines)
    print("prepared %d payment notifications for unpaid orders" % len(lines))


if __name__ == "__main__":
    main()
