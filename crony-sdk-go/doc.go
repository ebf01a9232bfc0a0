// Package crony lets a Go service run jobs scheduled by Crony and report how they went.
//
// Crony's agents fire jobs by calling the service (the job's "target") over HTTP or
// gRPC. A service registers one handler per job in a [Mux] and serves it with
// [Mux.HTTPHandler] (POST /crony/jobs/{name}) or [RegisterJobTarget] (the
// crony.v1.JobTarget gRPC service). A handler returns its [Result] at once (a SYNC
// target), or answers [Accepted] and reports progress and the result later through a
// [Reporter] (an ASYNC target): a [Client] talks to crony-web's REST API, a
// [GRPCReporter] to its ExecutionReports gRPC service. [Mux.RegisterAsync] does the
// accepting and reporting for you. A sharded or broadcast job's call carries its
// [Shard] in [Job.Shard].
//
// Errors from crony-web are [*APIError] values that match the sentinel errors
// ([ErrUnauthorized], [ErrNotFound], [ErrInvalidReport]) with [errors.Is]; failures to
// reach it are [*RequestError] values wrapping the cause. A report about a run that had
// already finished is not an error: the [ReportResponse] says Applied=false.
//
// [NewFakeServer] stands in for crony-web in tests. A program that starts jobs rather
// than serves them uses the sub-package crony.io/sdk-go/cronyapi (standard library only).
package crony
