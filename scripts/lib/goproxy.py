"""One module version as a Go module proxy serves it (GOPROXY=file://...; the layout of
https://go.dev/ref/mod#goproxy-protocol): MODULE/@v/list, vVERSION.info, .mod and .zip.

    python3 goproxy.py OUT MODULE VERSION DIR GO_MOD TIME FILE...

FILE... are the module's files, relative to DIR (make release passes git's list). The zip
holds them under MODULE@VERSION/, as `go mod download` expects: no file of a nested module
(a directory with its own go.mod), no vendor/ directory, GO_MOD as go.mod (make release
rewrites crony-trigger's to require the SDK of the same release), and the repository's
LICENSE at the root when the module has none of its own. `go` checks the rest when it
reads the zip, which make test's consumer build does (scripts/test-release.sh).
"""

import json
import pathlib
import sys
import zipfile


def main(out, module, version, directory, go_mod, time, *files):
    root = pathlib.Path(directory)
    nested = {str(p.parent) for p in (pathlib.Path(f) for f in files) if p.name == "go.mod" and str(p.parent) != "."}
    keep = []
    for f in sorted(set(files)):
        path = pathlib.PurePosixPath(f)
        if any(str(parent) in nested for parent in path.parents) or "vendor" in path.parts:
            continue
        if f == "go.mod" or not (root / f).is_file():
            continue
        keep.append(f)
    # the protocol's case escaping: an upper-case letter is "!" and the letter in lower case
    escaped = "".join("!" + c.lower() if c.isupper() else c for c in module)
    target = pathlib.Path(out) / escaped / "@v"
    target.mkdir(parents=True, exist_ok=True)
    prefix = f"{module}@{version}/"
    mod = pathlib.Path(go_mod).read_bytes()
    with zipfile.ZipFile(target / f"{version}.zip", "w", zipfile.ZIP_DEFLATED) as z:
        def add(name, data):
            info = zipfile.ZipInfo(prefix + name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)

        add("go.mod", mod)
        for f in keep:
            add(f, (root / f).read_bytes())
        if "LICENSE" not in keep:
            license_file = pathlib.Path(__file__).resolve().parents[2] / "LICENSE"
            add("LICENSE", license_file.read_bytes())
    (target / f"{version}.mod").write_bytes(mod)
    (target / f"{version}.info").write_text(json.dumps({"Version": version, "Time": time}) + "\n")
    listed = target / "list"
    versions = listed.read_text().split() if listed.exists() else []
    if version not in versions:
        versions.append(version)
    listed.write_text("".join(v + "\n" for v in versions))
    print(f"{module}@{version}: {len(keep) + 1} files")


if __name__ == "__main__":
    main(*sys.argv[1:])
