"""Tests of sbom.py (run by make check: python3 -m unittest discover -s scripts/lib -p '*_test.py').
make test's release phase runs its check on the SBOMs a release makes (scripts/test-release.sh)."""
import json
import pathlib
import tempfile
import unittest

import sbom


class SbomTest(unittest.TestCase):

    def write(self, bom):
        path = pathlib.Path(tempfile.mkdtemp()) / "bom.cdx.json"
        path.write_text(json.dumps(bom))
        return str(path)

    def go_bom(self):
        # as cyclonedx-gomod writes it in a copy of the tree without git: no version
        return {"bomFormat": "CycloneDX", "metadata": {"component": {
            "bom-ref": "pkg:golang/crony.io/sdk-go?type=module", "name": "crony.io/sdk-go",
            "purl": "pkg:golang/crony.io/sdk-go?goos=linux&type=module"}},
            "components": [{"name": "google.golang.org/grpc", "version": "v1.75.0"}]}

    def test_stamp_names_the_release_and_keeps_the_bom_ref(self):
        path = self.write(self.go_bom())
        sbom.stamp(path, "crony.io/sdk-go", "v0.2.0")
        main = json.loads(pathlib.Path(path).read_text())["metadata"]["component"]
        self.assertEqual(main["version"], "v0.2.0")
        self.assertEqual(main["purl"], "pkg:golang/crony.io/sdk-go@v0.2.0?goos=linux&type=module")
        self.assertEqual(main["bom-ref"], "pkg:golang/crony.io/sdk-go?type=module")

    def test_stamp_renames_an_npm_package(self):
        path = self.write({"bomFormat": "CycloneDX", "metadata": {"component": {
            "name": "frontend", "version": "0.1.0", "purl": "pkg:npm/crony-frontend@0.1.0"}}, "components": []})
        sbom.stamp(path, "crony-dashboard", "0.2.0")
        main = json.loads(pathlib.Path(path).read_text())["metadata"]["component"]
        self.assertEqual((main["name"], main["purl"]), ("crony-dashboard", "pkg:npm/crony-dashboard@0.2.0"))

    def test_check_counts_the_components_it_finds(self):
        self.assertEqual(sbom.check(self.write(self.go_bom()), "crony.io/sdk-go", "google.golang.org/grpc"), 1)

    def test_check_takes_a_maven_component_by_group_and_name(self):
        path = self.write({"bomFormat": "CycloneDX", "metadata": {"component": {"name": "crony-sdk-java"}},
                           "components": [{"group": "com.fasterxml.jackson.core", "name": "jackson-databind"}]})
        self.assertEqual(sbom.check(path, "crony-sdk-java", "com.fasterxml.jackson.core:jackson-databind"), 1)

    def test_check_fails_on_a_missing_component_or_another_main_component(self):
        path = self.write(self.go_bom())
        with self.assertRaises(SystemExit) as missing:
            sbom.check(path, "crony.io/sdk-go", "google.golang.org/protobuf")
        self.assertIn("names no component google.golang.org/protobuf", str(missing.exception))
        with self.assertRaises(SystemExit) as other:
            sbom.check(path, "crony.io/trigger")
        self.assertIn("not 'crony.io/trigger'", str(other.exception))

    def test_check_fails_on_what_is_not_cyclonedx(self):
        with self.assertRaises(SystemExit):
            sbom.check(self.write({"spdxVersion": "SPDX-2.3"}), "crony.io/sdk-go")


if __name__ == "__main__":
    unittest.main()
