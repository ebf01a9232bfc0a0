#!/usr/bin/env python3
"""Coverage for make test: JaCoCo's line and branch figures over Crony's Java modules
(unit, integration and system tests, merged), Vitest's for the dashboard, each against
its floor in .ci/coverage-floor.json. Fails (exit 1) when a figure falls more than the
floor's tolerance (0.5 points) below it.

  coverage.py check --jacoco-csv FILE --vitest-summary FILE --floor FILE

The JaCoCo CSV is the CLI's report over every exec file (scripts/coverage.sh); the
generated protobuf classes (GENERATED) are left out of the figures: they are protoc's
code, not ours. Vitest's summary is its json-summary reporter's coverage-summary.json.
"""
import argparse
import csv
import json
import sys

GENERATED = ("io.crony.common.grpc.v1",)


def jacoco(path):
    """{module: [line missed, line covered, branch missed, branch covered]} and 'all'."""
    totals = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["PACKAGE"].startswith(GENERATED):
                continue
            figures = [int(row[k]) for k in ("LINE_MISSED", "LINE_COVERED", "BRANCH_MISSED", "BRANCH_COVERED")]
            for key in (row["GROUP"], "all"):
                acc = totals.setdefault(key, [0, 0, 0, 0])
                for i, v in enumerate(figures):
                    acc[i] += v
    return totals


def percent(missed, covered):
    total = missed + covered
    return 100.0 * covered / total if total else 100.0


def vitest(path):
    with open(path) as f:
        total = json.load(f)["total"]
    return {"lines": total["lines"]["pct"], "branches": total["branches"]["pct"]}


def check(args):
    with open(args.floor) as f:
        floor = json.load(f)
    tolerance = floor.get("tolerance", 0.5)
    java = jacoco(args.jacoco_csv)
    front = vitest(args.vitest_summary)
    print("== coverage (JaCoCo: unit + integration + system tests, merged; Vitest: the dashboard) ==")
    print(f"{'module':<28}{'lines':>10}{'line %':>9}{'branches':>10}{'branch %':>10}")
    for module in sorted(k for k in java if k != "all") + ["all"]:
        lm, lc, bm, bc = java[module]
        print(f"{'java ' + module if module == 'all' else module:<28}{lc:>5}/{lm + lc:<5}{percent(lm, lc):>8.1f}"
              f"{bc:>5}/{bm + bc:<5}{percent(bm, bc):>9.1f}")
    print(f"{'dashboard (Vitest)':<28}{'':>10}{front['lines']:>9.1f}{'':>10}{front['branches']:>10.1f}")
    measured = {
        "java": {"lines": round(percent(java["all"][0], java["all"][1]), 1),
                 "branches": round(percent(java["all"][2], java["all"][3]), 1)},
        "dashboard": {"lines": round(front["lines"], 1), "branches": round(front["branches"], 1)},
    }
    failures = []
    for part in ("java", "dashboard"):
        for kind in ("lines", "branches"):
            low = floor[part][kind]
            got = measured[part][kind]
            mark = "ok"
            if got < low - tolerance:
                mark = "BELOW FLOOR"
                failures.append(f"{part} {kind} {got:.1f} % is more than {tolerance} points below its floor {low:.1f} %")
            print(f"floor {part} {kind}: {low:.1f} %, measured {got:.1f} % ({mark})")
    if failures:
        print("coverage fell: " + "; ".join(failures) + " (.ci/coverage-floor.json; docs/testing.md)", file=sys.stderr)
        return 1
    print("coverage: at or above its floors (" + json.dumps(measured) + ")")
    return 0


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check")
    c.add_argument("--jacoco-csv", required=True)
    c.add_argument("--vitest-summary", required=True)
    c.add_argument("--floor", required=True)
    args = parser.parse_args()
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
