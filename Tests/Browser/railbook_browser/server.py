"""A Railbook server on a fresh temporary database, and a static server for saved pages."""

import functools
import http.server
import os
import re
import subprocess
import tempfile
import threading
import time

from .problems import Problem


class RailbookServer:
    """`railbook serve` on a free port, with the demo data on a database of its own. Its output
    goes to `log_path`; `stop()` reports every error or failed job it wrote there."""

    def __init__(self, executable, root, log_path, start_timeout=60):
        self.folder = tempfile.TemporaryDirectory(prefix="railbook-browser-")
        self.log_path = log_path
        database = os.path.join(self.folder.name, "railbook.sqlite")
        self.administrator = _create_administrator(executable, database, root)
        self.log = open(log_path, "w", encoding="utf-8")
        self.process = subprocess.Popen(
            [executable, "serve", "--port", "0", "--database", database, "--root", root, "--quiet"],
            stdout=self.log, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + start_timeout
        while not (found := re.search(r"http://[0-9.]+:[0-9]+", _read(log_path))):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"railbook serve did not start: {_read(log_path)[-800:]}")
            time.sleep(0.1)
        self.base_url = found.group(0)

    def stop(self):
        """Stops the server; returns a Problem for each error line it logged."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()
        self.folder.cleanup()
        return [Problem("server", "railbook serve", "the server logged an error", line.strip(), f"see {self.log_path}")
                for line in _read(self.log_path).splitlines() if re.match(r"(error: |job .* failed)", line)]


def _read(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read()


def _create_administrator(executable, database, root):
    """An administrator account for the service desk, as an operator makes one: (account, password)."""
    account = "service_desk"
    made = subprocess.run([executable, "user", "create", "--account", account, "--admin", "--name", "客服小张",
                           "--database", database, "--root", root], capture_output=True, text=True)
    found = re.search(r"password: (\S+)", made.stdout)
    if made.returncode != 0 or not found:
        raise RuntimeError(f"railbook user create failed: {made.stdout}{made.stderr}")
    return account, found.group(1)


class SavedPagesServer:
    """Serves saved pages under /pages/ with the site's /css/ and /images/, so that they look
    (and are checked) as when Railbook served them."""

    def __init__(self, pages, public):
        self.root = tempfile.TemporaryDirectory(prefix="railbook-pages-")
        os.symlink(os.path.abspath(pages), os.path.join(self.root.name, "pages"))
        for folder in ("css", "images"):
            os.symlink(os.path.join(os.path.abspath(public), folder), os.path.join(self.root.name, folder))
        handler = functools.partial(_QuietHandler, directory=self.root.name)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.root.cleanup()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass
