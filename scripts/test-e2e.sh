#!/usr/bin/env bash
# The dashboard's browser tests against a real Crony: its own etcd and MariaDB (through
# services.sh), crony-web serving the built dashboard, one agent (shell targets on, `sh` allowed) and the sample target,
# all on free loopback ports with state under .crony/e2e, and an OpenID Connect provider
# (crony-test-support's OidcProvider, with two users) that crony-web offers beside the
# local sign-in (frontend/e2e/sso.test.mjs); a run's page links its trace through a link
# template (no trace viewer runs: live-output.test.mjs checks the link). Runs frontend/e2e/*.test.mjs in
# headless Debian chromium (playwright-core, no browser download) and stops everything it
# started, also when a test fails. Every test file runs in English; the Chinese run is the
# translated pass: every page in Chinese with no English string of the dashboard's left on
# it (pages.test.mjs), the language switcher (language.test.mjs) and the sign-in through the
# OpenID Connect provider (sso.test.mjs). The flows read their
# strings through the same tables in both languages (frontend/e2e/i18n.mjs) and the Vitest
# scan refuses an untranslated string in the code, so a second run of every flow in Chinese
# proved little more and cost 90 s. Uses the jars the last `./mvnw verify` (or package) built.
#
#   E2E_SCREENSHOTS=docs/screenshots bash scripts/test-e2e.sh   # also writes the screenshots README.md and docs/dashboard.md show
#   E2E_SPEC="job-lifecycle calendars" bash scripts/test-e2e.sh  # only these spec files (frontend/e2e/NAME.test.mjs)
#   E2E_LANGS=en bash scripts/test-e2e.sh                        # only English (default: en zh-CN)
#   E2E_FULL_LANGS="en zh-CN" bash scripts/test-e2e.sh           # every flow in Chinese too (default: en)
#
# Prints "e2e: N passed" when green.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
state=$repo/.crony/e2e
pids=$state/pids
start=$SECONDS

log() { echo "[e2e] $*" >&2; }
die() {
	log "$*"
	exit 1
}

web_jar=$repo/crony-web/target/crony-web-0.1.0-SNAPSHOT.jar
agent_jar=$repo/crony-agent/target/crony-agent-0.1.0-SNAPSHOT.jar
target_jar=$repo/examples/sample-target/target/sample-target-0.1.0-SNAPSHOT.jar
support_jar=$repo/crony-test-support/target/crony-test-support-0.1.0-SNAPSHOT.jar
support_classpath=$repo/crony-test-support/target/runtime.classpath
for jar in "$web_jar" "$agent_jar" "$target_jar" "$support_jar" "$support_classpath"; do
	[ -f "$jar" ] || die "missing $jar: run ./mvnw -B verify (or package) first"
done
[ -f crony-web/target/frontend/static/index.html ] || die "the dashboard is not built: run scripts/build-frontend.sh before packaging crony-web"

if [ ! -x /usr/bin/chromium ]; then
	log "installing Debian chromium"
	sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	"${sudo[@]}" apt-get update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
# the Chinese run (and its screenshots) needs a CJK font, or the glyphs are empty boxes
if ! dpkg -s fonts-noto-cjk >/dev/null 2>&1 && ! (fc-list :lang=zh 2>/dev/null | grep -q .); then
	log "installing Debian fonts-noto-cjk"
	sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	"${sudo[@]}" apt-get update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends fonts-noto-cjk >/dev/null
fi
bash scripts/services.sh install
# playwright-core comes with the dashboard's dev dependencies
[ -d frontend/node_modules/playwright-core ] || bash scripts/build-frontend.sh >/dev/null

# shellcheck source=lib/pids.sh
source "$repo/scripts/lib/pids.sh"
# Our JVMs carry the state dir on their command line (see start_java).
alive() { running_pid "$pids/$1.pid" "$state" >/dev/null; }
stop_one() { stop_pid "$pids/$1.pid" "$state" >/dev/null || true; }

stop_all() {
	for name in agent sample-target web oidc-provider; do stop_one "$name"; done
	CRONY_STATE_DIR=$state bash "$repo/scripts/services.sh" down || true
}

# What an earlier, interrupted run left behind goes first; then a fresh state dir.
stop_all
rm -rf "$state"
mkdir -p "$pids" "$state/logs"
trap 'status=$?; stop_all; [ $status -eq 0 ] || log "failed; logs in $state/logs"; exit $status' EXIT
trap 'exit 130' INT TERM

# Seven free loopback ports, asked from the kernel.
read -r etcd_port etcd_peer_port db_port web_port agent_port target_port oidc_port < <(node -e '
const net = require("net");
const servers = Array.from({ length: 7 }, () => net.createServer().listen(0, "127.0.0.1"));
Promise.all(servers.map((s) => new Promise((r) => s.on("listening", r)))).then(() => {
  console.log(servers.map((s) => s.address().port).join(" "));
  servers.forEach((s) => s.close());
});')

export CRONY_STATE_DIR=$state CRONY_ETCD_PORT=$etcd_port CRONY_ETCD_PEER_PORT=$etcd_peer_port CRONY_DB_PORT=$db_port
bash scripts/services.sh up >/dev/null
db_url="jdbc:mysql://127.0.0.1:$db_port/crony?connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true"
etcd_url=http://127.0.0.1:$etcd_port

# shellcheck source=lib/boot-jar.sh
source "$repo/scripts/lib/boot-jar.sh"
# Each JVM gets a path under the state dir on its command line (that is how alive() knows it).
# Started as the tests start them, from the archive they left when there is one (boot-jar.sh).
start_java() {
	local name=$1 jar=$2 start
	shift 2
	mapfile -t start < <(boot_jar_args "$jar")
	setsid java -XX:TieredStopAtLevel=1 -Dcrony.e2e.state="$state" "${start[@]}" "$@" \
		>>"$state/logs/$name.log" 2>&1 </dev/null &
	echo $! >"$pids/$name.pid"
}

password=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
# the key stored secrets are sealed with, for web and agent alike
CRONY_SECRET_KEY=$(head -c 32 /dev/urandom | base64)
export CRONY_SECRET_KEY
# The OpenID Connect provider (about 95 MB, up in a few seconds, beside crony-web's start):
# sso-ada is in the group sso.test.mjs maps, sso-bob in none that is mapped. crony-web reads
# its discovery document at the first sign-in, so the two start together.
OIDC_PASSWORD=$(head -c 12 /dev/urandom | base64 | tr '+/' '-_')
CRONY_OIDC_CLIENT_SECRET=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
export OIDC_PASSWORD CRONY_OIDC_CLIENT_SECRET
OIDC_CLIENT_SECRET=$CRONY_OIDC_CLIENT_SECRET setsid java -XX:TieredStopAtLevel=1 -Dcrony.e2e.state="$state" \
	-cp "$support_jar:$(cat "$support_classpath")" io.crony.test.OidcProvider "$oidc_port" "http://127.0.0.1:$web_port" crony \
	"sso-ada:$OIDC_PASSWORD:e2e-sso-operators" "sso-bob:$OIDC_PASSWORD:e2e-sso-unmapped" \
	>>"$state/logs/oidc-provider.log" 2>&1 </dev/null &
echo $! >"$pids/oidc-provider.pid"
CRONY_ADMIN_PASSWORD=$password start_java web "$web_jar" --server.port="$web_port" --server.address=127.0.0.1 \
	--grpc.server.port=0 --grpc.server.address=127.0.0.1 --spring.profiles.active=local --spring.datasource.url="$db_url" --crony.etcd.endpoints="$etcd_url" --crony.etcd.prefix=/crony-e2e \
	--crony.web.auth.oidc.enabled=true --crony.web.auth.oidc.issuer="http://127.0.0.1:$oidc_port" \
	--crony.web.auth.oidc.client-id=crony --crony.web.auth.oidc.display-name="E2E Provider" \
	--crony.web.tracing.link-template='http://127.0.0.1:16686/trace/{traceId}'
start_java sample-target "$target_jar" "$target_port" 127.0.0.1
start_java agent "$agent_jar" --server.port="$agent_port" --server.address=127.0.0.1 --crony.agent.id=e2e-agent \
	--spring.profiles.active=local --spring.datasource.url="$db_url" --crony.etcd.endpoints="$etcd_url" --crony.etcd.prefix=/crony-e2e \
	--crony.agent.spool-dir="$state/agent-spool" --crony.agent.shell.enabled=true --crony.agent.shell.allowed-commands=sh

wait_http() {
	local url=$1 what=$2 name=$3 deadline=$((SECONDS + 150))
	until curl -fsS -m 5 "$url" >/dev/null 2>&1; do
		alive "$name" || die "$what exited; see $state/logs/$name.log"
		[ $SECONDS -lt $deadline ] || die "$what did not come up; see $state/logs/$name.log"
		sleep 0.2
	done
	log "$what is up after $((SECONDS - start)) s"
}
wait_http "http://127.0.0.1:$target_port/ok" "sample target on :$target_port" sample-target
wait_http "http://127.0.0.1:$web_port/actuator/health" "crony-web on :$web_port" web
wait_http "http://127.0.0.1:$agent_port/actuator/health" "agent on :$agent_port" agent
wait_http "http://127.0.0.1:$oidc_port/.well-known/openid-configuration" "OpenID Connect provider on :$oidc_port" oidc-provider

cd frontend
export CRONY_URL=http://127.0.0.1:$web_port CRONY_PASSWORD=$password SAMPLE_TARGET_URL=http://127.0.0.1:$target_port
if [ -n "${E2E_SCREENSHOTS:-}" ]; then
	case "$E2E_SCREENSHOTS" in /*) ;; *) E2E_SCREENSHOTS=$repo/$E2E_SCREENSHOTS ;; esac
	mkdir -p "$E2E_SCREENSHOTS"
	export E2E_SCREENSHOTS
fi
node e2e/seed.mjs
# Every flow in English, then the translated pass in Chinese (the browser's language and the
# strings the tests look for; see frontend/e2e/i18n.mjs). One backend serves both runs.
status=0
passed=0 failed=0 skipped=0
# a count from the TAP report's summary, 0 when it has none
count() {
	local n
	n=$(sed -n "s/^# $1 //p" "$report" 2>/dev/null)
	echo "${n:-0}"
}
# Each failing test of a TAP report, a few short lines: its name and file, then the first
# lines of its error and the last of playwright's call log (what the locator waited for).
# Printed last, where a CI page that shows only the end of the output still has them; the
# spec reporter's own account of a failure is far up in the output, before the other
# language's pass.
failures() {
	awk -v lang="$1" '
		/^ *not ok [0-9]+ - / { name = $0; sub(/^ *not ok [0-9]+ - /, "", name); open = 1; suite = 0; where = ""; n = 0; inerr = 0; next }
		!open { next }
		/^ *failureType: .subtestsFailed./ { suite = 1 }
		/^ *location: / { where = $0; sub(/.*\/e2e\//, "e2e/", where); sub(/.$/, "", where) }
		inerr && /^ *(code|name|stack|expected|actual|operator|failureType): / { inerr = 0 }
		inerr { line = $0; sub(/^ +/, "", line); if (line != "") err[n++] = line }
		/^ *error: / { line = $0; sub(/^ *error: /, "", line); if (line ~ /^\|/) inerr = 1; else err[n++] = line }
		/^ *\.\.\.$/ {
			if (!suite) {
				printf "e2e failure (%s): %s (%s)\n", lang, name, where
				# the message, and the end of the call log: the last thing the locator saw
				for (i = 0; i < n; i++) if (i < 2 || i >= n - 4) printf "e2e failure:   %s\n", substr(err[i], 1, 180)
			}
			open = 0
		}' "$state/e2e-$1.tap" 2>/dev/null || true
}
# the spec files: all of e2e/, or those E2E_SPEC names
specs=(e2e/)
if [ -n "${E2E_SPEC:-}" ]; then
	specs=()
	for spec in $E2E_SPEC; do
		spec=${spec##*/}
		spec=${spec%.test.mjs}
		[ -f "e2e/$spec.test.mjs" ] || die "E2E_SPEC: no frontend/e2e/$spec.test.mjs"
		specs+=("e2e/$spec.test.mjs")
	done
fi
langs=${E2E_LANGS:-en zh-CN}
full_langs=" ${E2E_FULL_LANGS:-en} "
for lang in $langs; do
	run_specs=("${specs[@]}")
	what="the browser tests"
	translated=0
	if [ -z "${E2E_SPEC:-}" ] && [[ $full_langs != *" $lang "* ]]; then
		# sso.test.mjs: there only the sign-in page with the provider button and its refusal (E2E_TRANSLATED_PASS)
		run_specs=(e2e/pages.test.mjs e2e/language.test.mjs e2e/sso.test.mjs)
		what="the translated pass (every page, the language switcher, the provider's sign-in)"
		translated=1
	fi
	log "$what in $lang"
	report=$state/e2e-$lang.tap
	set +e
	E2E_TRANSLATED_PASS=$translated E2E_LANG=$lang node --test --test-concurrency=2 --test-reporter=spec --test-reporter-destination=stdout \
		--test-reporter=tap --test-reporter-destination="$report" "${run_specs[@]}"
	[ $? -eq 0 ] || status=1
	set -e
	passed=$((passed + $(count pass)))
	# a test cancelled (its suite's setup failed) counts as failed
	failed=$((failed + $(count fail) + $(count cancelled)))
	skipped=$((skipped + $(count skipped)))
done
languages="every flow in English, the translated pass in Chinese"
[[ $full_langs != *" zh-CN "* ]] || languages="every flow in English and Chinese"
[ "$langs" = "en zh-CN" ] || languages=$langs
[ -z "${E2E_SPEC:-}" ] || languages="$languages; only $E2E_SPEC"
echo "e2e: $passed passed, $failed failed, $skipped skipped in $((SECONDS - start)) s ($languages)"
if [ "$failed" -gt 0 ]; then
	for lang in $langs; do failures "$lang"; done
fi
if [ $status -eq 0 ] && [ -n "${E2E_SCREENSHOTS:-}" ]; then
	E2E_LANG=en node e2e/screenshots.mjs
	E2E_LANG=zh-CN node e2e/screenshots.mjs
fi
exit $status
