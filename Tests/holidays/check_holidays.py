#!/usr/bin/env python3
"""Compares BoxOfficeCore's 설날 and 추석 windows with the Python `holidays` package (country KR).

Reads the rows of Sources/BoxOfficeCore/Analytics/KoreanHolidayTable.swift, rebuilds every window from `holidays`
(the run of consecutive days off — weekends and every day `holidays` lists: public, substitute, election and
temporary holidays — that holds the holiday) and fails on any difference: a window's days, the holiday itself, its
substitute holidays or its temporary holidays. A year missing from the table, or a row the pattern cannot read,
fails too.

Usage: check_holidays.py [path/to/KoreanHolidayTable.swift]
"""
import datetime as dt
import pathlib
import re
import sys

import holidays

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLE = ROOT / "Sources/BoxOfficeCore/Analytics/KoreanHolidayTable.swift"
YEARS = range(2004, 2031)
NAMES = {"seollal": "설날", "chuseok": "추석"}
DATE = r'"(\d{4}-\d{2}-\d{2})"'
ROW = re.compile(
    r"Row\(\s*(\d{4}),\s*\.(\w+),\s*" + DATE + r",\s*from:\s*" + DATE + r",\s*to:\s*" + DATE
    + r"(?:,\s*substitute:\s*\[([^\]]*)\])?(?:,\s*temporary:\s*\[([^\]]*)\])?\s*\)",
    re.S,
)


def dates(listed):
    return [dt.date.fromisoformat(d) for d in re.findall(r"\d{4}-\d{2}-\d{2}", listed or "")]


def read_table(path):
    text = path.read_text(encoding="utf-8")
    rows = {}
    for match in ROW.finditer(text):
        year, holiday, day, start, end, substitute, temporary = match.groups()
        key = (int(year), holiday)
        if key in rows:
            raise SystemExit(f"{path}: two rows for {key}")
        rows[key] = {
            "day": dt.date.fromisoformat(day),
            "start": dt.date.fromisoformat(start),
            "end": dt.date.fromisoformat(end),
            "substitute": dates(substitute),
            "temporary": dates(temporary),
        }
    written = len(re.findall(r"^\s*Row\(", text, re.M))
    if written != len(rows):
        raise SystemExit(f"{path}: {written} rows written, {len(rows)} read: the pattern missed some")
    return rows


def expected_windows():
    kr = holidays.KR(years=range(YEARS.start - 1, YEARS.stop + 1), language="ko")
    # The English names tell the kinds apart; the Korean ones name the holiday.
    kr_en = holidays.KR(years=range(YEARS.start - 1, YEARS.stop + 1), language="en_US")

    def off(day):
        return day.weekday() >= 5 or day in kr

    windows = {}
    for year in YEARS:
        for holiday, name in NAMES.items():
            found = [d for d, n in kr.items() if d.year == year and name in n.split("; ")]
            if len(found) != 1:
                raise SystemExit(f"holidays lists {len(found)} days named {name} in {year}")
            day = start = end = found[0]
            while off(start - dt.timedelta(days=1)):
                start -= dt.timedelta(days=1)
            while off(end + dt.timedelta(days=1)):
                end += dt.timedelta(days=1)
            span = [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]
            windows[(year, holiday)] = {
                "day": day,
                "start": start,
                "end": end,
                "substitute": [d for d in span if "alternative holiday" in kr_en.get(d, "").lower()],
                "temporary": [d for d in span if "temporary public holiday" in kr_en.get(d, "").lower()],
            }
    return windows


def main():
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else TABLE
    table = read_table(path)
    expected = expected_windows()
    problems = []
    for key in sorted(set(table) | set(expected)):
        if key not in table:
            problems.append(f"{key[0]} {key[1]}: missing from the table")
            continue
        if key not in expected:
            problems.append(f"{key[0]} {key[1]}: outside {YEARS.start}-{YEARS.stop - 1}")
            continue
        for field in ("day", "start", "end", "substitute", "temporary"):
            if table[key][field] != expected[key][field]:
                problems.append(
                    f"{key[0]} {key[1]} {field}: table {table[key][field]}, holidays {expected[key][field]}")
    for problem in problems:
        print(problem, file=sys.stderr)
    failed = len({problem.split(":")[0] for problem in problems})
    print(f"holiday windows (holidays {holidays.__version__}): {len(expected) - failed} passed, {failed} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
