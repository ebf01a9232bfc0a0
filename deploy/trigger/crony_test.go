package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"crony.io/sdk-go/cronyapi"
)

// fakeCrony plays crony-web's endpoints the trigger uses, in their real shapes: sign-in
// and sign-out, jobs by part of the name (paged, newest first, at most 200 a page),
// run now, and executions whose status moves along a script, one step per read.
// Refusals are problem details as crony-web sends them.
type fakeCrony struct {
	*httptest.Server
	t                   *testing.T
	user, password      string
	token               string
	mu                  sync.Mutex
	jobs                []cronyapi.Job      // oldest first; listed newest first
	scripts             map[string][]string // job name -> statuses its runs go through ("503" answers 503 once, "hang" never answers)
	executions          map[int64]*fakeExecution
	loggedOut           bool
	listRequests, polls int
	department          string // when set, the department every signed-in request must name
}

type fakeExecution struct {
	job    cronyapi.Job
	params *string
	script []string
	reads  int
}

func newFakeCrony(t *testing.T) *fakeCrony {
	f := &fakeCrony{t: t, user: "ops", password: "correct horse battery", token: "tok-" + strconv.Itoa(len(t.Name())),
		scripts: map[string][]string{}, executions: map[int64]*fakeExecution{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v1/auth/login", f.login)
	mux.HandleFunc("POST /api/v1/auth/logout", f.authed(f.logout))
	mux.HandleFunc("GET /api/v1/jobs", f.authed(f.listJobs))
	mux.HandleFunc("POST /api/v1/jobs/{id}/run", f.authed(f.run))
	mux.HandleFunc("GET /api/v1/executions/{id}", f.authed(f.execution))
	f.Server = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

// addJob adds a job whose runs go through the given statuses.
func (f *fakeCrony) addJob(name string, statuses ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.jobs = append(f.jobs, cronyapi.Job{ID: int64(len(f.jobs) + 1), Name: name})
	f.scripts[name] = statuses
}

func problem(w http.ResponseWriter, status int, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"type": "about:blank", "title": http.StatusText(status), "status": status,
		"detail": detail, "instance": "/api/v1/...", "errors": []any{}})
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (f *fakeCrony) authed(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+f.token {
			w.Header().Set("WWW-Authenticate", "Bearer")
			problem(w, http.StatusUnauthorized, "A valid bearer token is required (POST /api/v1/auth/login gives one)")
			return
		}
		if got := r.Header.Get("X-Crony-Department"); f.department != "" && got != f.department {
			problem(w, http.StatusNotFound, "Department '"+got+"' does not exist or you are not a member of it")
			return
		}
		next(w, r)
	}
}

func (f *fakeCrony) login(w http.ResponseWriter, r *http.Request) {
	var in struct{ Username, Password string }
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		problem(w, http.StatusBadRequest, "malformed body")
		return
	}
	if in.Username != f.user || in.Password != f.password {
		problem(w, http.StatusUnauthorized, "Wrong user name or password")
		return
	}
	reply(w, http.StatusOK, map[string]any{"token": f.token, "expiresAt": "2026-11-25T18:00:00Z", "username": f.user, "role": "OPERATOR"})
}

func (f *fakeCrony) logout(w http.ResponseWriter, _ *http.Request) {
	f.mu.Lock()
	f.loggedOut = true
	f.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (f *fakeCrony) listJobs(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page, size := intParam(q.Get("page"), 1), intParam(q.Get("size"), 20)
	if page < 1 || size < 1 || size > 200 {
		problem(w, http.StatusBadRequest, "Invalid request parameters")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.listRequests++
	var matched []map[string]any
	for i := len(f.jobs) - 1; i >= 0; i-- { // newest first; LIKE in MySQL ignores case
		j := f.jobs[i]
		if strings.Contains(strings.ToLower(j.Name), strings.ToLower(q.Get("name"))) {
			matched = append(matched, map[string]any{"id": j.ID, "name": j.Name, "schedule": "0 0 1 * * ?",
				"timeZone": "Asia/Shanghai", "enabled": true, "version": 1, "agentId": "agent-1", "lastExecution": nil})
		}
	}
	from, to := min((page-1)*size, len(matched)), min(page*size, len(matched))
	reply(w, http.StatusOK, map[string]any{"items": append([]map[string]any{}, matched[from:to]...),
		"total": len(matched), "page": page, "size": size})
}

func (f *fakeCrony) run(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Params *string `json:"params"`
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields() // crony-web refuses unknown fields by name
	if err := dec.Decode(&in); err != nil {
		problem(w, http.StatusBadRequest, "Malformed request body: "+err.Error())
		return
	}
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	f.mu.Lock()
	defer f.mu.Unlock()
	if id < 1 || id > int64(len(f.jobs)) {
		problem(w, http.StatusNotFound, fmt.Sprintf("Job %d does not exist", id))
		return
	}
	job := f.jobs[id-1]
	execID := int64(1000 + len(f.executions) + 1)
	f.executions[execID] = &fakeExecution{job: job, params: in.Params, script: f.scripts[job.Name]}
	reply(w, http.StatusAccepted, map[string]any{"executionId": execID})
}

func (f *fakeCrony) execution(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.polls++
	e, ok := f.executions[id]
	if !ok {
		problem(w, http.StatusNotFound, fmt.Sprintf("Execution %d does not exist", id))
		return
	}
	status := e.script[min(e.reads, len(e.script)-1)]
	e.reads++
	if status == "503" {
		problem(w, http.StatusServiceUnavailable, "The database is busy, try again")
		return
	}
	if status == "hang" {
		f.mu.Unlock()
		<-r.Context().Done() // until the client gives up on this request
		f.mu.Lock()
		return
	}
	body := map[string]any{"id": id, "jobId": e.job.ID, "jobName": e.job.Name, "agentId": "agent-1", "trigger": "MANUAL",
		"status": status, "attempt": 1, "params": e.params, "progress": nil, "output": nil, "error": nil}
	if status == "FAILED" {
		body["error"] = "HTTP 500 from http://billing/settle:\nledger locked"
		body["attempt"] = 3
	}
	reply(w, http.StatusOK, body)
}

func intParam(s string, def int) int {
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// counts reads the fake's bookkeeping under its lock.
func (f *fakeCrony) counts() (listRequests, polls int, loggedOut bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.listRequests, f.polls, f.loggedOut
}

func (f *fakeCrony) execs() map[int64]*fakeExecution {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.executions
}

// jobsWithSimilarNames: the name filter matches parts of names, so the exact one must be picked.
func jobsWithSimilarNames(f *fakeCrony) {
	f.addJob("nightly-report", "PENDING", "RUNNING", "RUNNING", "SUCCEEDED")
	f.addJob("nightly-report-eu", "SUCCEEDED")
	f.addJob("Nightly-Report-old", "SUCCEEDED")
	f.addJob("settle-orders", "PENDING", "RUNNING", "FAILED")
}

func TestCronySignsInRunsAndWaitsForSuccess(t *testing.T) {
	f := newFakeCrony(t)
	jobsWithSimilarNames(f)

	r := runProgram(t, map[string]string{envPassword: f.password},
		"-crony", f.URL, "-user", f.user, "-job", "nightly-report", "-params", `{"day":"2026-11-21"}`, "-wait", "-poll", "10ms")

	r.wantCode(t, exitOK)
	contains(t, "stdout", r.stdout, "job nightly-report (id 1): execution 1001 started", "execution 1001: PENDING",
		"execution 1001: RUNNING", "job nightly-report: execution 1001 SUCCEEDED")
	if strings.Count(r.stdout, "RUNNING") != 1 {
		t.Errorf("a status is logged once, when it changes")
	}
	e := f.execs()[1001]
	if e == nil || e.job.Name != "nightly-report" || e.params == nil || *e.params != `{"day":"2026-11-21"}` {
		t.Fatalf("run = %+v", e)
	}
	if _, _, loggedOut := f.counts(); !loggedOut {
		t.Error("the token of the sign-in was not revoked")
	}
	lacks(t, "output", r.stdout+r.stderr, f.password, f.token)
}

func TestCronyRunsAJobOfTheDepartmentItNames(t *testing.T) {
	f := newFakeCrony(t)
	f.department = "pay"
	jobsWithSimilarNames(f)

	named := runProgram(t, map[string]string{envAPIToken: f.token, envDepartment: "pay"},
		"-crony", f.URL, "-job", "nightly-report")
	named.wantCode(t, exitOK)
	contains(t, "stdout", named.stdout, "job nightly-report (id 1): execution 1001 started")

	home := runProgram(t, map[string]string{envAPIToken: f.token}, "-crony", f.URL, "-job", "nightly-report")
	home.wantCode(t, exitFailed)
	contains(t, "stderr", home.stderr, "HTTP 404 Not Found: Department '' does not exist or you are not a member of it")

	flag := runProgram(t, map[string]string{envAPIToken: f.token}, "-crony", f.URL, "-job", "nightly-report",
		"-department", "pay")
	flag.wantCode(t, exitOK)
}

func TestCronyRunThatFails(t *testing.T) {
	f := newFakeCrony(t)
	jobsWithSimilarNames(f)

	r := runProgram(t, map[string]string{envAPIToken: f.token}, "-crony", f.URL, "-job", "settle-orders", "-wait", "-poll", "10ms")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "job settle-orders: execution 1001 FAILED (attempt 3): HTTP 500 from http://billing/settle: ledger locked")
	if strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("want one line on stderr")
	}
}

func TestCronyRunWithoutWait(t *testing.T) {
	f := newFakeCrony(t)
	jobsWithSimilarNames(f)

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "nightly-report-eu")

	r.wantCode(t, exitOK)
	contains(t, "stdout", r.stdout, "job nightly-report-eu (id 2): execution 1001 started")
	e := f.execs()[1001]
	if _, polls, _ := f.counts(); e == nil || e.params != nil || polls != 0 {
		t.Errorf("run = %+v, %d polls; want no params and no polls", e, polls)
	}
}

func TestCronyRefusedTokenPrintsTheProblemDetail(t *testing.T) {
	f := newFakeCrony(t)
	jobsWithSimilarNames(f)

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", "expired", "-job", "nightly-report")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "HTTP 401 Unauthorized: A valid bearer token is required (POST /api/v1/auth/login gives one)")
	if len(f.execs()) != 0 {
		t.Error("a run was started")
	}
}

func TestCronyWrongPassword(t *testing.T) {
	f := newFakeCrony(t)
	jobsWithSimilarNames(f)

	r := runProgram(t, map[string]string{envPassword: "wrong password!"}, "-crony", f.URL, "-user", f.user, "-job", "nightly-report")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "sign-in as ops failed: crony: HTTP 401 Unauthorized: Wrong user name or password")
}

func TestCronyUnknownJob(t *testing.T) {
	f := newFakeCrony(t)
	jobsWithSimilarNames(f)

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "nightly")
	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, `no job is named "nightly"; names containing it: "Nightly-Report-old", "nightly-report-eu", "nightly-report"`)

	r = runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "payroll")
	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, `job payroll: no job is named "payroll"`)
	if len(f.execs()) != 0 {
		t.Error("a run was started")
	}
}

// More jobs contain the name than one page holds: the exact name is on the second page.
func TestCronyFindsTheExactNameOnALaterPage(t *testing.T) {
	f := newFakeCrony(t)
	f.addJob("report", "SUCCEEDED")
	for i := range 250 {
		f.addJob(fmt.Sprintf("report-%03d", i), "SUCCEEDED")
	}

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "report", "-wait", "-poll", "10ms")

	r.wantCode(t, exitOK)
	contains(t, "stdout", r.stdout, "job report (id 1): execution 1001 started", "execution 1001 SUCCEEDED")
	if lists, _, _ := f.counts(); lists != 2 {
		t.Errorf("%d list requests, want 2 pages", lists)
	}
}

// A web instance restarting mid-wait (503) is waited through, not a failure.
func TestCronyWaitsThroughA503(t *testing.T) {
	f := newFakeCrony(t)
	f.addJob("rebuild-index", "RUNNING", "503", "SUCCEEDED")

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "rebuild-index", "-wait", "-poll", "10ms")

	r.wantCode(t, exitOK)
	contains(t, "stderr", r.stderr, "GET /api/v1/executions/1001: crony: HTTP 503 Service Unavailable: The database is busy, try again (asking again in ")
}

func TestCronyWaitGivesUpAtTheTimeout(t *testing.T) {
	f := newFakeCrony(t)
	f.addJob("slow", "PENDING", "RUNNING")

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "slow", "-wait", "-poll", "20ms", "-timeout", "300ms")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "execution 1001: gave up waiting after 300ms (-timeout); its status is RUNNING, and it goes on in Crony")
}

// -timeout falling while a poll is on its way ends the wait the same way as between polls.
func TestCronyWaitGivesUpAtTheTimeoutDuringAPoll(t *testing.T) {
	f := newFakeCrony(t)
	f.addJob("slow", "RUNNING", "hang")

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "slow", "-wait", "-poll", "20ms", "-timeout", "300ms")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "execution 1001: gave up waiting after 300ms (-timeout); its status is RUNNING, and it goes on in Crony")
}

// crony-web never comes up: asked again with backoff until -timeout, then one failure
// naming the request, the attempts and the cause.
func TestCronyUnreachableUntilTheTimeout(t *testing.T) {
	start := time.Now()
	r := runProgram(t, nil, "-crony", "http://"+closedPort(t), "-api-token", "t", "-job", "x", "-timeout", "1500ms")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "GET /api/v1/jobs: crony-web unreachable: dial tcp", "connection refused (asking again in ",
		"job x: GET /api/v1/jobs: crony-web unreachable (", " attempts): dial tcp")
	if took := time.Since(start); took < time.Second || took > 10*time.Second {
		t.Errorf("gave up after %s, want about the 1.5s -timeout", took)
	}
}

// A CronJob fired during a rolling update of crony-web: connections are refused at
// first, then crony-web is up; the job is found and run, once.
func TestCronyRetriesUntilCronyWebIsUp(t *testing.T) {
	f := newFakeCrony(t)
	f.addJob("nightly-report", "SUCCEEDED")
	addr := closedPort(t)
	stderr := &notifyingBuffer{asked: make(chan struct{})}
	var stdout bytes.Buffer
	done := make(chan int)
	go func() {
		done <- run([]string{"-crony", "http://" + addr, "-api-token", f.token, "-job", "nightly-report", "-wait", "-poll", "10ms"},
			func(string) string { return "" }, &stdout, stderr)
	}()

	select { // the first refusal is logged: now crony-web comes up
	case <-stderr.asked:
	case <-time.After(30 * time.Second):
		t.Fatalf("no retry logged:\n%s", stderr.String())
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s: %v", addr, err)
	}
	web := httptest.NewUnstartedServer(f.Config.Handler)
	web.Listener.Close()
	web.Listener = l
	web.Start()
	t.Cleanup(web.Close)

	var code int
	select {
	case code = <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("crony-trigger did not end after crony-web came up")
	}
	t.Logf("stdout:\n%sstderr:\n%s", stdout.String(), stderr.String())
	if code != exitOK {
		t.Fatalf("exit %d, want %d", code, exitOK)
	}
	contains(t, "stderr", stderr.String(), "GET /api/v1/jobs: crony-web unreachable: dial tcp", "connection refused (asking again in ")
	contains(t, "stdout", stdout.String(), "job nightly-report (id 1): execution 1001 started", "execution 1001 SUCCEEDED")
	if n := len(f.execs()); n != 1 {
		t.Errorf("%d runs started, want 1", n)
	}
}

// notifyingBuffer is stderr for a program running in another goroutine: it closes asked
// at the first retry logged.
type notifyingBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	asked chan struct{}
	once  sync.Once
}

func (b *notifyingBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if strings.Contains(string(p), "asking again in") {
		b.once.Do(func() { close(b.asked) })
	}
	return b.buf.Write(p)
}

func (b *notifyingBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// crony-web behind a path prefix (an Ingress at /crony) keeps the prefix.
func TestCronyBaseURLWithPathPrefix(t *testing.T) {
	f := newFakeCrony(t)
	f.addJob("nightly-report", "SUCCEEDED")
	proxy := httptest.NewServer(http.StripPrefix("/crony", f.Config.Handler))
	t.Cleanup(proxy.Close)

	r := runProgram(t, nil, "-crony", proxy.URL+"/crony/", "-api-token", f.token, "-job", "nightly-report")

	r.wantCode(t, exitOK)
}

// Names are unique in crony-web; should two ever be equal, the trigger refuses to guess.
func TestCronyAmbiguousName(t *testing.T) {
	f := newFakeCrony(t)
	f.addJob("export", "SUCCEEDED")
	f.addJob("export", "SUCCEEDED")

	r := runProgram(t, nil, "-crony", f.URL, "-api-token", f.token, "-job", "export")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, `2 jobs are named "export" (ids 2, 1): cannot tell which to run`)
}
