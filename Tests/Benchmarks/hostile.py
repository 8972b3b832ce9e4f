"""Hostile clients against a running Railbook server, on loopback, with the home page's latency
measured meanwhile: a fetch of / on a new connection from 127.0.0.1 every quarter second.

  hostile.py PORT baseline   the home page alone
  hostile.py PORT slow       1,100 connections from 127.0.0.2 that each send one header line every
                             5 seconds (and come back when closed)
  hostile.py PORT logins     30 login attempts a second (made-up names, a valid visitor token),
                             each from another of 1,000 loopback addresses, so no per-address
                             limit cuts the work short

Each prints one line: median, 95th percentile and slowest home-page time, and what the attack got.
"""
import http.client
import re
import socket
import statistics
import sys
import threading
import time
import urllib.parse

SECONDS = 20


def home_latencies(port, seconds, stop):
    times = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/", headers={"Cookie": "welcomed=1"})
        response = connection.getresponse()
        response.read()
        connection.close()
        if response.status != 200:
            raise SystemExit(f"home page answered {response.status}")
        times.append((time.monotonic() - started) * 1000)
        time.sleep(max(0, 0.25 - (time.monotonic() - started)))
    stop.set()
    return times


def report(name, times, extra):
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{name:10} home page: median {statistics.median(times):6.1f} ms, 95th {p95:6.1f} ms, "
          f"slowest {times[-1]:6.1f} ms over {len(times)} fetches; {extra}")


def slow_connections(port, stop, counts):
    held = []
    def connect():
        sock = socket.socket()
        sock.bind(("127.0.0.2", 0))
        sock.settimeout(2)
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            counts["opened"] += 1
            return sock
        except OSError:
            counts["refused"] += 1
            sock.close()
            return None
    while len(held) < 1100:
        sock = connect()
        if sock:
            held.append(sock)
    line = 0
    while not stop.wait(5):
        line += 1
        for index, sock in enumerate(held):
            try:
                sock.sendall(b"X-Slow-%d: y\r\n" % line)
            except OSError:
                counts["closed by server"] += 1
                sock.close()
                held[index] = connect() or sock
    for sock in held:
        sock.close()


def login_flood(port, stop, counts):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/login")
    response = connection.getresponse()
    page = response.read().decode()
    cookie = "; ".join(value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    lock = threading.Lock()
    def attempt(number):
        body = urllib.parse.urlencode({"csrf": csrf, "login": f"guess_{number}", "password": "Wrong2026!"})
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                              source_address=(f"127.0.{2 + number % 1000 // 250}.{1 + number % 250}", 0))
            conn.request("POST", "/login", body=body,
                         headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            status = conn.getresponse().status
            conn.close()
        except OSError:
            status = "no answer"
        with lock:
            counts[status] = counts.get(status, 0) + 1
    number = 0
    while not stop.is_set():
        number += 1
        threading.Thread(target=attempt, args=(number,), daemon=True).start()
        time.sleep(1 / 30)


def main():
    port, case = int(sys.argv[1]), sys.argv[2]
    stop = threading.Event()
    counts = {"opened": 0, "refused": 0, "closed by server": 0} if case == "slow" else {}
    attack = {"slow": slow_connections, "logins": login_flood}.get(case)
    if attack:
        threading.Thread(target=attack, args=(port, stop, counts), daemon=True).start()
        time.sleep(3)  # let the attack build up
    times = home_latencies(port, SECONDS, stop)
    time.sleep(0.5)
    report(case, times, ", ".join(f"{key}: {value}" for key, value in counts.items()) or "no attack")


main()
