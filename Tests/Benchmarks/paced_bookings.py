#!/usr/bin/env python3
"""Books at a steady rate while another load runs: posts the prepared bookings of
prepare_bookings.py (`session-token<TAB>form`, one per line) to POST /orders, RATE a second for
SECONDS, from a few threads on keep-alive connections, and prints how many were answered 303 (an
order made) and what else came back. Each request is encoded once up front and sent as bytes, the
answer read by its Content-Length: the client shares the server's two cores, so it spends as little
of them as it can (a real site's bookers are on other machines).

Standard library only. Usage: paced_bookings.py PORT FILE RATE SECONDS [--skip N]
(--skip: start after the first N lines, so runs one after another never send a booking twice).
"""
import argparse
import collections
import socket
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

    def request_bytes(token, body):
        encoded = body.encode()
        return (f"POST /orders HTTP/1.1\r\nHost: 127.0.0.1:{arguments.port}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                f"Accept-Language: zh-CN\r\nCookie: session={token}\r\nContent-Length: {len(encoded)}\r\n\r\n").encode() + encoded

    def connect():
        return socket.create_connection(("127.0.0.1", arguments.port), timeout=30)

    def answer_status(connection):
        """Reads one answer and returns its status code."""
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            if not chunk:
                raise OSError("closed")
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(rest) < length:
            chunk = connection.recv(65536)
            if not chunk:
                raise OSError("closed")
            rest += chunk
        return int(head.split(b" ", 2)[1])

    def book(worker):
        requests = [request_bytes(*bookings[number]) for number in range(worker, wanted, THREADS)]
        connection = connect()
        for index, number in enumerate(range(worker, wanted, THREADS)):
            due = began + number / arguments.rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            try:
                connection.sendall(requests[index])
                status = answer_status(connection)
            except (OSError, ValueError, IndexError):
                connection.close()
                connection = connect()
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
