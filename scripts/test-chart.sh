#!/usr/bin/env bash
# Checks the Helm chart offline, with no cluster: helm lint, helm template with the default
# values (with and without --kube-version), etcd TLS with a CA only, the HA example (client
# certificates, crony-trigger CronJobs) and every optional part on (deploy/helm/crony/ci/),
# every rendered object validated against the Kubernetes schemas (kubernetes-validate from
# PyPI, which carries them; the Prometheus Operator's objects have no schema there), every
# pod spec checked against Pod Security `restricted` (deploy/helm/check-pod-security.py),
# the tracing settings in the pods' env when set and absent when not, the alert rules with
# their promtool unit tests (deploy/observability/), and the compose
# file's secrets, memory limits and start order (deploy/compose/check-compose.py). Installs helm
# with `go install` (a few minutes, once), kubernetes-validate into a venv under .crony/ and
# promtool (Debian's prometheus package) when missing.
#
# Prints "chart: N objects valid (default), ..." when green.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
chart=deploy/helm/crony
out=$repo/.crony/chart
k8s_version=1.30.0
helm_version=v3.22.0

log() { echo "[chart] $*" >&2; }

if ! command -v go >/dev/null && [ -x /usr/local/go/bin/go ]; then
	export PATH="/usr/local/go/bin:$PATH"
fi
gobin=$(go env GOPATH)/bin
helm=$gobin/helm
# a go-installed helm reports its minor version only (v3.22)
if ! [ -x "$helm" ] || ! "$helm" version --short 2>/dev/null | grep -q "^${helm_version%.*}"; then
	log "installing helm $helm_version (go install, a few minutes the first time)"
	(cd /tmp && go install "helm.sh/helm/v3/cmd/helm@$helm_version")
fi
if ! command -v promtool >/dev/null; then
	log "installing promtool (Debian package prometheus)"
	sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	"${sudo[@]}" apt-get update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi
venv=$repo/.crony/venv-chart
if ! [ -x "$venv/bin/kubernetes-validate" ]; then
	log "installing kubernetes-validate (PyPI)"
	python3 -m venv "$venv"
	"$venv/bin/pip" install -q 'kubernetes-validate==1.37.0'
fi

rm -rf "$out"
mkdir -p "$out"
"$helm" lint --strict "$chart" >"$out/lint.log" 2>&1 || {
	cat "$out/lint.log" >&2
	exit 1
}
"$helm" lint --strict "$chart" -f "$chart/ci/ha-values.yaml" >>"$out/lint.log" 2>&1 || {
	cat "$out/lint.log" >&2
	exit 1
}

# One file per rendered object, so each is validated on its own and named in a failure.
render() {
	local name=$1
	shift
	mkdir -p "$out/$name"
	# files/ links to deploy/observability; helm says so on every render
	"$helm" template crony "$chart" --namespace crony "$@" --output-dir "$out/$name" 2> >(grep -v 'found symbolic link' >&2) >/dev/null
	python3 - "$out/$name" <<-'PY'
		import pathlib, sys
		root = pathlib.Path(sys.argv[1])
		n = 0
		for f in sorted(root.rglob("*.yaml")):
		    docs = [d for d in f.read_text().split("\n---\n") if d.strip() and not all(l.startswith("#") or not l.strip() for l in d.splitlines())]
		    for d in docs:
		        n += 1
		        (root / f"object-{n:03d}.yml").write_text(d)
		    f.unlink()
		print(n)
	PY
}

# All sets in one run of each checker (a Python start and the schemas' load cost seconds each).
validate() {
	local objects=() name
	for name in "$@"; do
		for f in "$out/$name"/object-*.yml; do
			grep -q '^apiVersion: monitoring.coreos.com/' "$f" || objects+=("$f")
		done
	done
	"$venv/bin/kubernetes-validate" --strict --kubernetes-version "$k8s_version" "${objects[@]}" >"$out/validate.log" 2>&1 || {
		cat "$out/validate.log" >&2
		log "schema validation failed"
		exit 1
	}
	"$venv/bin/python" deploy/helm/check-pod-security.py "${@/#/$out/}" >>"$out/validate.log" 2>&1 || {
		cat "$out/validate.log" >&2
		log "Pod Security restricted check failed"
		exit 1
	}
}

kv=(--kube-version "$k8s_version")
default_count=$(render default "${kv[@]}")
# helm's own default Kubernetes version (as `helm template` and `helm lint` use it)
render no-kube-version >/dev/null
tls_count=$(render tls-ca-only "${kv[@]}" -f "$chart/ci/tls-ca-only-values.yaml")
# a CA alone: the CA file, no client certificate or key (the app would fail to read them)
grep -q CRONY_ETCD_TLS_CAFILE "$out/tls-ca-only"/object-*.yml && ! grep -q 'CRONY_ETCD_TLS_\(CERT\|KEY\)FILE' "$out/tls-ca-only"/object-*.yml || {
	log "etcd TLS with a CA only must give the CA file and no client certificate or key"
	exit 1
}
ha_count=$(render ha "${kv[@]}" -f "$chart/ci/ha-values.yaml")
full_count=$(render full "${kv[@]}" -f "$chart/ci/full-values.yaml")
validate default tls-ca-only ha full
# the PrometheusRule carries the rules promtool checks below
"$venv/bin/python" - "$out/full" "$out/full-rules.yaml" <<-'PY'
	import pathlib, sys, yaml
	for f in pathlib.Path(sys.argv[1]).glob("object-*.yml"):
	    o = yaml.safe_load(f.read_text())
	    if o.get("kind") == "PrometheusRule":
	        pathlib.Path(sys.argv[2]).write_text(yaml.safe_dump(o["spec"]))
	        break
	else:
	    sys.exit("no PrometheusRule rendered")
PY
promtool check rules "$out/full-rules.yaml" >"$out/promtool.log" 2>&1 || {
	cat "$out/promtool.log" >&2
	log "the PrometheusRule's rules are not valid"
	exit 1
}
# The chart's own schema refuses a misspelt key, also inside a crony-trigger CronJob entry,
# and an entry with both modes, and an etcd client certificate without its key.
# tracing: set (full-values.yaml), web gets the endpoint, the probability and the link
# template and agents the first two; unset (default), neither gets any of them (an empty
# endpoint would still make an exporter)
"$venv/bin/python" - "$out/full" "$out/default" <<-'PY'
	import pathlib, sys, yaml
	NAMES = {"MANAGEMENT_OTLP_TRACING_ENDPOINT", "MANAGEMENT_TRACING_SAMPLING_PROBABILITY", "CRONY_WEB_TRACING_LINK_TEMPLATE"}
	def tracing_env(root):
	    got = {}
	    for f in pathlib.Path(root).glob("object-*.yml"):
	        o = yaml.safe_load(f.read_text())
	        if o.get("kind") in ("Deployment", "StatefulSet"):
	            for c in o["spec"]["template"]["spec"]["containers"]:
	                if c["name"] in ("web", "agent"):
	                    got[c["name"]] = {e["name"]: e.get("value") for e in c.get("env", []) if e["name"] in NAMES}
	    return got
	exported = {"MANAGEMENT_OTLP_TRACING_ENDPOINT": "http://otel-collector.observability:4318/v1/traces",
	            "MANAGEMENT_TRACING_SAMPLING_PROBABILITY": "0.25"}
	want = {"web": {**exported, "CRONY_WEB_TRACING_LINK_TEMPLATE": "https://jaeger.example.com/trace/{traceId}"},
	        "agent": exported}
	if tracing_env(sys.argv[1]) != want:
	    sys.exit(f"tracing values set: the containers' tracing env is {tracing_env(sys.argv[1])}, not {want}")
	if tracing_env(sys.argv[2]) != {"web": {}, "agent": {}}:
	    sys.exit(f"tracing values unset: the containers still get {tracing_env(sys.argv[2])}")
PY
# the alert rules: each has a promtool unit test; the dashboard's and rules' crony_* metrics exist
promtool test rules deploy/observability/prometheus-rules.test.yaml >"$out/promtool-test.log" 2>&1 || {
	cat "$out/promtool-test.log" >&2
	log "promtool unit tests of the alert rules failed"
	exit 1
}
python3 deploy/observability/check-metric-names.py "$repo" >/dev/null
# the images' base takes Debian's security updates (build.sh --plan only prints, builds nothing)
grep -q ' bookworm-security main$' <<<"$(bash deploy/images/build.sh --plan)" || {
	log "deploy/images/build.sh: the base image's sources lack bookworm-security"
	exit 1
}
# the compose stack's secrets per container, memory limits, start order (no podman needed)
"$venv/bin/python" deploy/compose/check-compose.py deploy/compose/compose.yaml >/dev/null
refused() {
	local what=$1 expect=$2
	shift 2
	local out
	if out=$("$helm" template crony "$chart" "$@" 2>&1); then
		log "values.schema.json accepted $what"
		exit 1
	fi
	grep -q -- "$expect" <<<"$out" || {
		echo "$out" >&2
		log "$what was refused, but not by values.schema.json"
		exit 1
	}
}
refused "an unknown key (web.replicaz)" "additional properties 'replicaz'" --set web.replicaz=3
trigger_job='trigger.jobs[0].name=t,trigger.jobs[0].schedule=@daily,trigger.jobs[0].call.url=http://a,trigger.jobs[0].call.dingTalk.secretName=d'
refused "a misspelt trigger key (call.retrys)" "additional properties 'retrys'" --set "$trigger_job,trigger.jobs[0].call.retrys=1"
refused "a trigger with both call and crony" "'oneOf' failed" --set "$trigger_job,trigger.jobs[0].crony.auth.secretName=s"
refused "an etcd client certificate without its key" "certKey and etcd.tls.keyKey go together" --set etcd.tls.enabled=true,etcd.tls.secretName=t,etcd.tls.certKey=tls.crt
refused "a sampling probability above 1" "samplingProbability" --set tracing.samplingProbability=2
refused "a trace link template without {traceId}" "linkTemplate" --set tracing.linkTemplate=https://jaeger.example.com/search
refused "a topology spread constraint without topologyKey" "missing property 'topologyKey'" --set 'web.topologySpreadConstraints[0].maxSkew=1,web.topologySpreadConstraints[0].whenUnsatisfiable=DoNotSchedule'
echo "chart: $default_count objects valid (default), $tls_count (etcd TLS, CA only), $ha_count (ha), $full_count (everything on), Kubernetes $k8s_version schemas, Pod Security restricted, tracing env checked, alert rules tested, compose checked"
