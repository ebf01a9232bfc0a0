# The two commands that matter: `make run` and `make test`. See README.md; which test
# command to run when: CONTRIBUTING.md.
.PHONY: run run-check stop test check services-up services-down build images compose-smoke chart kube-play local-ha-up local-ha-down chaos workflow-soak release

run:
	bash scripts/run.sh start

# With make run up: two minutes after it started, every seeded job succeeded and no log has
# a WARN or ERROR line beyond a short allow-list (scripts/run-check.sh).
run-check:
	bash scripts/run-check.sh

stop:
	bash scripts/run.sh stop

test:
	bash scripts/test.sh

# The fast loop while editing (2.5 to 3 minutes on 2 cores; docs/testing.md): format, compile, unit tests, the dashboard's
# unit tests and type check, Go tests without -race. No integration, system or browser test.
check:
	bash scripts/check.sh

build:
	./mvnw -B -q -DskipTests package

# make release VERSION=x.y.z: Maven artifacts, Go modules as proxy files, crony-trigger binaries,
# the Helm chart, release notes, SHA256SUMS into dist/ (docs/release.md). RELEASE_IMAGES=1
# adds the images as OCI archives (podman, slow); RELEASE_PARTS=maven,go picks parts.
release:
	bash scripts/release.sh $(VERSION)

services-up:
	bash scripts/services.sh up

services-down:
	bash scripts/services.sh down

# Benchmarks (not part of make test), see docs/benchmarks.md: cluster assignment and failover,
# then the load on one agent (per size also its floor, the same calls from a plain pooled client,
# and MariaDB's statements per fire), then job creation through the API.
# BENCH_ARGS passes options, e.g. BENCH_ARGS=-Dcrony.bench.sizes=100000
.PHONY: bench bench-cluster bench-agent bench-api bench-purge bench-db-outage bench-tracing
bench: bench-cluster bench-agent bench-api

bench-cluster:
	./mvnw -B -q -pl bench -am -DskipTests package exec:java $(BENCH_ARGS)

bench-agent:
	./mvnw -B -q -pl bench -am -DskipTests package exec:java -Dcrony.bench.main=io.crony.bench.AgentBench $(BENCH_ARGS)

bench-api:
	./mvnw -B -q -pl bench -am -DskipTests package exec:java -Dcrony.bench.main=io.crony.bench.JobApiBench $(BENCH_ARGS)

# the retention purge of 10 million rows beside 1,000 every-second jobs (not in make bench:
# filling the table alone takes minutes), e.g. BENCH_ARGS="-Dcrony.bench.rows=200000"
bench-purge:
	./mvnw -B -q -pl bench -am -DskipTests package exec:java -Dcrony.bench.main=io.crony.bench.PurgeBench $(BENCH_ARGS)

# MariaDB away from one agent running 1,000 every-second jobs (not in make bench: about 14
# minutes): the spool's size, heap and lateness every 30 s, then every record checked
# exactly once; exits non-zero if a check fails. Short form: BENCH_ARGS=-Dcrony.bench.outage=1m
bench-db-outage:
	./mvnw -B -q -pl bench -am -DskipTests package exec:java -Dcrony.bench.main=io.crony.bench.DatabaseOutageBench $(BENCH_ARGS)

# What tracing costs an agent firing 1,000 every-second jobs (not in make bench: about 10
# minutes): target lateness with tracing off, on (every run sampled) to a live Jaeger, and on
# with the collector dead, a fresh agent each; Jaeger is built by services.sh install.
bench-tracing:
	bash scripts/services.sh install
	./mvnw -B -q -pl bench -am -DskipTests package exec:java -Dcrony.bench.main=io.crony.bench.AgentBench \
		-Dcrony.bench.sizes=1000 -Dcrony.bench.tracing=off,jaeger,dead -Dcrony.bench.warmup=60 \
		-Dcrony.bench.seconds=60 -Dcrony.bench.floor=false -Dcrony.bench.failover-jobs=0 $(BENCH_ARGS)

# deploy/ (not part of make test unless said): images built from Debian packages with podman,
# the compose stack played end to end, the Helm chart checked offline (make test runs it).
images:
	bash deploy/images/build.sh

compose-smoke:
	bash deploy/compose/smoke.sh

chart:
	bash scripts/test-chart.sh

kube-play:
	bash deploy/helm/kube-play.sh

# A real HA cluster on this machine (3 etcd members, MariaDB, 2 web, 3 agents, the sample
# target; deploy/local-ha/cluster.sh), and the chaos test on it, long form (about 15 minutes;
# the short form runs in make test). See docs/reliability.md. MariaDB away from one agent
# for 10 minutes under 1,000 every-second jobs, measured: make bench-db-outage (below).
local-ha-up:
	bash deploy/local-ha/cluster.sh up

local-ha-down:
	bash deploy/local-ha/cluster.sh down

chaos:
	bash deploy/local-ha/chaos.sh long

# The workflow pairing soak, long form (about 13 minutes: 10 of soak, the jars and the
# cluster's start): WorkflowIT's three-period test through real agents for 600 s, checked
# call by call against the pairing rule; make test runs it for 60 s. See docs/workflows.md.
workflow-soak:
	./mvnw -B -o -pl crony-system-tests -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
		-Dfailsafe.failIfNoSpecifiedTests=false -Dit.test='WorkflowIT#threePeriodsPairByTheRuleThroughRealAgents' \
		-Dcrony.workflow.soak.seconds=600
