package crony

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Outcome is how an attempt of a run ended, as the wire contract spells it.
type Outcome string

const (
	// OutcomeSucceeded: the job did its work.
	OutcomeSucceeded Outcome = "SUCCEEDED"
	// OutcomeFailed: the job failed; the job's retry policy decides what follows.
	OutcomeFailed Outcome = "FAILED"
	// OutcomeAccepted: the target took the run and reports its result later, before
	// the run's deadline. Only a handler's answer may be ACCEPTED, never a report.
	OutcomeAccepted Outcome = "ACCEPTED"
)

// Result is a handler's answer or an async run's reported result.
type Result struct {
	Outcome Outcome `json:"outcome"`
	// Message is a short human-readable line shown with the run (an error, a summary).
	Message string `json:"message,omitempty"`
	// Output is the run's output; crony-web keeps a capped excerpt.
	Output string `json:"output,omitempty"`
	// Outputs is what a successful run publishes for its downstream jobs, whose
	// templates read it as ${upstream.<job>.outputs.<field>}; set it with
	// [Result.WithOutputs]. At most 4,096 bytes as compact JSON: crony-web records a run
	// whose outputs are over the limit FAILED, saying so.
	Outputs Outputs `json:"outputs,omitempty"`
}

// Outputs is a JSON object of named values as text, sent as the object itself. A
// string, so that a [Result] stays comparable with ==.
type Outputs string

// MarshalJSON writes the object as it is.
func (o Outputs) MarshalJSON() ([]byte, error) {
	if o == "" {
		return []byte("null"), nil
	}
	return []byte(o), nil
}

// UnmarshalJSON keeps the object's compact text; null keeps none.
func (o *Outputs) UnmarshalJSON(data []byte) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		*o = ""
		return nil
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return err
	}
	*o = Outputs(compact.String())
	return nil
}

// WithOutputs returns a copy of r publishing outputs for downstream jobs, e.g.
// crony.Succeeded("loaded").WithOutputs(map[string]any{"day": "20261128", "rows": 42}).
// Outputs that cannot be encoded as JSON make the result FAILED, saying why.
func (r Result) WithOutputs(outputs map[string]any) Result {
	if outputs == nil {
		r.Outputs = ""
		return r
	}
	encoded, err := json.Marshal(outputs)
	if err != nil {
		return Result{Outcome: OutcomeFailed, Message: "crony: outputs cannot be encoded as JSON: " + err.Error(), Output: r.Output}
	}
	r.Outputs = Outputs(encoded)
	return r
}

// Succeeded is a successful result with a message.
func Succeeded(message string) Result { return Result{Outcome: OutcomeSucceeded, Message: message} }

// Failed is a failed result with a message saying why.
func Failed(message string) Result { return Result{Outcome: OutcomeFailed, Message: message} }

// Accepted is the answer of an async handler: the result is reported later.
func Accepted() Result { return Result{Outcome: OutcomeAccepted} }

// WithOutput returns a copy of r carrying output.
func (r Result) WithOutput(output string) Result {
	r.Output = output
	return r
}

// resultOf turns a handler's return values into the answer sent to the agent: an error
// makes the run FAILED with the error as message; no outcome means SUCCEEDED; an
// outcome the contract does not know is a FAILED run rather than a puzzle for the agent.
func resultOf(r Result, err error) Result {
	if err != nil {
		msg := err.Error()
		if r.Message != "" {
			msg = r.Message + ": " + msg
		}
		return Result{Outcome: OutcomeFailed, Message: msg, Output: r.Output}
	}
	switch r.Outcome {
	case "":
		r.Outcome = OutcomeSucceeded
	case OutcomeSucceeded, OutcomeFailed, OutcomeAccepted:
	default:
		return Result{Outcome: OutcomeFailed, Message: fmt.Sprintf("crony: handler answered unknown outcome %q", r.Outcome), Output: r.Output}
	}
	return r
}

// Progress is an async run's progress report.
type Progress struct {
	// Percent done, 0..100.
	Percent int `json:"progress"`
	// ResumePayload is opaque state a retry of this run can resume from: it comes back
	// in [Job.ResumePayload] of the next attempt.
	ResumePayload string `json:"resumePayload,omitempty"`
	Message       string `json:"message,omitempty"`
	// Rebalance asks Crony to move the run to another instance of the service (this one
	// is draining, say): once the report is applied, Crony calls another instance with
	// the same execution id, the next attempt number and ResumePayload, and this
	// instance should stop working on the run. Left out of the body when false, so a
	// crony-web that does not know the field is not sent it. See [Rebalance].
	Rebalance bool `json:"rebalance,omitempty"`
}

// Rebalance is the progress report that asks Crony to move the run to another instance,
// which resumes from resumePayload (see [Progress.Rebalance]).
func Rebalance(percent int, resumePayload string) Progress {
	return Progress{Percent: percent, ResumePayload: resumePayload, Rebalance: true}
}

// ReportResponse is crony-web's answer to a report.
type ReportResponse struct {
	// Applied is false when the run had already finished (say it timed out or was
	// cancelled): nothing changed, and Status says how the run ended. This is an
	// answer, not an error; use [ReportResponse.Err] to treat it as one.
	Applied bool `json:"applied"`
	// Status is the run's status after the report: RUNNING, SUCCEEDED, FAILED,
	// TIMED_OUT, CANCELLED, ...
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
}

// Err is nil when the report was applied, and an error matching [ErrAlreadyFinished]
// otherwise.
func (r *ReportResponse) Err() error {
	if r == nil || r.Applied {
		return nil
	}
	return fmt.Errorf("%w (status %s)", ErrAlreadyFinished, r.Status)
}

func validateResult(r Result) error {
	if r.Outcome != OutcomeSucceeded && r.Outcome != OutcomeFailed {
		return fmt.Errorf("%w: a result's outcome must be SUCCEEDED or FAILED, not %q", ErrInvalidReport, r.Outcome)
	}
	return nil
}

func validateProgress(p Progress) error {
	if p.Percent < 0 || p.Percent > 100 {
		return fmt.Errorf("%w: progress %d is outside 0..100", ErrInvalidReport, p.Percent)
	}
	return nil
}
