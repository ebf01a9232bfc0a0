#!/usr/bin/env bash
# Regenerates cronyv1/ from crony-common/src/main/proto/crony/v1/crony.proto.
# The generated code is committed, so users of the module need none of this.
# Last generated with: protoc 3.21.12 (Debian bookworm protobuf-compiler),
# protoc-gen-go v1.36.12, protoc-gen-go-grpc 1.6.2.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

PROTOC_GEN_GO_VERSION=v1.36.12
PROTOC_GEN_GO_GRPC_VERSION=v1.6.2

command -v protoc >/dev/null || { echo "protoc missing: apt-get install -y protobuf-compiler" >&2; exit 1; }
gobin="$(go env GOPATH)/bin"
[ -x "$gobin/protoc-gen-go" ] && "$gobin/protoc-gen-go" --version | grep -q "$PROTOC_GEN_GO_VERSION" ||
	GOBIN="$gobin" go install "google.golang.org/protobuf/cmd/protoc-gen-go@$PROTOC_GEN_GO_VERSION"
[ -x "$gobin/protoc-gen-go-grpc" ] && "$gobin/protoc-gen-go-grpc" --version | grep -q "${PROTOC_GEN_GO_GRPC_VERSION#v}" ||
	GOBIN="$gobin" go install "google.golang.org/grpc/cmd/protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC_VERSION"

proto_root=../crony-common/src/main/proto
rm -f cronyv1/*.pb.go
PATH="$gobin:$PATH" protoc -I "$proto_root" \
	--go_out=. --go_opt=module=crony.io/sdk-go \
	--go-grpc_out=. --go-grpc_opt=module=crony.io/sdk-go \
	"$proto_root/crony/v1/crony.proto"
echo "generated: $(ls cronyv1/*.pb.go | tr '\n' ' ')($(protoc --version))"
