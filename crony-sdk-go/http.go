package crony

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The headers of the HTTP contract between the agent and a target.
const (
	HeaderExecutionID   = "X-Crony-Execution-Id"
	HeaderJobID         = "X-Crony-Job-Id"
	HeaderJobName       = "X-Crony-Job-Name"
	HeaderScheduledAt   = "X-Crony-Scheduled-At" // RFC 3339
	HeaderAttempt       = "X-Crony-Attempt"
	HeaderDeadline      = "X-Crony-Deadline" // RFC 3339
	HeaderToken         = "X-Crony-Token"
	HeaderTrigger       = "X-Crony-Trigger"
	HeaderResumePayload = "X-Crony-Resume-Payload" // base64 (standard encoding)
	// A sharded or broadcast fire's call: all three are absent on a plain single call.
	HeaderShardIndex  = "X-Crony-Shard-Index"  // decimal, from 0
	HeaderShardTotal  = "X-Crony-Shard-Total"  // decimal, >= 1
	HeaderShardParams = "X-Crony-Shard-Params" // base64 (standard encoding); absent when none
)

// JobsPath is where [Mux.HTTPHandler] serves the jobs: POST JobsPath + name.
const JobsPath = "/crony/jobs/"

// maxParamsBytes bounds the params a run may carry, so a bad caller cannot exhaust memory.
const maxParamsBytes = 8 << 20

// HTTPHandler serves the jobs as HTTP targets: POST /crony/jobs/{name} with the run's
// params as body and the X-Crony-* headers, answered with the JSON Result: 200 for
// SUCCEEDED and FAILED, 202 for ACCEPTED, 404 (with a FAILED result naming the
// registered handlers) for an unknown name, 400 for malformed headers. Mount it on the
// service's own mux with mux.Handle(crony.JobsPath, m.HTTPHandler()).
func (m *Mux) HTTPHandler() http.Handler {
	sm := http.NewServeMux()
	sm.HandleFunc("POST "+JobsPath+"{name}", m.serveHTTP)
	return sm
}

func (m *Mux) serveHTTP(w http.ResponseWriter, r *http.Request) {
	job, err := jobFromRequest(r)
	if err != nil {
		writeResult(w, http.StatusBadRequest, Failed("crony: "+err.Error()))
		return
	}
	result, ok := m.execute(r.Context(), job)
	switch {
	case !ok:
		writeResult(w, http.StatusNotFound, Failed(m.unknownHandler(job.Handler)))
	case result.Outcome == OutcomeAccepted:
		writeResult(w, http.StatusAccepted, result)
	default:
		writeResult(w, http.StatusOK, result)
	}
}

func jobFromRequest(r *http.Request) (*Job, error) {
	h := r.Header
	job := &Job{Handler: r.PathValue("name"), JobName: h.Get(HeaderJobName), Trigger: h.Get(HeaderTrigger)}
	job.Execution.Token = h.Get(HeaderToken)
	if tp := strings.TrimSpace(h.Get(HeaderTraceparent)); ValidTraceparent(tp) {
		job.Execution.Traceparent = tp
	}
	var err error
	if job.Execution.ID, err = headerInt(h, HeaderExecutionID); err != nil {
		return nil, err
	}
	if job.JobID, err = headerInt(h, HeaderJobID); err != nil {
		return nil, err
	}
	attempt, err := headerInt(h, HeaderAttempt)
	if err != nil {
		return nil, err
	}
	job.Attempt = int(attempt)
	if job.ScheduledAt, err = headerTime(h, HeaderScheduledAt); err != nil {
		return nil, err
	}
	if job.Deadline, err = headerTime(h, HeaderDeadline); err != nil {
		return nil, err
	}
	if job.ResumePayload, err = headerBase64(h, HeaderResumePayload); err != nil {
		return nil, err
	}
	if job.Shard, err = shardFromHeaders(h); err != nil {
		return nil, err
	}
	if job.Params, err = io.ReadAll(io.LimitReader(r.Body, maxParamsBytes+1)); err != nil {
		return nil, fmt.Errorf("reading params: %w", err)
	}
	if len(job.Params) > maxParamsBytes {
		return nil, fmt.Errorf("params larger than %d bytes", maxParamsBytes)
	}
	return job, nil
}

func shardFromHeaders(h http.Header) (Shard, error) {
	var shard Shard
	index, err := headerInt(h, HeaderShardIndex)
	if err != nil {
		return Shard{}, err
	}
	total, err := headerInt(h, HeaderShardTotal)
	if err != nil {
		return Shard{}, err
	}
	if h.Get(HeaderShardTotal) != "" && total < 1 {
		return Shard{}, fmt.Errorf("header %s=%d is not at least 1", HeaderShardTotal, total)
	}
	if total > maxShards || index > maxShards || index < 0 {
		return Shard{}, fmt.Errorf("header %s=%d or %s=%d is out of range", HeaderShardIndex, index, HeaderShardTotal, total)
	}
	shard.Index, shard.Total = int(index), int(total)
	if shard.Params, err = headerBase64(h, HeaderShardParams); err != nil {
		return Shard{}, err
	}
	if err := shard.validate(); err != nil {
		return Shard{}, fmt.Errorf("headers %s/%s: %w", HeaderShardIndex, HeaderShardTotal, err)
	}
	return shard, nil
}

func headerBase64(h http.Header, name string) (string, error) {
	v := h.Get(name)
	if v == "" {
		return "", nil
	}
	decoded, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		return "", fmt.Errorf("header %s is not base64: %w", name, err)
	}
	return string(decoded), nil
}

func headerInt(h http.Header, name string) (int64, error) {
	v := h.Get(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("header %s=%q is not an integer", name, v)
	}
	return n, nil
}

func headerTime(h http.Header, name string) (time.Time, error) {
	v := h.Get(name)
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, fmt.Errorf("header %s=%q is not an RFC 3339 time", name, v)
	}
	return t, nil
}

func writeResult(w http.ResponseWriter, status int, result Result) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(result)
}
