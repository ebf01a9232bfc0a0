# The two commands that matter: `make run` and `make test`. See README.md.
.PHONY: run stop test services-up services-down build

run:
	bash scripts/run.sh start

stop:
	bash scripts/run.sh stop

test:
	bash scripts/test.sh

build:
	./mvnw -B -q -DskipTests package

services-up:
	bash scripts/services.sh up

services-down:
	bash scripts/services.sh down

# Benchmarks (not part of make test): cluster assignment and failover, see docs/benchmarks.md.
.PHONY: bench
bench:
	./mvnw -B -q -pl bench -am -DskipTests package exec:java
