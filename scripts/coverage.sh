#!/usr/bin/env bash
# Coverage after make test's Maven and dashboard phases: merges every JaCoCo exec file
# (test JVMs: target/jacoco.exec, target/jacoco-it.exec; the web, agents and HA cluster
# they started: target/jacoco-processes/) into one report over Crony's Java modules
# (.crony/coverage/java: CSV and HTML), reads Vitest's summary (.crony/coverage/frontend,
# written by scripts/test-frontend.sh with TEST_FRONTEND_COVERAGE=1), prints both and fails
# when either falls more than 0.5 points below its floor in .ci/coverage-floor.json.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
out=$repo/.crony/coverage
# the modules whose code ships; test support, benchmarks, samples and the system tests
# hold no product code
modules=(crony-common crony-alert crony-web crony-agent crony-sdk-java crony-sdk-java-testing crony-spring-boot-starter)

version=$(sed -n 's:.*<jacoco.version>\(.*\)</jacoco.version>.*:\1:p' pom.xml)
cli=${MAVEN_REPO:-$HOME/.m2/repository}/org/jacoco/org.jacoco.cli/$version/org.jacoco.cli-$version-nodeps.jar
if [ ! -f "$cli" ]; then
	./mvnw -B -q dependency:get -Dartifact="org.jacoco:org.jacoco.cli:$version:jar:nodeps" >&2
fi

mapfile -t execs < <(find . \( -path ./frontend -o -path ./.crony -o -path ./.git \) -prune -o -path '*/target/*' \
	\( -name 'jacoco*.exec' -o -path '*/target/jacoco-processes/*.exec' \) -type f -size +0 -print | sort)
[ "${#execs[@]}" -gt 0 ] || {
	echo "coverage: no JaCoCo exec file; run Maven with -Pcoverage first" >&2
	exit 1
}
rm -rf "$out/java"
mkdir -p "$out/java"
# one group per module, so the CSV says which module a class is in
java -jar "$cli" merge "${execs[@]}" --destfile "$out/java/all.exec" >/dev/null
python3 - "$cli" "$out/java" "${modules[@]}" <<'PY'
import csv, subprocess, sys
cli, out, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = []
for module in modules:
    csv_file = f"{out}/{module}.csv"
    subprocess.run(["java", "-jar", cli, "report", f"{out}/all.exec", "--classfiles", f"{module}/target/classes",
                    "--sourcefiles", f"{module}/src/main/java", "--name", module, "--csv", csv_file,
                    "--html", f"{out}/html/{module}"], check=True, stdout=subprocess.DEVNULL)
    with open(csv_file, newline="") as f:
        reader = csv.DictReader(f)
        fields = reader.fieldnames
        rows.extend(reader)
with open(f"{out}/jacoco.csv", "w", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=fields)
    writer.writeheader()
    writer.writerows(rows)
PY
echo "[coverage] ${#execs[@]} JaCoCo files merged; report: .crony/coverage/java/html/MODULE/index.html" >&2
python3 scripts/lib/coverage.py check --jacoco-csv "$out/java/jacoco.csv" \
	--vitest-summary "$out/frontend/coverage-summary.json" --floor .ci/coverage-floor.json
