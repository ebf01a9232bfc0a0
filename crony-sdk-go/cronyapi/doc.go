// Package cronyapi is a client of crony-web's REST API (/api/v1) for programs that start
// jobs rather than serve them: sign in (or use a service token), find a job by its exact
// name, run it now, and read the run. crony-trigger is built on it.
//
// It uses the Go standard library only, so a program that imports it alone stays small;
// the targets' side of Crony (handlers, reports, gRPC) is the parent package crony.
//
// Refusals are [*Error] values (RFC 7807 problem details with crony-web's stable Code);
// a request that got no answer is a [*RequestError]. Requests that got no answer, or a
// 502, 503 or 504, are sent again with exponential backoff and jitter until the context
// ends (see [WithRetry]): give the context a deadline.
package cronyapi
