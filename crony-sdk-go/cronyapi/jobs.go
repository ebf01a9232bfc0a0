package cronyapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// MaxPageSize is the largest page crony-web lists (Paging.MAX_SIZE).
const MaxPageSize = 200

// Job is a job as a list names it.
type Job struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
}

// JobPage is one page of GET /api/v1/jobs.
type JobPage struct {
	Items []Job `json:"items"`
	Total int64 `json:"total"`
	Page  int   `json:"page"`
	Size  int   `json:"size"`
}

// Execution is one run (GET /api/v1/executions/{id}), the fields a caller of a run needs.
type Execution struct {
	ID      int64  `json:"id"`
	JobID   int64  `json:"jobId"`
	JobName string `json:"jobName"`
	// Status: PENDING and RUNNING are on the way; SUCCEEDED, FAILED, TIMED_OUT,
	// CANCELLED and SKIPPED are final.
	Status  string `json:"status"`
	Attempt int    `json:"attempt"`
	Output  string `json:"output"`
	Error   string `json:"error"`
	Message string `json:"message"`
}

// Execution statuses.
const (
	StatusPending   = "PENDING"
	StatusRunning   = "RUNNING"
	StatusSucceeded = "SUCCEEDED"
)

// Finished says whether the status is final.
func (e Execution) Finished() bool { return e.Status != StatusPending && e.Status != StatusRunning }

// Login signs in (POST /api/v1/auth/login) and keeps the token for the next requests.
// A token from a sign-in lasts crony-web's token TTL; [Client.Logout] ends it sooner.
func (c *Client) Login(ctx context.Context, username, password string) error {
	var answer struct {
		Token string `json:"token"`
	}
	err := c.do(ctx, request{method: http.MethodPost, path: "auth/login", sentAgainSafely: true,
		in: map[string]string{"username": username, "password": password}, out: &answer})
	if err != nil {
		return err
	}
	if answer.Token == "" {
		return errors.New("cronyapi: sign-in answered without a token")
	}
	c.mu.Lock()
	c.token = answer.Token
	c.mu.Unlock()
	return nil
}

// Logout revokes the client's token (POST /api/v1/auth/logout).
func (c *Client) Logout(ctx context.Context) error {
	return c.do(ctx, request{method: http.MethodPost, path: "auth/logout", sentAgainSafely: true})
}

// ListJobs reads one page of the jobs whose name contains nameContains (ignoring case),
// newest first; page counts from 1, size is at most [MaxPageSize].
func (c *Client) ListJobs(ctx context.Context, nameContains string, page, size int) (JobPage, error) {
	var p JobPage
	q := url.Values{"page": {strconv.Itoa(page)}, "size": {strconv.Itoa(size)}}
	if nameContains != "" {
		q.Set("name", nameContains)
	}
	err := c.do(ctx, request{method: http.MethodGet, path: "jobs", query: q, out: &p, sentAgainSafely: true})
	return p, err
}

// JobByName finds the one job with exactly this name. crony-web's name filter matches
// parts of names, so every page of matches is read and the exact one picked; none, or
// more than one, is a [*NameError].
func (c *Client) JobByName(ctx context.Context, name string) (Job, error) {
	var exact, similar []Job
	for page := 1; ; page++ {
		p, err := c.ListJobs(ctx, name, page, MaxPageSize)
		if err != nil {
			return Job{}, err
		}
		for _, job := range p.Items {
			if job.Name == name {
				exact = append(exact, job)
			} else {
				similar = append(similar, job)
			}
		}
		if len(p.Items) < MaxPageSize || int64(page*MaxPageSize) >= p.Total {
			break
		}
	}
	if len(exact) == 1 {
		return exact[0], nil
	}
	return Job{}, &NameError{Name: name, Matches: exact, Similar: similar}
}

// NameError: no job, or several, has the name asked for.
type NameError struct {
	Name string
	// Matches are the jobs with exactly the name (none, or more than one).
	Matches []Job
	// Similar are the jobs whose names contain it.
	Similar []Job
}

func (e *NameError) Error() string {
	switch {
	case len(e.Matches) > 1:
		ids := make([]string, len(e.Matches))
		for i, j := range e.Matches {
			ids[i] = strconv.FormatInt(j.ID, 10)
		}
		return fmt.Sprintf("%d jobs are named %q (ids %s): cannot tell which to run", len(e.Matches), e.Name, strings.Join(ids, ", "))
	case len(e.Similar) > 0:
		return fmt.Sprintf("no job is named %q; names containing it: %s", e.Name, jobNames(e.Similar, 5))
	default:
		return fmt.Sprintf("no job is named %q", e.Name)
	}
}

func jobNames(jobs []Job, max int) string {
	var names []string
	for i, j := range jobs {
		if i == max {
			names = append(names, fmt.Sprintf("and %d more", len(jobs)-max))
			break
		}
		names = append(names, strconv.Quote(j.Name))
	}
	return strings.Join(names, ", ")
}

// RunJob starts a run of the job now (POST /api/v1/jobs/{id}/run), with params (the
// target's ${params}) when not nil, and returns the execution id.
//
// A run must not start twice, so RunJob is sent again only when crony-web cannot have
// taken it up: the connection was never made, or the answer was 502 or 503. A connection
// lost after sending, or a 504, comes back as the error.
func (c *Client) RunJob(ctx context.Context, jobID int64, params *string) (int64, error) {
	body := map[string]string{}
	if params != nil {
		body["params"] = *params
	}
	var answer struct {
		ExecutionID int64 `json:"executionId"`
	}
	err := c.do(ctx, request{method: http.MethodPost, path: "jobs/" + strconv.FormatInt(jobID, 10) + "/run", in: body, out: &answer})
	if err != nil {
		return 0, err
	}
	if answer.ExecutionID == 0 {
		return 0, errors.New("cronyapi: the run was accepted without an execution id")
	}
	return answer.ExecutionID, nil
}

// Execution reads one run (GET /api/v1/executions/{id}).
func (c *Client) Execution(ctx context.Context, id int64) (Execution, error) {
	var e Execution
	err := c.do(ctx, request{method: http.MethodGet, path: "executions/" + strconv.FormatInt(id, 10), out: &e, sentAgainSafely: true})
	return e, err
}
