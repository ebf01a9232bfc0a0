package crony

import (
	"context"
	"net/http"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	"crony.io/sdk-go/cronyv1"
)

// RegisterJobTarget serves m's handlers as the crony.v1.JobTarget gRPC service on s
// (a *grpc.Server): Execute routes by the request's handler, or by its job name when
// the handler is empty. An unknown handler is answered NOT_FOUND, shard fields out of
// bounds (a negative total, an index not below the total) INVALID_ARGUMENT. Status
// answers through the function [Mux.RegisterStatus] registered for the request's
// handler: NOT_FOUND when there is none, the function's error as UNKNOWN (or as the
// gRPC status it is). A run's Execution carries the traceparent its Execute call came
// with as metadata, as an HTTP call's header (W3C form checked, anything else dropped).
func RegisterJobTarget(s grpc.ServiceRegistrar, m *Mux) {
	cronyv1.RegisterJobTargetServer(s, jobTarget{mux: m})
}

type jobTarget struct {
	cronyv1.UnimplementedJobTargetServer
	mux *Mux
}

func (t jobTarget) Execute(ctx context.Context, req *cronyv1.ExecuteRequest) (*cronyv1.ExecuteResponse, error) {
	job := jobFromProto(req)
	job.Execution.Traceparent = traceparentFromMetadata(ctx)
	if err := job.Shard.validate(); err != nil {
		return nil, status.Error(codes.InvalidArgument, "crony: "+err.Error())
	}
	result, ok := t.mux.execute(ctx, job)
	if !ok {
		return nil, status.Error(codes.NotFound, t.mux.unknownHandler(job.Handler))
	}
	return &cronyv1.ExecuteResponse{Outcome: outcomeToProto(result.Outcome), Message: result.Message, Output: result.Output}, nil
}

func (t jobTarget) Status(ctx context.Context, req *cronyv1.StatusRequest) (*cronyv1.StatusResponse, error) {
	job := &Job{
		Execution: Execution{ID: req.GetExecutionId(), Token: req.GetReportToken()},
		JobID:     req.GetJobId(),
		JobName:   req.GetJobName(),
		Handler:   req.GetHandler(),
		Attempt:   int(req.GetAttempt()),
		Params:    []byte(req.GetParams()),
		Reporter:  t.mux.reporter,
	}
	answer, ok, err := t.mux.status(ctx, job)
	if !ok {
		return nil, status.Error(codes.NotFound, t.mux.unknownStatus(job.Handler))
	}
	if err != nil {
		if _, isStatus := status.FromError(err); isStatus {
			return nil, err
		}
		return nil, status.Error(codes.Unknown, err.Error())
	}
	resp := &cronyv1.StatusResponse{Outcome: outcomeToProto(answer.Outcome), Message: answer.Message, Output: answer.Output}
	if answer.Percent >= 0 {
		percent := int32(min(answer.Percent, 100))
		resp.Progress = &percent
	}
	if answer.ResumePayload != "" {
		resp.ResumePayload = &answer.ResumePayload
	}
	return resp, nil
}

func jobFromProto(req *cronyv1.ExecuteRequest) *Job {
	handler := req.GetHandler()
	if handler == "" {
		handler = req.GetJobName()
	}
	return &Job{
		Execution:     Execution{ID: req.GetExecutionId(), Token: req.GetReportToken()},
		JobID:         req.GetJobId(),
		JobName:       req.GetJobName(),
		Handler:       handler,
		ScheduledAt:   protoTime(req.GetScheduledAt()),
		Attempt:       int(req.GetAttempt()),
		Trigger:       req.GetTrigger(),
		Params:        []byte(req.GetParams()),
		ResumePayload: req.GetResumePayload(),
		Deadline:      protoTime(req.GetDeadline()),
		Shard:         Shard{Index: int(req.GetShardIndex()), Total: int(req.GetShardTotal()), Params: req.GetShardParams()},
	}
}

// traceparentFromMetadata is the W3C traceparent the call's metadata carried (its first
// value, as http.Header.Get takes the first); "" when it had none or one not of the W3C form.
func traceparentFromMetadata(ctx context.Context) string {
	md, _ := metadata.FromIncomingContext(ctx)
	if values := md.Get(HeaderTraceparent); len(values) > 0 {
		if tp := strings.TrimSpace(values[0]); ValidTraceparent(tp) {
			return tp
		}
	}
	return ""
}

func protoTime(ts *timestamppb.Timestamp) time.Time {
	if ts == nil {
		return time.Time{}
	}
	return ts.AsTime()
}

func outcomeToProto(o Outcome) cronyv1.Outcome {
	switch o {
	case OutcomeSucceeded:
		return cronyv1.Outcome_SUCCEEDED
	case OutcomeFailed:
		return cronyv1.Outcome_FAILED
	case OutcomeAccepted:
		return cronyv1.Outcome_ACCEPTED
	case OutcomeRunning:
		return cronyv1.Outcome_RUNNING
	}
	return cronyv1.Outcome_OUTCOME_UNSPECIFIED
}

// GRPCReporter reports async runs to crony-web's crony.v1.ExecutionReports gRPC
// service. Each report carries the run's Execution.Traceparent (the trace context its
// call came with) as traceparent metadata, as [*Client] sends it as a header, so that
// crony-web's span of the report joins the run's trace. It does not retry by itself: configure retries on the connection (a gRPC
// service config) if wanted. Refusals are [*APIError] values with the HTTP status
// equivalent to the gRPC code, so they match the same sentinel errors as the
// [Client]'s.
type GRPCReporter struct {
	client cronyv1.ExecutionReportsClient
}

var _ Reporter = (*GRPCReporter)(nil)

// NewGRPCReporter returns a reporter over cc, a connection to crony-web's gRPC port.
func NewGRPCReporter(cc grpc.ClientConnInterface) *GRPCReporter {
	return &GRPCReporter{client: cronyv1.NewExecutionReportsClient(cc)}
}

// ReportResult reports the result of an async run: SUCCEEDED or FAILED.
func (r *GRPCReporter) ReportResult(ctx context.Context, exec Execution, result Result) (*ReportResponse, error) {
	if err := validateResult(result); err != nil {
		return nil, err
	}
	resp, err := r.client.ReportResult(withTraceparent(ctx, exec), &cronyv1.ReportResultRequest{
		ExecutionId: exec.ID, Token: exec.Token, Outcome: outcomeToProto(result.Outcome),
		Message: result.Message, Output: result.Output, Outputs: string(result.Outputs),
	})
	return reportFromProto("report result", exec, resp, err)
}

// ReportProgress reports an async run's progress, and optionally a resume payload.
func (r *GRPCReporter) ReportProgress(ctx context.Context, exec Execution, progress Progress) (*ReportResponse, error) {
	if err := validateProgress(progress); err != nil {
		return nil, err
	}
	resp, err := r.client.ReportProgress(withTraceparent(ctx, exec), &cronyv1.ReportProgressRequest{
		ExecutionId: exec.ID, Token: exec.Token, Progress: int32(progress.Percent),
		ResumePayload: progress.ResumePayload, Message: progress.Message, Rebalance: progress.Rebalance,
	})
	return reportFromProto("report progress", exec, resp, err)
}

// RequestRebalance asks Crony to move the run to another instance of the service, which
// resumes from resumePayload: ReportProgressRequest.rebalance (see [Rebalance]). When the
// answer is Applied, stop working on the run and report no result.
func (r *GRPCReporter) RequestRebalance(ctx context.Context, exec Execution, percent int, resumePayload string) (*ReportResponse, error) {
	return r.ReportProgress(ctx, exec, Rebalance(percent, resumePayload))
}

// withTraceparent adds the run's traceparent to the report's outgoing metadata when it
// is of the W3C form (the Execution may have been built by hand from anything).
func withTraceparent(ctx context.Context, exec Execution) context.Context {
	if !ValidTraceparent(exec.Traceparent) {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, HeaderTraceparent, exec.Traceparent)
}

func reportFromProto(op string, exec Execution, resp *cronyv1.ReportResponse, err error) (*ReportResponse, error) {
	if err == nil {
		return &ReportResponse{Applied: resp.GetApplied(), Status: resp.GetStatus(), Message: resp.GetMessage()}, nil
	}
	st, ok := status.FromError(err)
	if !ok {
		return nil, &RequestError{Op: op, ExecutionID: exec.ID, Attempts: 1, Err: err}
	}
	httpStatus, refused := refusalStatus[st.Code()]
	if !refused {
		// Unavailable, DeadlineExceeded, Canceled...: the report did not get through.
		return nil, &RequestError{Op: op, ExecutionID: exec.ID, Attempts: 1, Err: err}
	}
	return nil, &APIError{StatusCode: httpStatus, Title: st.Code().String(), Detail: st.Message()}
}

// refusalStatus maps the gRPC codes that mean "crony-web refused the report" to the
// HTTP status the REST API answers in the same case.
var refusalStatus = map[codes.Code]int{
	codes.PermissionDenied:   http.StatusUnauthorized,
	codes.Unauthenticated:    http.StatusUnauthorized,
	codes.NotFound:           http.StatusNotFound,
	codes.InvalidArgument:    http.StatusBadRequest,
	codes.FailedPrecondition: http.StatusConflict,
	codes.Internal:           http.StatusInternalServerError,
	codes.Unimplemented:      http.StatusNotImplemented,
}
