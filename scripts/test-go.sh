#!/usr/bin/env bash
# Go tests: check formatting, vet and race-test the Go SDK and crony-trigger (deploy/trigger),
# build and test the Go sample service.
# Needs Go >= 1.25 on PATH (and /usr/local/go/bin is tried); modules come from the Go
# module proxy. Protobuf code is committed, so protoc is not needed here.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

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
	go test -race -count=1 ./...
)
(
	cd deploy/trigger
	go vet ./...
	go test -race -count=1 ./...
)
(
	cd examples/go-sample
	go vet ./...
	go build -o /dev/null .
	go test -count=1 ./...
)
