"""The benchmark scripts' way into a Railbook database: a SQLite file through Python's sqlite3, or a
PostgreSQL database (a `postgresql://` URI, as `railbook --database` takes) through `psql`, so that
only the standard library is needed.

`open_database(location)` returns an object with `query(sql, parameters=())`, a list of row tuples,
and `insert(table, columns, rows)`. SQL uses `?` placeholders. On PostgreSQL a query's rows come
back as JSON (so numbers stay numbers and NULL is None): the columns of a query need distinct names.
"""
import json
import sqlite3
import subprocess


def open_database(location):
    if location.startswith(("postgresql://", "postgres://")):
        return PostgresDatabase(location)
    return SQLiteDatabase(location)


class SQLiteDatabase:
    def __init__(self, path):
        self.connection = sqlite3.connect(path)
        self.connection.execute("PRAGMA busy_timeout = 5000")

    def query(self, sql, parameters=()):
        return self.connection.execute(sql, parameters).fetchall()

    def insert(self, table, columns, rows):
        with self.connection:
            self.connection.executemany("INSERT INTO %s (%s) VALUES (%s)" % (table, ", ".join(columns), ", ".join("?" * len(columns))),
                                        rows)


class PostgresDatabase:
    def __init__(self, uri):
        self.uri = uri

    def query(self, sql, parameters=()):
        pieces = sql.split("?")
        if len(pieces) != len(parameters) + 1:
            raise ValueError("%d placeholders for %d parameters" % (len(pieces) - 1, len(parameters)))
        bound = pieces[0] + "".join(literal(value) + piece for value, piece in zip(parameters, pieces[1:]))
        output = self.psql("SELECT COALESCE(json_agg(q), '[]') FROM (%s) AS q;\n" % bound)
        return [tuple(row.values()) for row in json.loads(output)]

    def insert(self, table, columns, rows):
        lines = ["COPY %s (%s) FROM STDIN;" % (table, ", ".join(columns))]
        lines += ["\t".join(copy_text(value) for value in row) for row in rows]
        self.psql("\n".join(lines) + "\n\\.\n")

    def psql(self, script):
        done = subprocess.run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", self.uri, "-f", "-"],
                              input=script, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError("psql failed: " + done.stderr.strip())
        return done.stdout


def literal(value):
    """A value as a PostgreSQL literal (standard_conforming_strings is on by default)."""
    if value is None:
        return "NULL"
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError("cannot bind %r" % (value,))
    if isinstance(value, int):
        return str(value)
    return "'" + value.replace("'", "''") + "'"


def copy_text(value):
    """A value as a field of COPY's text format."""
    if value is None:
        return "\\N"
    text = str(value)
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
