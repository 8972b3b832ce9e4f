#!/usr/bin/env python3
"""Books at a steady rate while another load runs: posts the prepared bookings of
prepare_bookings.py (`session-token<TAB>form`, one per line) to POST /orders, RATE a second for
SECONDS, from a few threads on keep-alive connections, and prints how many were answered 303 (an
order made) and what else came back.

Standard library only. Usage: paced_bookings.py PORT FILE RATE SECONDS [--skip N]
(--skip: start after the first N lines, so runs one after another never send a booking twice).
"""
import argparse
import collections
import http.client
import threading
import time

THREADS = 4


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("file")
    parser.add_argument("rate", type=float)
    parser.add_argument("seconds", type=float)
    parser.add_argument("--skip", type=int, default=0)
    arguments = parser.parse_args()
    with open(arguments.file) as lines:
        bookings = [line.rstrip("\n").split("\t", 1) for line in lines][arguments.skip:]
    wanted = int(arguments.rate * arguments.seconds)
    if wanted > len(bookings):
        raise SystemExit(f"only {len(bookings)} prepared bookings left, {wanted} needed")
    statuses = collections.Counter()
    lock = threading.Lock()
    began = time.monotonic()

    def book(worker):
        connection = http.client.HTTPConnection("127.0.0.1", arguments.port, timeout=30)
        for number in range(worker, wanted, THREADS):
            due = began + number / arguments.rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            token, body = bookings[number]
            headers = {"Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "zh-CN",
                       "Cookie": "session=" + token}
            try:
                connection.request("POST", "/orders", body, headers)
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", arguments.port, timeout=30)
                status = "error"
            with lock:
                statuses[status] += 1

    workers = [threading.Thread(target=book, args=(worker,)) for worker in range(THREADS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - began
    others = ", ".join(f"{status} ×{count}" for status, count in sorted(statuses.items(), key=str) if status != 303)
    print(f"bookings meanwhile: {statuses[303]} made in {elapsed:.1f} s = {statuses[303] / elapsed:.0f}/s"
          + (f"; other answers: {others}" if others else ""))


if __name__ == "__main__":
    main()
