#!/usr/bin/env python3
"""Checks that every crony_* metric the Grafana dashboard and the alert rules ask for is a
meter Crony registers: its Prometheus name must start with a Micrometer name found in the
Java sources ("crony.purge.duration" -> crony_purge_duration_seconds_count). A renamed
meter otherwise leaves a panel empty and an alert silent without anyone noticing.

    check-metric-names.py REPO
"""
import json
import pathlib
import re
import sys

repo = pathlib.Path(sys.argv[1])
here = repo / "deploy" / "observability"
meters = set()
for f in repo.glob("crony-*/src/main/java/**/*.java"):
    meters.update(m.replace(".", "_") for m in
                  re.findall(r'(?:Counter|Gauge|Timer|DistributionSummary|LongTaskTimer)\.builder\(\s*"(crony\.[a-z0-9_.]+)"', f.read_text()))
exprs = [t["expr"] for p in json.loads((here / "grafana-dashboard.json").read_text())["panels"] for t in p.get("targets", [])]
exprs.append((here / "prometheus-rules.yaml").read_text())
wanted = {n for e in exprs for n in re.findall(r"\b(crony_[a-z0-9_]+)", e)}
missing = sorted(n for n in wanted if not any(n == m or n.startswith(m + "_") for m in meters))
if missing:
    print("metrics asked for but registered nowhere in crony-*/src/main: " + ", ".join(missing), file=sys.stderr)
    sys.exit(1)
print(f"metric names: {len(wanted)} crony_* metrics of the dashboard and rules are registered")
