"""Tests of goproxy.py (run by make check: python3 -m unittest discover -s scripts/lib -p '*_test.py').
make test's release phase checks the result with the go command itself (scripts/test-release.sh)."""
import io
import json
import os
import pathlib
import tempfile
import unittest
import zipfile
from contextlib import redirect_stdout

import goproxy


class GoProxyTest(unittest.TestCase):

    def setUp(self):
        self.dir = pathlib.Path(tempfile.mkdtemp())
        self.module = self.dir / "module"
        for name, text in {"go.mod": "module crony.io/sdk-go\n", "a.go": "package a\n",
                           "cronyapi/b.go": "package cronyapi\n", "nested/go.mod": "module other\n",
                           "nested/c.go": "package c\n", "vendor/x/d.go": "package x\n"}.items():
            (self.module / name).parent.mkdir(parents=True, exist_ok=True)
            (self.module / name).write_text(text)
        self.gomod = self.dir / "release-go.mod"
        self.gomod.write_text("module crony.io/sdk-go\n\nrequire x v1.0.0\n")
        self.out = self.dir / "proxy"

    def publish(self, version, module="crony.io/sdk-go"):
        files = [str(p.relative_to(self.module)) for p in self.module.rglob("*") if p.is_file()]
        with redirect_stdout(io.StringIO()):
            goproxy.main(str(self.out), module, version, str(self.module), str(self.gomod), "2026-11-29T04:00:00Z",
                         *files)

    def test_the_zip_holds_the_module_under_its_path_and_version_without_nested_modules_or_vendor(self):
        self.publish("v0.2.0")
        with zipfile.ZipFile(self.out / "crony.io/sdk-go/@v/v0.2.0.zip") as z:
            names = sorted(z.namelist())
            go_mod = z.read("crony.io/sdk-go@v0.2.0/go.mod").decode()
        self.assertEqual(["crony.io/sdk-go@v0.2.0/LICENSE", "crony.io/sdk-go@v0.2.0/a.go",
                          "crony.io/sdk-go@v0.2.0/cronyapi/b.go", "crony.io/sdk-go@v0.2.0/go.mod"], names)
        # the go.mod given, not the directory's (crony-trigger's requires the released SDK)
        self.assertIn("require x v1.0.0", go_mod)
        self.assertEqual(go_mod, (self.out / "crony.io/sdk-go/@v/v0.2.0.mod").read_text())

    def test_info_and_list_name_each_version_once(self):
        self.publish("v0.2.0")
        self.publish("v0.3.0")
        self.publish("v0.2.0")
        info = json.loads((self.out / "crony.io/sdk-go/@v/v0.3.0.info").read_text())
        self.assertEqual({"Version": "v0.3.0", "Time": "2026-11-29T04:00:00Z"}, info)
        self.assertEqual("v0.2.0\nv0.3.0\n", (self.out / "crony.io/sdk-go/@v/list").read_text())

    def test_an_upper_case_letter_in_the_path_is_escaped(self):
        self.publish("v1.0.0", module="example.com/Crony")
        self.assertTrue((self.out / "example.com/!crony/@v/v1.0.0.zip").is_file())
        with zipfile.ZipFile(self.out / "example.com/!crony/@v/v1.0.0.zip") as z:
            self.assertIn("example.com/Crony@v1.0.0/a.go", z.namelist())


if __name__ == "__main__":
    unittest.main()
