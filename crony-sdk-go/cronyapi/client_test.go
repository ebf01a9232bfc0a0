package cronyapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"crony.io/sdk-go/cronyapi"
)

func problem(w http.ResponseWriter, status int, code, detail string, fields ...cronyapi.FieldError) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"type": "about:blank", "title": http.StatusText(status), "status": status,
		"code": code, "detail": detail, "errors": fields})
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// fastRetry keeps the tests' waits short; the deadline is each test's context.
var fastRetry = cronyapi.WithRetry(5*time.Millisecond, 40*time.Millisecond)

func newClient(t *testing.T, url string, opts ...cronyapi.Option) *cronyapi.Client {
	t.Helper()
	c, err := cronyapi.NewClient(url, append([]cronyapi.Option{fastRetry}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func within(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// freeAddress is a loopback address where nothing listens yet.
func freeAddress(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// crony-web restarting (a rolling update): connections are refused, then it listens.
// The sign-in and the run go through once it is up.
func TestRetriesWhileCronyWebRefusesConnectionsThenGoesThrough(t *testing.T) {
	addr := freeAddress(t)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v1/auth/login", func(w http.ResponseWriter, _ *http.Request) {
		reply(w, http.StatusOK, map[string]any{"token": "tok"})
	})
	var runs atomic.Int32
	mux.HandleFunc("POST /api/v1/jobs/{id}/run", func(w http.ResponseWriter, r *http.Request) {
		runs.Add(1)
		reply(w, http.StatusAccepted, map[string]any{"executionId": 4711})
	})
	var once sync.Once
	var refused []cronyapi.Retry
	c := newClient(t, "http://"+addr, cronyapi.WithRetryNotify(func(r cronyapi.Retry) {
		refused = append(refused, r)
		if len(refused) == 3 { // up after three refusals
			once.Do(func() {
				l, err := net.Listen("tcp", addr)
				if err != nil {
					t.Errorf("listen again on %s: %v", addr, err)
					return
				}
				srv := httptest.NewUnstartedServer(mux)
				srv.Listener.Close()
				srv.Listener = l
				srv.Start()
				t.Cleanup(srv.Close)
			})
		}
	}))

	if err := c.Login(within(t, 10*time.Second), "ops", "pw"); err != nil {
		t.Fatalf("login: %v", err)
	}
	id, err := c.RunJob(within(t, 10*time.Second), 7, nil)
	if err != nil || id != 4711 || runs.Load() != 1 {
		t.Fatalf("run = %d, %v after %d runs", id, err, runs.Load())
	}
	if len(refused) != 3 {
		t.Fatalf("%d retries, want 3: %+v", len(refused), refused)
	}
	for i, r := range refused {
		if r.Method != "POST" || r.Path != "/api/v1/auth/login" || r.Attempt != i+1 || !strings.Contains(r.Err.Error(), "connection refused") {
			t.Errorf("retry %d = %+v", i, r)
		}
	}
}

// A gateway answering 502, 503 and 504 for a read while crony-web restarts: read again.
func TestReadsAgainAfter502503And504(t *testing.T) {
	var reads atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch reads.Add(1) {
		case 1:
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, "<html>502 Bad Gateway</html>")
		case 2:
			problem(w, http.StatusServiceUnavailable, "UNAVAILABLE", "The database cannot answer now")
		case 3:
			w.WriteHeader(http.StatusGatewayTimeout)
		default:
			reply(w, http.StatusOK, map[string]any{"id": 9, "jobName": "nightly", "status": "SUCCEEDED", "attempt": 1})
		}
	}))
	t.Cleanup(srv.Close)

	e, err := newClient(t, srv.URL).Execution(within(t, 10*time.Second), 9)

	if err != nil || e.Status != "SUCCEEDED" || !e.Finished() || reads.Load() != 4 {
		t.Fatalf("execution = %+v, %v after %d reads", e, err, reads.Load())
	}
}

// A run must not start twice: after a 504 (crony-web may have started it) the run is not
// sent again, after a 503 (it did not) it is.
func TestRunIsSentAgainOnlyWhenItCannotHaveStarted(t *testing.T) {
	for _, tc := range []struct {
		first    int
		wantRuns int32
		wantErr  bool
	}{{http.StatusGatewayTimeout, 1, true}, {http.StatusServiceUnavailable, 2, false}, {http.StatusBadGateway, 2, false}} {
		t.Run(strconv.Itoa(tc.first), func(t *testing.T) {
			var runs atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if runs.Add(1) == 1 {
					w.WriteHeader(tc.first)
					return
				}
				reply(w, http.StatusAccepted, map[string]any{"executionId": 12})
			}))
			t.Cleanup(srv.Close)

			_, err := newClient(t, srv.URL).RunJob(within(t, 10*time.Second), 3, nil)

			var ae *cronyapi.Error
			if tc.wantErr != (err != nil) || runs.Load() != tc.wantRuns || (tc.wantErr && (!errors.As(err, &ae) || ae.StatusCode != tc.first)) {
				t.Fatalf("err %v after %d runs; want error %v after %d", err, runs.Load(), tc.wantErr, tc.wantRuns)
			}
		})
	}
}

// Nothing listens: asked again until the deadline, then the last failure, not "context
// deadline exceeded".
func TestGivesUpAtTheContextDeadline(t *testing.T) {
	c := newClient(t, "http://"+freeAddress(t))
	start := time.Now()

	_, err := c.ListJobs(within(t, 2*time.Second), "x", 1, 20)

	var re *cronyapi.RequestError
	if !errors.As(err, &re) || !re.NoAnswer || re.Attempts < 2 {
		t.Fatalf("err = %#v, want a RequestError after several attempts", err)
	}
	for _, want := range []string{"GET /api/v1/jobs: crony-web unreachable (", "attempts): ", "connection refused"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %s past a 2s deadline", took)
	}
	if !cronyapi.Temporary(err) {
		t.Error("unreachable is worth asking again later")
	}
}

// A refusal is answered once and comes back with its problem details.
func TestRefusalIsNotRetriedAndKeepsItsProblemDetails(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		problem(w, http.StatusBadRequest, "VALIDATION_FAILED", "Invalid request parameters",
			cronyapi.FieldError{Field: "size", Message: "must be at most 200"})
	}))
	t.Cleanup(srv.Close)

	_, err := newClient(t, srv.URL).ListJobs(within(t, 10*time.Second), "", 1, 500)

	var ae *cronyapi.Error
	if !errors.As(err, &ae) || ae.Code != "VALIDATION_FAILED" || calls.Load() != 1 || cronyapi.Temporary(err) {
		t.Fatalf("err = %v after %d calls", err, calls.Load())
	}
	if want := "crony: HTTP 400 Bad Request: Invalid request parameters (size: must be at most 200)"; err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
}

// The token, the department and a base URL's path prefix reach crony-web; the exact name
// is picked from a part-of-name match over several pages.
func TestJobByNameReadsEveryPageWithTokenAndDepartment(t *testing.T) {
	var pages atomic.Int32
	srv := httptest.NewServer(http.StripPrefix("/crony", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/jobs" || r.Header.Get("Authorization") != "Bearer crony_sa_x" || r.Header.Get("X-Crony-Department") != "pay" {
			problem(w, http.StatusUnauthorized, "UNAUTHENTICATED", r.URL.Path+" "+r.Header.Get("Authorization"))
			return
		}
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		pages.Add(1)
		var items []cronyapi.Job
		for i := (page - 1) * 200; i < min(page*200, 250); i++ {
			name := fmt.Sprintf("report-%03d", i)
			if i == 249 {
				name = "report"
			}
			items = append(items, cronyapi.Job{ID: int64(i + 1), Name: name})
		}
		reply(w, http.StatusOK, map[string]any{"items": items, "total": 250, "page": page, "size": 200})
	})))
	t.Cleanup(srv.Close)
	c := newClient(t, srv.URL+"/crony/", cronyapi.WithToken("crony_sa_x"), cronyapi.WithDepartment("pay"))

	job, err := c.JobByName(within(t, 10*time.Second), "report")
	if err != nil || job.ID != 250 || pages.Load() != 2 {
		t.Fatalf("job = %+v, %v after %d pages", job, err, pages.Load())
	}

	_, err = c.JobByName(within(t, 10*time.Second), "report-0")
	var ne *cronyapi.NameError
	if !errors.As(err, &ne) || !strings.HasPrefix(err.Error(), `no job is named "report-0"; names containing it: "report-000", `) ||
		!strings.HasSuffix(err.Error(), "and 245 more") {
		t.Fatalf("err = %v", err)
	}
}

func TestNewClientRefusesABaseURLThatIsNotHTTP(t *testing.T) {
	for _, u := range []string{"", "ftp://x", "crony-web:8080", "http://"} {
		if _, err := cronyapi.NewClient(u); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
}
