// A user's Go service on a released Crony: scripts/test-release.sh copies it, runs
// `go get crony.io/sdk-go@vVERSION` through GOPROXY=file://.../dist/goproxy and builds it
// (docs/release.md). It requires nothing here, so the version comes from the release checked.
module example.com/billing

go 1.25.0
