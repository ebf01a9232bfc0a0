package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// cronyRequestTimeout bounds one API request; the run as a whole has -timeout.
const cronyRequestTimeout = 30 * time.Second

// pageSize is crony-web's largest page (Paging.MAX_SIZE), so a name shared by few jobs
// takes one request.
const pageSize = 200

// cronyAPI speaks to crony-web's /api/v1 with a bearer token.
type cronyAPI struct {
	base       *url.URL
	client     *http.Client
	token      string
	department string // sent as X-Crony-Department when set
}

// apiError is an answer crony-web refused with, usually RFC 7807 problem details.
type apiError struct {
	status int
	title  string
	detail string
	fields []string
}

func (e *apiError) Error() string {
	msg := fmt.Sprintf("HTTP %d", e.status)
	if e.title != "" {
		msg += " " + e.title
	}
	if e.detail != "" {
		msg += ": " + e.detail
	}
	if len(e.fields) > 0 {
		msg += " (" + strings.Join(e.fields, "; ") + ")"
	}
	return msg
}

// transient: worth asking again (a web instance restarting in a rolling update, a
// gateway in between), as opposed to a refusal.
func transient(err error) bool {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.status >= 500 || ae.status == http.StatusTooManyRequests
	}
	return !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled)
}

type cronyJob struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type cronyExecution struct {
	JobName string `json:"jobName"`
	Status  string `json:"status"`
	Attempt int    `json:"attempt"`
	Error   string `json:"error"`
}

// login exchanges user and password for a token (POST /api/v1/auth/login).
func (a *cronyAPI) login(ctx context.Context, user, password string) error {
	var answer struct {
		Token string `json:"token"`
	}
	err := a.do(ctx, http.MethodPost, "auth/login", nil, map[string]string{"username": user, "password": password}, &answer)
	if err != nil {
		return err
	}
	if answer.Token == "" {
		return errors.New("sign-in answered without a token")
	}
	a.token = answer.Token
	return nil
}

// logout revokes the token of this run, so per-run sign-ins do not leave live tokens
// behind for the token TTL (12h).
func (a *cronyAPI) logout(ctx context.Context) error {
	return a.do(ctx, http.MethodPost, "auth/logout", nil, nil, nil)
}

// jobByName finds the job with exactly this name. crony-web's name filter matches parts
// of names, so every page of matches is read and the exact one picked.
func (a *cronyAPI) jobByName(ctx context.Context, name string) (cronyJob, error) {
	var exact, similar []cronyJob
	for page := 1; ; page++ {
		var answer struct {
			Items []cronyJob `json:"items"`
			Total int64      `json:"total"`
		}
		query := url.Values{"name": {name}, "page": {strconv.Itoa(page)}, "size": {strconv.Itoa(pageSize)}}
		if err := a.do(ctx, http.MethodGet, "jobs", query, nil, &answer); err != nil {
			return cronyJob{}, err
		}
		for _, job := range answer.Items {
			if job.Name == name {
				exact = append(exact, job)
			} else {
				similar = append(similar, job)
			}
		}
		if len(answer.Items) < pageSize || int64(page*pageSize) >= answer.Total {
			break
		}
	}
	switch len(exact) {
	case 1:
		return exact[0], nil
	case 0:
		if len(similar) > 0 {
			return cronyJob{}, fmt.Errorf("no job is named %q; names containing it: %s", name, jobNames(similar, 5))
		}
		return cronyJob{}, fmt.Errorf("no job is named %q", name)
	default:
		return cronyJob{}, fmt.Errorf("%d jobs are named %q (ids %s): cannot tell which to run", len(exact), name, jobIDs(exact))
	}
}

// run starts a run now (POST /api/v1/jobs/{id}/run) and returns its execution id.
func (a *cronyAPI) run(ctx context.Context, jobID int64, params *string) (int64, error) {
	body := map[string]string{}
	if params != nil {
		body["params"] = *params
	}
	var answer struct {
		ExecutionID int64 `json:"executionId"`
	}
	if err := a.do(ctx, http.MethodPost, "jobs/"+strconv.FormatInt(jobID, 10)+"/run", nil, body, &answer); err != nil {
		return 0, err
	}
	if answer.ExecutionID == 0 {
		return 0, errors.New("the run was accepted without an execution id")
	}
	return answer.ExecutionID, nil
}

// execution reads one run (GET /api/v1/executions/{id}).
func (a *cronyAPI) execution(ctx context.Context, id int64) (cronyExecution, error) {
	var e cronyExecution
	err := a.do(ctx, http.MethodGet, "executions/"+strconv.FormatInt(id, 10), nil, nil, &e)
	return e, err
}

// do sends one request under /api/v1 and decodes a 2xx answer into out, or returns the
// refusal as an *apiError.
func (a *cronyAPI) do(ctx context.Context, method, path string, query url.Values, in, out any) error {
	ctx, cancel := context.WithTimeout(ctx, cronyRequestTimeout)
	defer cancel()
	u := a.base.JoinPath("api/v1", path)
	if !strings.HasPrefix(u.Path, "/") { // a base without a path joins to a relative one
		u.Path = "/" + u.Path
	}
	u.RawQuery = query.Encode()
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json, application/problem+json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if a.token != "" {
		req.Header.Set("Authorization", "Bearer "+a.token)
	}
	if a.department != "" {
		req.Header.Set("X-Crony-Department", a.department)
	}
	resp, err := a.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%s %s: no answer from crony-web in time", method, u.Path)
		}
		return fmt.Errorf("%s %s: crony-web unreachable: %v", method, u.Path, withoutURL(err))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyRead))
	if err != nil {
		return fmt.Errorf("%s %s: reading the answer: %v", method, u.Path, withoutURL(err))
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return problemOf(resp.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s %s: the answer is not the JSON expected: %s", method, u.Path, excerpt(raw, excerptLen))
	}
	return nil
}

// problemOf reads RFC 7807 problem details (title, detail, and Crony's errors list);
// a body that is not one (a proxy's page) shows as an excerpt.
func problemOf(status int, raw []byte) *apiError {
	var p struct {
		Title  string `json:"title"`
		Detail string `json:"detail"`
		Errors []struct {
			Field   string `json:"field"`
			Message string `json:"message"`
		} `json:"errors"`
	}
	e := &apiError{status: status}
	if json.Unmarshal(raw, &p) == nil && (p.Title != "" || p.Detail != "") {
		e.title, e.detail = p.Title, p.Detail
		for _, f := range p.Errors {
			e.fields = append(e.fields, f.Field+": "+f.Message)
		}
		return e
	}
	e.title = http.StatusText(status)
	e.detail = excerpt(raw, excerptLen)
	return e
}

func jobNames(jobs []cronyJob, max int) string {
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

func jobIDs(jobs []cronyJob) string {
	var ids []string
	for _, j := range jobs {
		ids = append(ids, strconv.FormatInt(j.ID, 10))
	}
	return strings.Join(ids, ", ")
}
