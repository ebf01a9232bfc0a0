"""Tests of timing.py's parsing (make check runs them: python3 -m unittest discover -s scripts/lib -p '*_test.py')."""

import io
import os
import shlex
import subprocess
import tempfile
import time
import unittest

import timing

MAVEN_LOG = """\
0.000\t[INFO] Scanning for projects...
1.000\t[INFO] --------------------< io.crony:crony-common >---------------------
1.500\t[INFO] Building crony-common 0.1.0-SNAPSHOT                               [1/2]
2.000\t[INFO] --- spring-javaformat:0.0.47:validate (default) @ crony-common ---
3.000\t[INFO] --- compiler:3.14.1:compile (default-compile) @ crony-common ---
5.000\t[INFO] --- surefire:3.5.6:test (default-test) @ crony-common ---
5.100\t[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0
12.000\t[INFO] --- jar:3.4.2:jar (default-jar) @ crony-common ---
13.000\t[INFO] ---------------------< io.crony:crony-agent >----------------------
14.000\t[INFO] --- surefire:3.5.6:test (default-test) @ crony-agent ---
20.000\t[INFO] --- failsafe:3.5.6:integration-test (default) @ crony-agent ---
50.000\t[INFO] --- failsafe:3.5.6:verify (default) @ crony-agent ---
51.000\t[INFO] ------------------------------------------------------------------------
51.000\t[INFO] Reactor Summary for Crony 0.1.0-SNAPSHOT:
51.500\t[INFO] crony-common ....................................... SUCCESS [ 11.000 s]
52.000\t[INFO] BUILD SUCCESS
"""


def suite(name, seconds, tests, failures=0, errors=0, skipped=0):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<testsuite name="%s" time="%s" tests="%d" errors="%d" skipped="%d" failures="%d">'
            '<testcase name="x" classname="%s" time="1"/></testsuite>\n'
            % (name, seconds, tests, errors, skipped, failures, name))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


POM = ('<project xmlns="http://maven.apache.org/POM/4.0.0"><parent><artifactId>crony-parent</artifactId>'
       '</parent><artifactId>%s</artifactId></project>')


class MavenTimesTest(unittest.TestCase):

    def test_each_stretch_counts_for_the_goal_that_began_it(self):
        times = timing.maven_times(MAVEN_LOG.splitlines(True))

        self.assertAlmostEqual(times["crony-common"]["total"], 12.0)
        self.assertAlmostEqual(times["crony-common"]["unit"], 7.0)
        self.assertAlmostEqual(times["crony-common"]["IT"], 0.0)
        self.assertAlmostEqual(times["crony-agent"]["total"], 38.0)
        self.assertAlmostEqual(times["crony-agent"]["unit"], 6.0)
        self.assertAlmostEqual(times["crony-agent"]["IT"], 30.0)

    def test_the_modules_in_the_order_maven_built_them(self):
        self.assertEqual(timing.reactor_order(MAVEN_LOG.splitlines(True)), ["crony-common", "crony-agent"])

    def test_a_log_cut_off_counts_up_to_its_last_line(self):
        cut = MAVEN_LOG.splitlines(True)[:11] + ["35.000\t[INFO] Running io.crony.agent.FailoverIT\n"]

        times = timing.maven_times(cut)

        self.assertAlmostEqual(times["crony-agent"]["IT"], 15.0)


class ReportsTest(unittest.TestCase):

    def setUp(self):
        self.root = tempfile.mkdtemp()
        write(os.path.join(self.root, "crony-agent/pom.xml"), POM % "crony-agent")
        write(os.path.join(self.root, "examples/sample-target/pom.xml"), POM % "sample-target")
        reports = os.path.join(self.root, "crony-agent/target")
        write(os.path.join(reports, "surefire-reports/TEST-io.crony.agent.ArchitectureTest.xml"),
              suite("io.crony.agent.ArchitectureTest", "4.5", 7))
        write(os.path.join(reports, "failsafe-reports/TEST-io.crony.agent.FailoverIT.xml"),
              suite("io.crony.agent.FailoverIT", "1,234.5", 3, failures=1))
        write(os.path.join(reports, "failsafe-reports/TEST-io.crony.agent.OutageIT.xml"),
              suite("io.crony.agent.OutageIT", "10.0", 2))
        write(os.path.join(reports, "failsafe-reports/TEST-io.crony.agent.OutageIT$Restart.xml"),
              suite("io.crony.agent.OutageIT$Restart", "5.0", 1))
        write(os.path.join(reports, "failsafe-reports/failsafe-summary.xml"), "<failsafe-summary/>")
        write(os.path.join(reports, "test-processes.log"),
              "io.crony.agent.FailoverIT\tetcd\t1-1\n"
              "io.crony.agent.FailoverIT\tmariadb\t1-1\n"
              "io.crony.agent.FailoverIT\tjvm\tagent-a\n"
              "io.crony.agent.FailoverIT\tjvm\tagent-b\n"
              "io.crony.agent.OutageIT\tetcd\t2-1\n")
        write(os.path.join(self.root, "examples/sample-target/target/surefire-reports/TEST-io.crony.sample.TargetTest.xml"),
              suite("io.crony.sample.TargetTest", "0.3", 2))
        # a Java package named target holds sources, not reports
        write(os.path.join(self.root, "crony-agent/src/main/java/io/crony/agent/target/surefire-reports/TEST-x.xml"),
              suite("x", "99", 1))

    def test_classes_with_their_module_kind_seconds_and_tests(self):
        classes = timing.read_reports(self.root)

        self.assertEqual(sorted(classes), [
            ("crony-agent", "io.crony.agent.ArchitectureTest"), ("crony-agent", "io.crony.agent.FailoverIT"),
            ("crony-agent", "io.crony.agent.OutageIT"), ("sample-target", "io.crony.sample.TargetTest")])
        failover = classes[("crony-agent", "io.crony.agent.FailoverIT")]
        self.assertEqual((failover["kind"], failover["seconds"], failover["tests"], failover["failed"]),
                         ("IT", 1234.5, 3, 1))
        outage = classes[("crony-agent", "io.crony.agent.OutageIT")]
        self.assertEqual((outage["seconds"], outage["tests"]), (15.0, 3))
        self.assertEqual(classes[("crony-agent", "io.crony.agent.ArchitectureTest")]["kind"], "unit")

    def test_unit_only_leaves_the_integration_tests_out(self):
        classes = timing.read_reports(self.root, ("unit",))

        self.assertEqual(sorted(c for _, c in classes), ["io.crony.agent.ArchitectureTest", "io.crony.sample.TargetTest"])

    def test_processes_counted_per_class_and_kind(self):
        ledgers = timing.read_ledgers(self.root)

        self.assertEqual(dict(ledgers[("crony-agent", "io.crony.agent.FailoverIT")]), {"etcd": 1, "mariadb": 1, "jvm": 2})
        self.assertEqual(dict(ledgers[("crony-agent", "io.crony.agent.OutageIT")]), {"etcd": 1})

    def test_the_table(self):
        maven = timing.maven_times(MAVEN_LOG.splitlines(True))
        phases = [("go", 50.0, "ok", 20.0), ("maven", 60.0, "ok", 110.0), ("browser tests", 90.0, "FAILED", 30.0)]

        text = timing.render(phases, timing.read_reports(self.root), timing.read_ledgers(self.root), maven, top=3,
                             reactor_order=["crony-common", "crony-agent", "sample-target"])
        lines = text.splitlines()

        self.assertIn("go                                                  50  25.0%      20", lines)
        self.assertIn("browser tests                                       90  45.0%      30 FAILED", lines)
        # maven 60 s: unit 7 + 6, crony-agent's integration tests 30, the rest is build
        self.assertIn("  build: compile, package, other goals              17   8.5%", lines)
        self.assertIn("  unit tests (Surefire, all modules)                13   6.5%", lines)
        self.assertIn("  integration tests crony-agent                     30  15.0%", lines)
        self.assertIn("total                                              200            160", lines)
        self.assertIn("crony-agent                       38       6      7      30      6      1250", lines)
        self.assertIn("sample-target                      -       -      2       -      0         0", lines)
        slowest = lines[lines.index("== the 3 slowest test classes ==") + 2:][:3]
        self.assertEqual(slowest, [
            " 1234.5     3    2     1       1     0  FailoverIT (crony-agent, IT, 1 FAILED)",
            "   15.0     3    0     1       0     0  OutageIT (crony-agent, IT)",
            "    4.5     7    0     0       0     0  ArchitectureTest (crony-agent, unit)"])
        self.assertIn("all classes started 2 JVMs, 2 etcd, 1 MariaDB, 0 other processes", lines)

    def test_system_tests_are_named_so(self):
        maven = {"crony-system-tests": {"total": 100.0, "unit": 0.0, "IT": 90.0}}

        text = timing.render([("maven", 100.0, "ok")], {}, {}, maven, reactor_order=["crony-system-tests"])

        self.assertIn("  system tests (crony-system-tests)                 90  90.0%", text.splitlines())

    def test_the_parts_of_a_phase_run_together_add_nothing_to_the_totals(self):
        phases = [("maven", 100.0, "ok", 80.0), ("  api fuzz", 40.0, "ok", 30.0), ("  browser tests", 60.0, "ok", 40.0),
                  ("after maven", 60.0, "ok", 70.0), ("coverage", 5.0, "ok", 1.0)]

        lines = [line.rstrip() for line in timing.render(phases, {}, {}, {}).splitlines()]

        names = [line.split("  ")[0] if not line.startswith("  ") else line[:16] for line in lines[2:6]]
        self.assertEqual(names, ["maven", "after maven", "  api fuzz      ", "  browser tests "])

        self.assertIn("  browser tests                                     60  36.4%      40", lines)
        self.assertIn("total                                              165            151", lines)


class RunOrderTest(unittest.TestCase):

    setUp = ReportsTest.setUp

    def test_one_line_per_class_with_its_milliseconds_longest_first(self):
        text = timing.run_order(os.path.join(self.root, "crony-agent/target/failsafe-reports"))

        # OutageIT's nested class counts for it; no comment, no blank line (Failsafe's parser takes neither)
        self.assertEqual(text, "1,1234500,io.crony.agent.FailoverIT\n1,15000,io.crony.agent.OutageIT\n")

    def test_no_reports_no_lines(self):
        self.assertEqual(timing.run_order(os.path.join(self.root, "crony-web/target/failsafe-reports")), "")


IT_LOG = """\
0.000\t[INFO] --------------------< io.crony:crony-agent >---------------------
10.000\t[INFO] --- failsafe:3.5.6:integration-test (default) @ crony-agent ---
12.000\t[INFO] Running io.crony.agent.OutageIT
12.001\t[INFO] Running io.crony.agent.EtcdAuthIT
16.000\t[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 4.0 s -- in io.crony.agent.EtcdAuthIT
16.010\t[INFO] Running io.crony.agent.FailoverIT
16.020\t[INFO] Running io.crony.agent.FailoverIT$Nested
22.000\t[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 10.0 s -- in io.crony.agent.OutageIT
22.010\t[INFO] Running io.crony.agent.SpoolIT
23.000\t[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 1.0 s -- in io.crony.agent.SpoolIT
30.000\t[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 14.0 s <<< FAILURE! -- in io.crony.agent.FailoverIT
34.000\t[INFO] --- failsafe:3.5.6:verify (default) @ crony-agent ---
35.000\t[INFO] BUILD SUCCESS
"""


class JvmsTest(unittest.TestCase):

    def test_each_class_goes_to_the_jvm_that_ended_a_class_last_before_it_started(self):
        runs = timing.it_runs(IT_LOG.splitlines(True))

        self.assertEqual(len(runs), 1)
        self.assertEqual((runs[0]["module"], runs[0]["start"], runs[0]["end"]), ("crony-agent", 10.0, 34.0))
        self.assertEqual([(c["class"].rsplit(".", 1)[-1], c["jvm"], c["seconds"]) for c in runs[0]["classes"]], [
            ("OutageIT", 0, 10.0), ("EtcdAuthIT", 1, 4.0), ("FailoverIT", 1, 14.0), ("SpoolIT", 0, 1.0)])

    def test_of_two_jvms_ended_the_one_that_ended_last_takes_the_next_class(self):
        # as in a full run: HandoverIT's JVM took 3.6 s after its class to ask for OutageIT
        # (the JVMs' PIDs in the classes' output say so), LateKeepaliveIT's took 0.2 s
        log = ("0.000\t[INFO] --- failsafe:3.5.6:integration-test (default) @ crony-agent ---\n"
               "1.000\t[INFO] Running io.crony.agent.HandoverIT\n"
               "1.001\t[INFO] Running io.crony.agent.LateKeepaliveIT\n"
               "5.300\t[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 4.3 s -- in io.crony.agent.HandoverIT\n"
               "6.700\t[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 5.7 s -- in io.crony.agent.LateKeepaliveIT\n"
               "6.900\t[INFO] Running io.crony.agent.AgentFiringIT\n"
               "8.900\t[INFO] Running io.crony.agent.OutageIT\n"
               "9.000\t[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 2.1 s -- in io.crony.agent.AgentFiringIT\n"
               "9.100\t[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.2 s -- in io.crony.agent.OutageIT\n")

        classes = timing.it_runs(log.splitlines(True))[0]["classes"]

        self.assertEqual([(c["class"].rsplit(".", 1)[-1], c["jvm"]) for c in classes], [
            ("HandoverIT", 0), ("LateKeepaliveIT", 1), ("AgentFiringIT", 1), ("OutageIT", 0)])

    def test_longest_first_on_each_jvm_when_it_is_free(self):
        # 10 and 4 first, 4 then takes 3, 10 ends last; in the order 4, 3, 10 it would end at 14
        self.assertEqual(timing.longest_first([4.0, 3.0, 10.0], 2, start=2.0), 12.0)

    def test_the_jvms_and_the_idle_time_at_their_end(self):
        lines = timing.render_jvms(timing.it_runs(IT_LOG.splitlines(True))).splitlines()

        self.assertIn("crony-agent: 2 JVMs, 4 classes, class-s 29, the goal 24 s; the last class ended at 20.0 s", lines)
        self.assertIn("  JVM 1:  2 classes, class-s   11, its last ended at   13.0 s (idle   7.0 s at the end);"
                      " last SpoolIT 1 s from 12.0 s", lines)
        self.assertIn("  JVM 2:  2 classes, class-s   18, its last ended at   20.0 s (idle   0.0 s at the end);"
                      " last FailoverIT 14 s from 6.0 s", lines)
        # FailoverIT 14 and OutageIT 10 first, from 2.0 s: EtcdAuthIT and SpoolIT after OutageIT, ending at 17.0 s
        self.assertIn("  longest first: the last class would end at 17.0 s (3.0 s sooner)", lines)


class PhasesTest(unittest.TestCase):

    def test_name_seconds_status_and_cpu_seconds(self):
        path = os.path.join(tempfile.mkdtemp(), "phases.tsv")
        write(path, "services install\t1.5\tok\t0.4\nmaven\t600.0\tFAILED\t900.2\nold\t3\n")

        self.assertEqual(timing.read_phases(path), [
            ("services install", 1.5, "ok", 0.4), ("maven", 600.0, "FAILED", 900.2), ("old", 3.0, "ok", None)])


TIMING_SH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "timing.sh")


def run_timing_script(body):
    """Runs BODY in bash with timing.sh sourced and a record started, kept in a temporary
    directory; returns the finished process and the record's directory."""
    root = tempfile.mkdtemp()
    record = os.path.join(root, "timing")
    script = os.path.join(root, "script.sh")
    write(script, "set -euo pipefail\nsource %s\ntiming_start timing-test\n"
          'rm -rf "$timing_dir"; timing_dir=%s; mkdir -p "$timing_dir"; : >"$timing_dir/phases.tsv"\n%s\n'
          % (shlex.quote(TIMING_SH), shlex.quote(record), body))
    # into files, not pipes: a process the script left behind would hold a pipe open
    with open(os.path.join(root, "out"), "w+", encoding="utf-8") as out, \
            open(os.path.join(root, "err"), "w+", encoding="utf-8") as err:
        status = subprocess.run(["bash", script], stdout=out, stderr=err, timeout=600).returncode
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(script, status, out.read(), err.read()), record


class BesideTest(unittest.TestCase):
    """part_beside and part_join in timing.sh (make test builds the release beside Maven)."""

    def test_the_part_runs_at_the_idle_priority_and_its_cpu_seconds_are_its_own(self):
        done, record = run_timing_script(
            'part_beside "work" "chrt -p \\$\\$; cat /proc/self/autogroup 2>/dev/null || true;'
            ' python3 -c \'sum(range(20000000))\'; echo the work is done"\n'
            # the phase ends only after the part, so that the part ended inside it; one
            # process waits, whose own CPU seconds are few
            'phase "waits" python3 -c \'import os, sys, time\n'
            'while not os.path.exists(sys.argv[1]): time.sleep(0.1)\' "$timing_dir/part-work.status"\n'
            'part_join "work"\n'
            'echo after the join')

        self.assertEqual(done.returncode, 0, done.stderr)
        # the part's output comes when it is joined, whole
        self.assertIn("SCHED_IDLE", done.stdout)
        self.assertLess(done.stdout.index("the work is done"), done.stdout.index("after the join"))
        if os.path.exists("/proc/self/autogroup"):
            self.assertIn("nice 19", done.stdout)
        phases = timing.read_phases(os.path.join(record, "phases.tsv"))
        self.assertEqual([name for name, *_ in phases], ["  work", "waits", "work, waited for"])
        part, waits = phases[0], phases[1]
        self.assertEqual(part[2], "ok")
        self.assertGreater(part[3], 0.05)
        # the part was reaped by no shell the phase's CPU seconds are counted in
        self.assertLess(waits[3], part[3])

    @unittest.skipUnless(os.geteuid() == 0, "raising a priority back needs root (or RLIMIT_NICE)")
    def test_the_join_puts_the_part_back_at_the_normal_priority(self):
        done, _ = run_timing_script(
            'part_beside "work" "chrt -p \\$\\$; for i in \\$(seq 600); do'
            ' chrt -p \\$\\$ | grep -q SCHED_OTHER && break; sleep 0.1; done; chrt -p \\$\\$;'
            ' cat /proc/self/autogroup 2>/dev/null || true"\n'
            'part_join "work"')

        self.assertEqual(done.returncode, 0, done.stderr)
        # (it starts at the idle priority, the test above; the join may raise it before its
        # first line, so only its last is certain)
        policies = [line for line in done.stdout.splitlines() if "scheduling policy" in line]
        self.assertIn("SCHED_OTHER", policies[-1])
        if os.path.exists("/proc/self/autogroup"):
            self.assertIn("nice 0", done.stdout)

    def test_a_failed_part_fails_its_join(self):
        done, record = run_timing_script('part_beside "work" "echo broken; exit 3"\npart_join "work"\necho not reached')

        self.assertEqual(done.returncode, 3)
        self.assertIn("broken", done.stdout)
        self.assertNotIn("not reached", done.stdout)
        self.assertIn("work: FAILED (status 3)", done.stderr)
        self.assertEqual([(name, status) for name, _, status, _ in timing.read_phases(os.path.join(record, "phases.tsv"))],
                         [("  work", "FAILED"), ("work, waited for", "FAILED")])

    def test_a_failed_phase_stops_the_part_it_ran_beside(self):
        done, record = run_timing_script(
            'part_beside "work" "sleep 600"\n'
            'phase "waits" bash -c \'until [ -s "$0/part-work.pgid" ]; do sleep 0.1; done; exit 4\' "$timing_dir"\n'
            'part_join "work"')

        self.assertEqual(done.returncode, 4)
        with open(os.path.join(record, "part-work.pgid"), encoding="utf-8") as pgid:
            group = int(pgid.read())
        deadline = time.monotonic() + 30
        while True:
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                break
            self.assertLess(time.monotonic(), deadline, "the part's process group still runs")
            time.sleep(0.1)


class StampTest(unittest.TestCase):

    def test_output_passes_unchanged_and_the_log_has_each_line_after_its_time(self):
        source = io.BytesIO(b"[INFO] one\n[INFO] two\nno newline")
        sink = io.BytesIO()
        log = os.path.join(tempfile.mkdtemp(), "maven.log")

        timing.stamp(log, source, sink)

        self.assertEqual(sink.getvalue(), b"[INFO] one\n[INFO] two\nno newline")
        with open(log, "rb") as stamped:
            lines = stamped.read().split(b"\n")
        self.assertEqual([line.split(b"\t", 1)[1] for line in lines],
                         [b"[INFO] one", b"[INFO] two", b"no newline"])
        float(lines[0].split(b"\t", 1)[0])


if __name__ == "__main__":
    unittest.main()
