#!/usr/bin/env bash
# Checks the Helm chart offline, with no cluster: helm lint, helm template with the default
# values and with the HA example (deploy/helm/crony/ci/ha-values.yaml, which has crony-trigger
# CronJobs too), and every rendered object validated against the Kubernetes schemas (kubernetes-validate from PyPI, which
# carries them). Installs helm with `go install` (a few minutes, once) and
# kubernetes-validate into a venv under .crony/ when missing.
#
# Prints "chart: N objects valid (default), M objects valid (ha)" when green.
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
venv=$repo/.crony/venv-chart
if ! [ -x "$venv/bin/kubernetes-validate" ]; then
	log "installing kubernetes-validate (PyPI)"
	python3 -m venv "$venv"
	"$venv/bin/pip" install -q 'kubernetes-validate==1.37.0'
fi

rm -rf "$out"
mkdir -p "$out"
"$helm" lint --strict "$chart" >"$out/lint.log" || {
	cat "$out/lint.log" >&2
	exit 1
}
"$helm" lint --strict "$chart" -f "$chart/ci/ha-values.yaml" >>"$out/lint.log" || {
	cat "$out/lint.log" >&2
	exit 1
}

# One file per rendered object, so each is validated on its own and named in a failure.
render() {
	local name=$1
	shift
	mkdir -p "$out/$name"
	"$helm" template crony "$chart" --namespace crony --kube-version "$k8s_version" "$@" --output-dir "$out/$name" >/dev/null
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

validate() {
	local name=$1
	"$venv/bin/kubernetes-validate" --strict --kubernetes-version "$k8s_version" "$out/$name"/object-*.yml >"$out/$name.log" 2>&1 || {
		cat "$out/$name.log" >&2
		log "schema validation failed ($name)"
		exit 1
	}
}

default_count=$(render default)
validate default
ha_count=$(render ha -f "$chart/ci/ha-values.yaml")
validate ha
# The chart's own schema refuses a misspelt key, also inside a crony-trigger CronJob entry,
# and an entry with both modes. With --kube-version: without it helm refuses every render
# (the chart wants 1.30+), and a refusal would prove nothing about the schema.
refused() {
	local what=$1 expect=$2
	shift 2
	local out
	if out=$("$helm" template crony "$chart" --kube-version "$k8s_version" "$@" 2>&1); then
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
echo "chart: $default_count objects valid (default), $ha_count objects valid (ha), Kubernetes $k8s_version schemas"
