#!/usr/bin/env python3
"""Checks rendered Kubernetes objects against the Pod Security Standards' `restricted`
profile (kubernetes.io/docs/concepts/security/pod-security-standards, the checks the
PodSecurity admission controller makes for `enforce: restricted`, Kubernetes 1.30), plus
what this chart promises beyond it: a read-only root file system in every container and,
for crony-web and crony-agent, a ServiceAccount of the chart's own with no token mounted.

    check-pod-security.py DIR...    (every *.yml / *.yaml below each DIR, one or more objects a file)

Prints one line per violation, naming the object and the container, and exits 1 when there
is any; prints "pod security: N pod specs restricted" and exits 0 otherwise. Used by
scripts/test-chart.sh, so no cluster is needed.
"""
import pathlib
import sys

import yaml

# volume types `restricted` allows; anything else (hostPath first of all) is refused
ALLOWED_VOLUMES = {"configMap", "csi", "downwardAPI", "emptyDir", "ephemeral",
                   "persistentVolumeClaim", "projected", "secret"}
# baseline: sysctls any pod may set
SAFE_SYSCTLS = {"kernel.shm_rmid_forced", "net.ipv4.ip_local_port_range", "net.ipv4.ip_unprivileged_port_start",
                "net.ipv4.tcp_syncookies", "net.ipv4.ping_group_range", "net.ipv4.ip_local_reserved_ports",
                "net.ipv4.tcp_keepalive_time", "net.ipv4.tcp_fin_timeout", "net.ipv4.tcp_keepalive_intvl",
                "net.ipv4.tcp_keepalive_probes"}
BASELINE_CAPS = {"AUDIT_WRITE", "CHOWN", "DAC_OVERRIDE", "FOWNER", "FSETID", "KILL", "MKNOD", "NET_BIND_SERVICE",
                 "SETFCAP", "SETGID", "SETPCAP", "SETUID", "SYS_CHROOT"}


def pod_spec(obj):
    """The pod spec inside a workload object, or None for objects without one."""
    kind = obj.get("kind")
    spec = obj.get("spec") or {}
    if kind == "Pod":
        return spec
    if kind in ("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job"):
        return (spec.get("template") or {}).get("spec")
    if kind == "CronJob":
        return (((spec.get("jobTemplate") or {}).get("spec") or {}).get("template") or {}).get("spec")
    return None


def check(obj):
    """The violations of one object's pod spec, as strings."""
    spec = pod_spec(obj)
    if spec is None:
        return None
    bad = []
    psc = spec.get("securityContext") or {}
    for host in ("hostNetwork", "hostPID", "hostIPC"):
        if spec.get(host):
            bad.append(f"pod: {host} is set")
    for v in spec.get("volumes") or []:
        types = set(v) - {"name"}
        if not types <= ALLOWED_VOLUMES:
            bad.append(f"pod: volume {v.get('name')} is of a type restricted forbids ({', '.join(sorted(types))})")
    for s in psc.get("sysctls") or []:
        if s.get("name") not in SAFE_SYSCTLS:
            bad.append(f"pod: sysctl {s.get('name')} is not safe")
    if psc.get("runAsUser") == 0:
        bad.append("pod: runAsUser is 0")
    if (psc.get("seLinuxOptions") or {}).get("user") or (psc.get("seLinuxOptions") or {}).get("role"):
        bad.append("pod: seLinuxOptions sets a user or role")
    if ((psc.get("windowsOptions") or {}).get("hostProcess")):
        bad.append("pod: windowsOptions.hostProcess")
    pod_seccomp = (psc.get("seccompProfile") or {}).get("type")
    if pod_seccomp not in (None, "RuntimeDefault", "Localhost"):
        bad.append(f"pod: seccompProfile {pod_seccomp}")
    containers = [("initContainer", c) for c in spec.get("initContainers") or []] + \
                 [("container", c) for c in spec.get("containers") or []] + \
                 [("ephemeralContainer", c) for c in spec.get("ephemeralContainers") or []]
    for what, c in containers:
        name = f"{what} {c.get('name')}"
        sc = c.get("securityContext") or {}
        if sc.get("privileged"):
            bad.append(f"{name}: privileged")
        if sc.get("allowPrivilegeEscalation") is not False:
            bad.append(f"{name}: allowPrivilegeEscalation is not false")
        caps = sc.get("capabilities") or {}
        if "ALL" not in (caps.get("drop") or []):
            bad.append(f"{name}: capabilities.drop lacks ALL")
        for cap in caps.get("add") or []:
            if cap != "NET_BIND_SERVICE":
                bad.append(f"{name}: adds capability {cap}")
            if cap not in BASELINE_CAPS:
                bad.append(f"{name}: adds capability {cap} (not even baseline)")
        run_as_non_root = sc.get("runAsNonRoot", psc.get("runAsNonRoot"))
        if run_as_non_root is not True:
            bad.append(f"{name}: runAsNonRoot is not true (neither the container nor the pod sets it)")
        if sc.get("runAsUser") == 0:
            bad.append(f"{name}: runAsUser is 0")
        seccomp = (sc.get("seccompProfile") or {}).get("type", pod_seccomp)
        if seccomp not in ("RuntimeDefault", "Localhost"):
            bad.append(f"{name}: seccompProfile is {seccomp or 'unset'} (RuntimeDefault or Localhost, on the pod or the container)")
        if sc.get("procMount") not in (None, "Default"):
            bad.append(f"{name}: procMount {sc.get('procMount')}")
        if (sc.get("seLinuxOptions") or {}).get("user") or (sc.get("seLinuxOptions") or {}).get("role"):
            bad.append(f"{name}: seLinuxOptions sets a user or role")
        for p in c.get("ports") or []:
            if p.get("hostPort"):
                bad.append(f"{name}: hostPort {p['hostPort']}")
        # beyond `restricted`: what the chart promises
        if sc.get("readOnlyRootFilesystem") is not True:
            bad.append(f"{name}: readOnlyRootFilesystem is not true")
    component = ((obj.get("metadata") or {}).get("labels") or {}).get("app.kubernetes.io/component")
    if component in ("web", "agent"):
        if not spec.get("serviceAccountName"):
            bad.append("pod: no serviceAccountName (the chart's own ServiceAccount)")
        if spec.get("automountServiceAccountToken") is not False:
            bad.append("pod: automountServiceAccountToken is not false (Crony never calls the Kubernetes API)")
    return bad


def main(dirs):
    specs = 0
    failures = []
    for d in dirs:
        for f in sorted(list(pathlib.Path(d).rglob("*.yml")) + list(pathlib.Path(d).rglob("*.yaml"))):
            for obj in yaml.safe_load_all(f.read_text()):
                if not isinstance(obj, dict):
                    continue
                bad = check(obj)
                if bad is None:
                    continue
                specs += 1
                where = f"{f}: {obj.get('kind')} {(obj.get('metadata') or {}).get('name')}"
                failures += [f"{where}: {b}" for b in bad]
    for line in failures:
        print(line, file=sys.stderr)
    if failures:
        print(f"pod security: {len(failures)} violations of the restricted profile", file=sys.stderr)
        return 1
    if specs == 0:
        print("pod security: no pod spec found", file=sys.stderr)
        return 1
    print(f"pod security: {specs} pod specs restricted")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
