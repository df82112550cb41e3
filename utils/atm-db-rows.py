#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Print every row an atm-scenario run stored in its SQLite database.

usage: atm-db-rows.py DB

One line per row, "table (values...)": the tables in the order of their
names, each table's rows in the order they were stored; the runs table
without wall_s and events (the run's wall-clock time and event count,
which differ between two runs of one simulation). Two runs that gave the
same results print the same lines: utils/atm-fast-path-check.sh compares
the cell paths with it, utils/atm-mpi-check.sh the ranks and one process.
"""

import sqlite3
import sys

VOLATILE = ("wall_s", "events")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: atm-db-rows.py DB")
    con = sqlite3.connect(sys.argv[1])
    tables = con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    for (table,) in tables.fetchall():
        cols = [r[1] for r in con.execute(f"PRAGMA table_info({table})")]
        keep = ", ".join(c for c in cols if c not in VOLATILE)
        for row in con.execute(f"SELECT {keep} FROM {table} ORDER BY rowid"):
            print(table, row)


if __name__ == "__main__":
    main()
