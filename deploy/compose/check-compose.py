#!/usr/bin/env python3
"""Checks compose.yaml for what a container host needs and podman-compose cannot check:
no env_file (it hands every secret to every container), each container's secrets limited to
what it uses, a memory limit on every container, agents started after a healthy web (which
creates the schema), web after healthy etcd and MariaDB, the header naming
containers.conf, the tracing settings passed to web and agents only when the env file sets
them (bare keys, each described in crony.env.example) and the Jaeger collector optional (a
profile). Runs in seconds without podman (scripts/test-chart.sh).

    check-compose.py deploy/compose/compose.yaml
"""
import pathlib
import re
import sys

import yaml

SECRETS = {"MARIADB_PASSWORD", "SPRING_DATASOURCE_PASSWORD", "CRONY_ADMIN_PASSWORD", "CRONY_SECRET_KEY"}
# which secrets each kind of container reads (by image name)
NEEDS = {
    "crony-web": {"SPRING_DATASOURCE_PASSWORD", "CRONY_ADMIN_PASSWORD", "CRONY_SECRET_KEY"},
    "crony-agent": {"SPRING_DATASOURCE_PASSWORD", "CRONY_SECRET_KEY"},
    "crony-mariadb": {"MARIADB_PASSWORD"},
}
# settings web and agents take from the env file only when it sets them: a bare key (no
# value) is passed on with the file's value, or not at all; a value or a default here would
# reach the JVM even when unset, and an empty OTLP endpoint still makes an exporter
PASSED_WHEN_SET = {
    "crony-web": {"MANAGEMENT_OTLP_TRACING_ENDPOINT", "MANAGEMENT_TRACING_SAMPLING_PROBABILITY",
                  "CRONY_WEB_TRACING_LINK_TEMPLATE"},
    "crony-agent": {"MANAGEMENT_OTLP_TRACING_ENDPOINT", "MANAGEMENT_TRACING_SAMPLING_PROBABILITY"},
}
# images of optional services, started only with their profile
OPTIONAL = {"crony-jaeger"}

path = pathlib.Path(sys.argv[1])
text = path.read_text()
compose = yaml.safe_load(text)
bad = []
header = "".join(l for l in text.splitlines(True) if l.startswith("#"))
if "containers.conf" not in header:
    bad.append("the header does not say that CONTAINERS_CONF=deploy/images/containers.conf is needed")
for name, svc in compose["services"].items():
    image = re.sub(r"^.*/|:.*$", "", svc.get("image", ""))
    if "env_file" in svc:
        bad.append(f"{name}: env_file hands every secret in the file to the container")
    if not svc.get("mem_limit") and not (((svc.get("deploy") or {}).get("resources") or {}).get("limits") or {}).get("memory"):
        bad.append(f"{name}: no memory limit")
    env = svc.get("environment") or {}
    if isinstance(env, list):
        env = dict((e.split("=", 1) + [None])[:2] for e in env)
    given = {k for k, v in env.items() if k in SECRETS or any(f"${{{s}" in str(v) for s in SECRETS)}
    extra = given - NEEDS.get(image, set())
    if extra:
        bad.append(f"{name}: gets secrets it does not use: {', '.join(sorted(extra))}")
    missing = NEEDS.get(image, set()) - given
    if missing:
        bad.append(f"{name}: lacks secrets it needs: {', '.join(sorted(missing))}")
    deps = svc.get("depends_on") or {}
    if isinstance(deps, list):
        deps = {d: {"condition": "service_started"} for d in deps}
    healthy = {d for d, c in deps.items() if (c or {}).get("condition") == "service_healthy"}
    if image == "crony-agent" and not any(d.startswith("web") for d in healthy):
        bad.append(f"{name}: does not wait for a healthy web (depends_on condition service_healthy): it would start before the schema exists")
    if image == "crony-web" and not {"etcd", "mariadb"} <= healthy:
        bad.append(f"{name}: does not wait for healthy etcd and MariaDB")
    for key in sorted(PASSED_WHEN_SET.get(image, set())):
        if key not in env:
            bad.append(f"{name}: lacks {key} (a bare key, passed on when the env file sets it)")
        elif env[key] is not None:
            bad.append(f"{name}: {key} has a value here ({env[key]!r}): leave the key bare, so that the"
                       " container gets it only when the env file sets it")
    if image in OPTIONAL and not svc.get("profiles"):
        bad.append(f"{name}: is optional and must have a profile, or it starts with every `up`")
example = path.with_name("crony.env.example")
documented = example.read_text() if example.exists() else ""
for key in sorted(set().union(*PASSED_WHEN_SET.values()) | {"COMPOSE_PROFILES"}):
    if f"\n# {key}=" not in documented:
        bad.append(f"{example}: does not describe {key} (as a commented line `# {key}=...`)")
for b in bad:
    print(f"{path}: {b}", file=sys.stderr)
if bad:
    sys.exit(1)
print(f"compose: {len(compose['services'])} services checked")
