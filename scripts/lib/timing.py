#!/usr/bin/env python3
"""Where the time of `make test` went (see docs/testing.md for how to read it).

  timing.py stamp LOG            copy stdin to stdout unchanged, and each line to LOG with
                                 the seconds since start (Maven's output, for its per-module
                                 and per-plugin times)
  timing.py table [--phases F] [--maven-log LOG] [--root DIR] [--top N] [--title T] [--unit-only]
                                 print the tables: each phase of make test with its seconds
                                 (Maven split into build, unit tests and each module's
                                 integration tests), per module its times and test counts,
                                 and the N slowest test classes with the JVMs, etcd and
                                 MariaDB processes each started; then what `jvms` prints
  timing.py jvms LOG             per module whose integration tests ran in several JVMs: each
                                 JVM's classes and when its last one ended (inferred from
                                 Maven's stamped log), and when the last class would have ended
                                 with the classes handed out longest first
  timing.py run-order REPORTS    print Failsafe's run statistics for runOrder=balanced from the
                                 XML reports in REPORTS: one line per test class with its
                                 seconds, longest first (docs/testing.md, "The order of
                                 crony-agent's integration tests")

The phases file has one line per phase: name, seconds, status (ok or FAILED), tab-separated
(scripts/lib/timing.sh writes it). Test classes and counts come from the Surefire and
Failsafe XML reports (target/*-reports/TEST-*.xml, the testsuite's time and tests); the
processes from target/test-processes.log, one line per process a test started (test class,
kind, name; crony-test-support's ProcessLedger writes it).
"""

import argparse
import os
import re
import sys
import time
import xml.etree.ElementTree as ET
from collections import defaultdict

# [INFO] --- surefire:3.5.6:test (default-test) @ crony-common ---
MOJO = re.compile(r"^\[INFO\] --- (?P<plugin>[\w.-]+):(?P<version>[^:\s]+):(?P<goal>[\w-]+)"
                  r"(?: \((?P<execution>[^)]*)\))? @ (?P<module>[\w.-]+) ---")
# [INFO] --------------------< io.crony:crony-common >---------------------
HEADER = re.compile(r"^\[INFO\] -+< (?P<group>[\w.-]+):(?P<module>[\w.-]+) >-+")
END = re.compile(r"^\[INFO\] (Reactor Summary|BUILD (SUCCESS|FAILURE))")

UNIT = "unit"
IT = "IT"
KINDS = ("jvm", "etcd", "mariadb", "other")
SKIP_DIRS = {"node_modules", ".git", ".crony", "src"}


def stamp(log_path, source=None, sink=None):
    """Copies source to sink line by line, and writes each line to log_path after its time."""
    source = source or sys.stdin.buffer
    sink = sink or sys.stdout.buffer
    start = time.monotonic()
    with open(log_path, "wb") as log:
        for line in iter(source.readline, b""):
            try:
                sink.write(line)
                sink.flush()
            except (BrokenPipeError, ValueError):
                pass
            log.write(b"%.3f\t" % (time.monotonic() - start) + line)
            log.flush()


def stamped_lines(lines):
    """Each line of a stamped log (`SECONDS<TAB>TEXT`) as (seconds, text); lines without a
    stamp are left out."""
    for raw in lines:
        stamp_text, _, text = raw.rstrip("\n").partition("\t")
        try:
            at = float(stamp_text)
        except ValueError:
            continue
        yield at, text


def maven_times(lines):
    """Per module (artifactId): seconds in total, in surefire:test and in failsafe:integration-test.

    Each stretch of the log, from one plugin goal's (or module's) first line to the next one's,
    counts for that goal; a build with modules in parallel (-T) interleaves them and is not
    split right.
    """
    events = []  # (seconds, module or None, goal or None)
    last = 0.0
    for at, text in stamped_lines(lines):
        last = at
        match = MOJO.match(text)
        if match:
            events.append((at, match["module"], match["plugin"] + ":" + match["goal"]))
            continue
        match = HEADER.match(text)
        if match:
            events.append((at, match["module"], None))
            continue
        if END.match(text):
            events.append((at, None, None))
    times = defaultdict(lambda: {"total": 0.0, UNIT: 0.0, IT: 0.0})
    for (at, module, goal), following in zip(events, events[1:] + [(last, None, None)]):
        if module is None:
            continue
        seconds = following[0] - at
        times[module]["total"] += seconds
        if goal == "surefire:test":
            times[module][UNIT] += seconds
        elif goal == "failsafe:integration-test":
            times[module][IT] += seconds
    return dict(times)


def artifact_id(module_dir):
    """The module's own artifactId from its pom.xml, or its directory name."""
    try:
        root = ET.parse(os.path.join(module_dir, "pom.xml")).getroot()
    except (OSError, ET.ParseError):
        return os.path.basename(module_dir)
    for child in root:
        if child.tag.rsplit("}", 1)[-1] == "artifactId":
            return child.text.strip()
    return os.path.basename(module_dir)


def find_target_dirs(root):
    """Every */target directory under root (modules at any depth), skipping sources and caches."""
    for dirpath, dirnames, _ in os.walk(root):
        if "target" in dirnames:
            yield os.path.join(dirpath, "target")
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and d != "target"]


def number(text):
    try:
        return float((text or "0").replace(",", ""))
    except ValueError:
        return 0.0


def read_reports(root, kinds=(UNIT, IT)):
    """Test classes: {(module, class): {"module", "class", "kind", "seconds", "tests", "failed", "skipped"}}.

    A @Nested class counts for the class it is written in.
    """
    classes = {}
    for target in find_target_dirs(root):
        module = artifact_id(os.path.dirname(target))
        for reports, kind in (("surefire-reports", UNIT), ("failsafe-reports", IT)):
            if kind not in kinds:
                continue
            read_report_dir(os.path.join(target, reports), module, kind, classes)
    return classes


def read_report_dir(directory, module, kind, classes):
    """Adds the test classes of one reports directory to classes (see read_reports)."""
    if not os.path.isdir(directory):
        return classes
    for name in sorted(os.listdir(directory)):
        if not (name.startswith("TEST-") and name.endswith(".xml")):
            continue
        try:
            suite = ET.parse(os.path.join(directory, name)).getroot()
        except ET.ParseError:
            continue
        if suite.tag != "testsuite":
            continue
        test_class = suite.get("name", name[5:-4]).split("$", 1)[0]
        entry = classes.setdefault((module, test_class), {
            "module": module, "class": test_class, "kind": kind,
            "seconds": 0.0, "tests": 0, "failed": 0, "skipped": 0})
        entry["seconds"] += number(suite.get("time"))
        entry["tests"] += int(number(suite.get("tests")))
        entry["failed"] += int(number(suite.get("failures")) + number(suite.get("errors")))
        entry["skipped"] += int(number(suite.get("skipped")))
    return classes


# [INFO] Running io.crony.agent.FailoverIT
RUNNING = re.compile(r"^\[INFO\] Running (?P<test_class>[\w.$]+)")
# [INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 47.02 s -- in io.crony.agent.FailoverIT
FINISHED = re.compile(r"^\[(?:INFO|WARNING|ERROR)\] Tests run: .*Time elapsed: (?P<seconds>[\d.,]+) s.* -- in "
                      r"(?P<test_class>[\w.$]+)")


def it_runs(lines):
    """Each module's failsafe:integration-test: {"module", "start", "end", "classes": [{"class", "start", "end", "seconds", "jvm"}]}.

    Which JVM ran a class is not in the log; it is inferred: a class goes to the JVM whose
    class ended last at or before its start (a JVM reports a class ended before it asks for
    the next, and most ask within a tenth of a second), or to a JVM of its own when none had
    ended. A nested class's lines are left out: its class's lines span it.
    """
    runs = []
    current = None
    for at, text in stamped_lines(lines):
        match = MOJO.match(text) or HEADER.match(text) or END.match(text)
        if match:
            if current is not None:
                current["end"] = at
            current = None
            if MOJO.match(text) and match["plugin"] == "failsafe" and match["goal"] == "integration-test":
                current = {"module": match["module"], "start": at, "end": at, "classes": []}
                runs.append(current)
            continue
        if current is None:
            continue
        current["end"] = at
        match = RUNNING.match(text)
        if match and "$" not in match["test_class"]:
            current["classes"].append({"class": match["test_class"], "start": at, "end": None, "seconds": None})
            continue
        match = FINISHED.match(text)
        if match:
            for entry in current["classes"]:
                if entry["class"] == match["test_class"] and entry["end"] is None:
                    entry["end"] = at
                    entry["seconds"] = number(match["seconds"])
                    break
    for run in runs:
        run["classes"] = [c for c in run["classes"] if c["end"] is not None]
        busy = []  # per JVM, the class it ran last
        for entry in sorted(run["classes"], key=lambda c: c["start"]):
            ended = [(last["end"], jvm) for jvm, last in enumerate(busy) if last["end"] <= entry["start"]]
            jvm = max(ended)[1] if ended else len(busy)
            if jvm == len(busy):
                busy.append(entry)
            busy[jvm] = entry
            entry["jvm"] = jvm
    return runs


def longest_first(seconds, jvms, start=0.0):
    """When the last class ends if each JVM, from start, takes the longest class left whenever it is free."""
    free = [start] * jvms
    for value in sorted(seconds, reverse=True):
        jvm = free.index(min(free))
        free[jvm] += value
    return max(free)


def render_jvms(runs):
    if not any(len(set(c["jvm"] for c in run["classes"])) > 1 for run in runs):
        return ""
    out = ["== integration tests in several JVMs: seconds from the module's integration-test goal ==",
           "(which JVM ran a class is inferred from Maven's log; \"longest first\" hands the same classes, with the",
           " same times, to the JVMs longest first: the order runOrder=balanced gives)"]
    for run in runs:
        classes = run["classes"]
        jvms = sorted(set(c["jvm"] for c in classes))
        if len(jvms) < 2:
            continue
        last = max(c["end"] for c in classes) - run["start"]
        first = min(c["start"] for c in classes) - run["start"]
        out.append("%s: %d JVMs, %d classes, class-s %.0f, the goal %.0f s; the last class ended at %.1f s" % (
            run["module"], len(jvms), len(classes), sum(c["seconds"] for c in classes), run["end"] - run["start"],
            last))
        for jvm in jvms:
            own = [c for c in classes if c["jvm"] == jvm]
            ended = max(c["end"] for c in own) - run["start"]
            final = max(own, key=lambda c: c["end"])
            out.append("  JVM %d: %2d classes, class-s %4.0f, its last ended at %6.1f s (idle %5.1f s at the end);"
                       " last %s %.0f s from %.1f s" % (
                           jvm + 1, len(own), sum(c["seconds"] for c in own), ended, last - ended,
                           final["class"].rsplit(".", 1)[-1], final["seconds"], final["start"] - run["start"]))
        ideal = longest_first([c["seconds"] for c in classes], len(jvms), first)
        out.append("  longest first: the last class would end at %.1f s (%.1f s sooner)" % (ideal, last - ideal))
    return "\n".join(out)


def run_order(reports_dir):
    """Failsafe's run statistics (its .surefire-* file) from one module's XML reports.

    With runOrder=balanced and a single thread per test JVM, Failsafe (3.5.6) hands the
    classes to its JVMs slowest first by these times; a class not listed goes first, with
    the slowest. Each line is "runs,milliseconds,class" (no method: the whole class, its
    @BeforeAll and @AfterAll included, which the statistics Failsafe writes itself leave
    out); the file takes no comment and no blank line.
    """
    classes = read_report_dir(reports_dir, "", IT, {})
    entries = sorted(classes.values(), key=lambda e: (-e["seconds"], e["class"]))
    return "".join("1,%d,%s\n" % (round(e["seconds"] * 1000), e["class"]) for e in entries)


def read_ledgers(root):
    """Processes started: {(module, class): {kind: count}}."""
    counts = defaultdict(lambda: defaultdict(int))
    for target in find_target_dirs(root):
        path = os.path.join(target, "test-processes.log")
        if not os.path.isfile(path):
            continue
        module = artifact_id(os.path.dirname(target))
        with open(path, encoding="utf-8", errors="replace") as ledger:
            for line in ledger:
                fields = line.rstrip("\n").split("\t")
                if len(fields) >= 2:
                    kind = fields[1] if fields[1] in KINDS else "other"
                    counts[(module, fields[0])][kind] += 1
    return counts


# a phase's part (phases_together in timing.sh): indented, its time already in the phase's
PART = "  "


def read_phases(path):
    phases = []
    if path and os.path.isfile(path):
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                fields = line.rstrip("\n").split("\t")
                if len(fields) >= 2:
                    phases.append((fields[0], number(fields[1]), fields[2] if len(fields) > 2 else "ok",
                                   number(fields[3]) if len(fields) > 3 else None))
    return phases


def module_rows(classes, maven):
    """Per module: wall seconds (from Maven's log when there is one) and test counts."""
    rows = {}
    for module in sorted(set(m for m, _ in classes) | set(maven)):
        row = {"module": module, "total": None, "unit_s": None, "it_s": None,
               "unit_tests": 0, "its": 0, "unit_sum": 0.0, "it_sum": 0.0}
        if module in maven:
            row["total"] = maven[module]["total"]
            row["unit_s"] = maven[module][UNIT]
            row["it_s"] = maven[module][IT]
        rows[module] = row
    for entry in classes.values():
        row = rows[entry["module"]]
        if entry["kind"] == UNIT:
            row["unit_tests"] += entry["tests"]
            row["unit_sum"] += entry["seconds"]
        else:
            row["its"] += entry["tests"]
            row["it_sum"] += entry["seconds"]
    return rows


def seconds(value):
    return "-" if value is None else "%.0f" % value


def render(phases, classes, ledgers, maven, top=15, reactor_order=None, title="make test"):
    out = []
    rows = module_rows(classes, maven)
    order = reactor_order or list(rows)
    phases = [tuple(p) + (None,) * (4 - len(p)) for p in phases]
    # the parts of a phase run at once (the API fuzz pass and the browser tests) are in
    # their phase's line already: the totals leave them out
    total = sum(p[1] for p in phases if not p[0].startswith(PART))
    cpu_total = sum(p[3] or 0 for p in phases if not p[0].startswith(PART))

    if phases:
        out.append("== %s: where the time went (seconds) ==" % title)
        out.append("%-46s %7s %6s %7s" % ("phase", "s", "share", "cpu s"))

        def line(name, value, status="", cpu=None):
            share = "%5.1f%%" % (100 * value / total) if total else ""
            out.append(("%-46s %7.0f %6s %7s %s" % (name, value, share, seconds(cpu) if cpu is not None else "",
                                                    status)).rstrip())

        parts = []
        for name, value, status, cpu in phases:
            if name.startswith(PART):
                # recorded as each part ends, before its phase: shown under it
                parts.append((name, value, status, cpu))
                continue
            line(name, value, "" if status == "ok" else status, cpu)
            for part in parts:
                line(part[0], part[1], "" if part[2] == "ok" else part[2], part[3])
            parts = []
            if name == "maven" and maven:
                unit = sum(rows[m]["unit_s"] or 0 for m in order if m in rows)
                its = [(m, rows[m]["it_s"]) for m in order if m in rows and rows[m]["it_s"]]
                build = max(0.0, value - unit - sum(s for _, s in its))
                line("  build: compile, package, other goals", build)
                line("  unit tests (Surefire, all modules)", unit)
                for module, it_seconds in its:
                    label = ("  system tests (%s)" if module == "crony-system-tests"
                             else "  integration tests %s") % module
                    line(label, it_seconds)
        out.append("%-46s %7.0f %6s %7s" % ("total", total, "", seconds(cpu_total) if cpu_total else ""))
        out.append("(cpu s: user + system seconds of the step's processes; the wall seconds grow with the"
                   " machine's load, these far less)")
        out.append("")

    if rows:
        out.append("== per module: wall seconds from Maven's log, tests from the reports ==")
        out.append("%-28s %7s %7s %6s %7s %6s %9s" % (
            "module", "total", "unit s", "units", "IT s", "ITs", "IT class-s"))
        for module in order:
            row = rows.get(module)
            if row is None:
                continue
            out.append("%-28s %7s %7s %6d %7s %6d %9.0f" % (
                module, seconds(row["total"]), seconds(row["unit_s"]), row["unit_tests"],
                seconds(row["it_s"]), row["its"], row["it_sum"]))
        out.append("%-28s %7s %7s %6d %7s %6d %9.0f" % (
            "all", seconds(sum(r["total"] or 0 for r in rows.values())),
            seconds(sum(r["unit_s"] or 0 for r in rows.values())),
            sum(r["unit_tests"] for r in rows.values()),
            seconds(sum(r["it_s"] or 0 for r in rows.values())),
            sum(r["its"] for r in rows.values()), sum(r["it_sum"] for r in rows.values())))
        out.append("(IT class-s: the classes' own times summed; above IT s where several test JVMs run at once)")
        out.append("")

    if classes:
        slowest = sorted(classes.values(), key=lambda e: (-e["seconds"], e["class"]))[:top]
        out.append("== the %d slowest test classes ==" % len(slowest))
        out.append("%7s %5s %4s %5s %7s %5s  %s" % ("s", "tests", "JVMs", "etcd", "MariaDB", "other", "class (module, kind)"))
        for entry in slowest:
            started = ledgers.get((entry["module"], entry["class"]), {})
            failed = ", %d FAILED" % entry["failed"] if entry["failed"] else ""
            out.append("%7.1f %5d %4d %5d %7d %5d  %s (%s, %s%s)" % (
                entry["seconds"], entry["tests"], started.get("jvm", 0), started.get("etcd", 0),
                started.get("mariadb", 0), started.get("other", 0),
                entry["class"].rsplit(".", 1)[-1], entry["module"], entry["kind"], failed))
        processes = defaultdict(int)
        for started in ledgers.values():
            for kind, count in started.items():
                processes[kind] += count
        out.append("all classes started %d JVMs, %d etcd, %d MariaDB, %d other processes" % tuple(
            processes[k] for k in KINDS))
    return "\n".join(out)


def reactor_order(lines):
    """Modules in the order Maven built them."""
    order = []
    for raw in lines:
        match = HEADER.match(raw.partition("\t")[2])
        if match and match["module"] not in order:
            order.append(match["module"])
    return order


def table(args):
    lines = []
    if args.maven_log and os.path.isfile(args.maven_log):
        with open(args.maven_log, encoding="utf-8", errors="replace") as log:
            lines = log.readlines()
    maven = maven_times(lines)
    classes = read_reports(args.root, (UNIT,) if args.unit_only else (UNIT, IT))
    order = reactor_order(lines)
    order += sorted(set(m for m, _ in classes) - set(order))
    print(render(read_phases(args.phases), classes, read_ledgers(args.root), maven, args.top, order, args.title))
    jvms = render_jvms(it_runs(lines))
    if jvms:
        print("")
        print(jvms)


def main(argv):
    parser = argparse.ArgumentParser(description="Where the time of make test went.")
    commands = parser.add_subparsers(dest="command", required=True)
    stamp_command = commands.add_parser("stamp")
    stamp_command.add_argument("log")
    table_command = commands.add_parser("table")
    table_command.add_argument("--phases")
    table_command.add_argument("--maven-log")
    table_command.add_argument("--root", default=".")
    table_command.add_argument("--top", type=int, default=15)
    table_command.add_argument("--title", default="make test")
    table_command.add_argument("--unit-only", action="store_true",
                               help="Surefire's reports only (make check runs no integration test)")
    jvms_command = commands.add_parser("jvms")
    jvms_command.add_argument("maven_log", help="Maven's log as timing.py stamp wrote it")
    run_order_command = commands.add_parser("run-order")
    run_order_command.add_argument("reports", help="a module's target/failsafe-reports")
    args = parser.parse_args(argv)
    if args.command == "stamp":
        stamp(args.log)
    elif args.command == "jvms":
        with open(args.maven_log, encoding="utf-8", errors="replace") as log:
            print(render_jvms(it_runs(log)))
    elif args.command == "run-order":
        sys.stdout.write(run_order(args.reports))
    else:
        table(args)


if __name__ == "__main__":
    main(sys.argv[1:])
