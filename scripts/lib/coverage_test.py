"""Tests of coverage.py (run by make check: python3 -m unittest discover -s scripts/lib -p '*_test.py')."""
import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

import coverage

HEADER = ("GROUP,PACKAGE,CLASS,INSTRUCTION_MISSED,INSTRUCTION_COVERED,BRANCH_MISSED,BRANCH_COVERED,"
          "LINE_MISSED,LINE_COVERED,COMPLEXITY_MISSED,COMPLEXITY_COVERED,METHOD_MISSED,METHOD_COVERED\n")


class CheckTest(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.csv = os.path.join(self.dir, "jacoco.csv")
        with open(self.csv, "w") as f:
            f.write(HEADER)
            # 80 % lines, 50 % branches over both modules; the generated class would halve them
            f.write("crony-web,io.crony.web,A,0,0,5,5,10,40,0,0,0,0\n")
            f.write("crony-agent,io.crony.agent,B,0,0,0,0,10,40,0,0,0,0\n")
            f.write("crony-common,io.crony.common.grpc.v1,Gen,0,0,100,0,100,0,0,0,0,0\n")
        self.summary = os.path.join(self.dir, "coverage-summary.json")
        with open(self.summary, "w") as f:
            json.dump({"total": {"lines": {"pct": 90.0}, "branches": {"pct": 70.0}}}, f)

    def run_check(self, java_lines):
        floor = os.path.join(self.dir, "floor.json")
        with open(floor, "w") as f:
            json.dump({"tolerance": 0.5, "java": {"lines": java_lines, "branches": 50.0},
                       "dashboard": {"lines": 90.0, "branches": 70.0}}, f)
        args = type("Args", (), {"jacoco_csv": self.csv, "vitest_summary": self.summary, "floor": floor})
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = coverage.check(args)
        return status, out.getvalue(), err.getvalue()

    def test_within_half_a_point_of_the_floor_passes(self):
        status, out, _ = self.run_check(80.5)

        self.assertEqual(status, 0)
        self.assertIn("floor java lines: 80.5 %, measured 80.0 % (ok)", out)

    def test_more_than_half_a_point_below_the_floor_fails(self):
        status, out, err = self.run_check(80.6)

        self.assertEqual(status, 1)
        self.assertIn("floor java lines: 80.6 %, measured 80.0 % (BELOW FLOOR)", out)
        self.assertIn("java lines 80.0 % is more than 0.5 points below its floor 80.6 %", err)


if __name__ == "__main__":
    unittest.main()
