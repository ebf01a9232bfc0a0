#!/usr/bin/env bash
# Go tests: check formatting, vet and race-test the Go SDK and crony-trigger (deploy/trigger),
# build and test the Go sample service.
# Needs Go >= 1.25 on PATH (and /usr/local/go/bin is tried); modules come from the Go
# module proxy. Protobuf code is committed, so protoc is not needed here.
#
# TEST_GO_RACE=0 (make check) tests without the race detector: faster, and Go may reuse a
# cached result of a package nothing changed in; make test always races and never caches.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ "${TEST_GO_RACE:-1}" = 0 ]; then
	race=() fresh=()
else
	race=(-race) fresh=(-count=1)
fi

if ! command -v go >/dev/null && [ -x /usr/local/go/bin/go ]; then
	export PATH="/usr/local/go/bin:$PATH"
fi
command -v go >/dev/null || { echo "test-go: go is not installed" >&2; exit 1; }
echo "test-go: $(go version)"

unformatted="$(gofmt -l crony-sdk-go examples/go-sample deploy/trigger)"
if [ -n "$unformatted" ]; then
	echo "test-go: not gofmt-formatted (run gofmt -w):" >&2
	echo "$unformatted" >&2
	exit 1
fi

(
	cd crony-sdk-go
	go vet ./...
	go test "${race[@]}" "${fresh[@]}" ./...
)
(
	cd deploy/trigger
	go vet ./...
	go test "${race[@]}" "${fresh[@]}" ./...
)
(
	cd examples/go-sample
	go vet ./...
	go build -o /dev/null .
	go test "${fresh[@]}" ./...
)
