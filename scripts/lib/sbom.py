"""The release's CycloneDX SBOMs (dist/sbom/): naming the released component in each, and
checking what each says.

    python3 sbom.py stamp FILE NAME VERSION
    python3 sbom.py check FILE NAME COMPONENT...

stamp gives the SBOM's main component (metadata.component) the name and version of the
release: cyclonedx-gomod reads a module's version from git, which the release's copy of the
tree has not, and npm names the dashboard after package.json's name and version. The
bom-ref stays as the tool wrote it, since the dependency graph refers to it.

check fails unless FILE is a CycloneDX JSON document whose main component is NAME and
whose components name each COMPONENT (make test's release check: scripts/test-release.sh).
"""

import json
import sys


def stamp(path, name, version):
    with open(path, encoding="utf-8") as f:
        bom = json.load(f)
    main = bom.setdefault("metadata", {}).setdefault("component", {})
    main["name"] = name
    main["version"] = version
    purl = main.get("purl")
    if purl:
        # pkg:type/namespace/name@version?qualifiers: the released name and version
        kind = purl.split("/", 1)[0]
        qualifiers = purl.split("?", 1)[1] if "?" in purl else ""
        main["purl"] = f"{kind}/{name}@{version}" + (f"?{qualifiers}" if qualifiers else "")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(bom, f, indent=2)
        f.write("\n")


def check(path, name, *components):
    with open(path, encoding="utf-8") as f:
        bom = json.load(f)
    problems = []
    if bom.get("bomFormat") != "CycloneDX":
        problems.append("not a CycloneDX document")
    main = bom.get("metadata", {}).get("component", {}).get("name")
    if main != name:
        problems.append(f"its main component is {main!r}, not {name!r}")
    names = {c.get("name") for c in bom.get("components", [])}
    # Maven's SBOMs name a component by artifactId and its group apart: either matches
    names |= {f"{c.get('group')}:{c.get('name')}" for c in bom.get("components", []) if c.get("group")}
    problems += [f"names no component {c}" for c in components if c not in names]
    if problems:
        sys.exit(f"{path}: " + "; ".join(problems))
    return len(bom.get("components", []))


def main(command, *args):
    if command == "stamp":
        stamp(*args)
    elif command == "check":
        print(check(*args))
    else:
        sys.exit(f"unknown command {command}: stamp or check")


if __name__ == "__main__":
    main(*sys.argv[1:])
