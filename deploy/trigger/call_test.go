package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const (
	testToken  = "robot-token-123"
	testSecret = "SEC000example-secret"
)

// target is a local endpoint answering from a script: the n-th request (from 1) gets
// answer(n); it records every request it was sent.
type target struct {
	*httptest.Server
	hits     atomic.Int32
	mu       sync.Mutex
	requests []*http.Request
	bodies   []string
}

func newTarget(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *target {
	tg := &target{}
	tg.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		tg.mu.Lock()
		tg.requests = append(tg.requests, r.Clone(r.Context()))
		tg.bodies = append(tg.bodies, string(body))
		tg.mu.Unlock()
		answer(int(tg.hits.Add(1)), w, r)
	}))
	t.Cleanup(tg.Close)
	return tg
}

func jsonAnswer(status int, body string) func(int, http.ResponseWriter, *http.Request) {
	return func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

// callArgs are the flags every call-mode test shares: the target, the fake robot, fast backoff.
func callArgs(tg *target, ding *fakeDingTalk, more ...string) []string {
	return append([]string{
		"-url", tg.URL + "/jobs/settle?day=today", "-token", testToken, "-secret", testSecret,
		"-dingtalk-url", ding.sendURL(), "-backoff", "10ms", "-name", "settle-orders",
	}, more...)
}

func TestCallSucceeds(t *testing.T) {
	tg := newTarget(t, jsonAnswer(200, `{"code":0,"msg":"ok"}`))
	ding := newFakeDingTalk(t, testToken, testSecret)

	r := runProgram(t, nil, callArgs(tg, ding, "-success-field", "code", "-body", `{"day":"2026-11-21"}`,
		"-header", "X-Team: billing", "-header", "Authorization: Bearer abc")...)

	r.wantCode(t, exitOK)
	contains(t, "stdout", r.stdout, "succeeded (attempt 1/3): HTTP 200, code is 0")
	if tg.hits.Load() != 1 {
		t.Errorf("%d requests, want 1", tg.hits.Load())
	}
	req := tg.requests[0]
	if req.Method != http.MethodPost || req.URL.RawQuery != "day=today" || tg.bodies[0] != `{"day":"2026-11-21"}` {
		t.Errorf("sent %s %s body %q", req.Method, req.URL, tg.bodies[0])
	}
	if req.Header.Get("X-Team") != "billing" || req.Header.Get("Authorization") != "Bearer abc" ||
		req.Header.Get("Content-Type") != "application/json" {
		t.Errorf("headers sent: %v", req.Header)
	}
	lacks(t, "stdout", r.stdout, "day=today") // the query may hold secrets: not logged
	if n := len(ding.received()); n != 0 {
		t.Errorf("%d alerts after a success", n)
	}
}

func TestCallRetriesAfter5xxThenSucceeds(t *testing.T) {
	tg := newTarget(t, func(n int, w http.ResponseWriter, r *http.Request) {
		if n < 3 {
			http.Error(w, "upstream busy", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "done")
	})
	ding := newFakeDingTalk(t, testToken, testSecret)

	r := runProgram(t, nil, callArgs(tg, ding, "-retries", "2")...)

	r.wantCode(t, exitOK)
	if tg.hits.Load() != 3 {
		t.Errorf("%d requests, want 3", tg.hits.Load())
	}
	contains(t, "stderr", r.stderr, "failed (attempt 1/3): HTTP 503 Service Unavailable: upstream busy", "(attempt 2/3)")
	contains(t, "stdout", r.stdout, "succeeded (attempt 3/3)")
	if n := len(ding.received()); n != 0 {
		t.Errorf("%d alerts after a success", n)
	}
}

func TestCallExhaustsRetriesAndAlertsSigned(t *testing.T) {
	tg := newTarget(t, jsonAnswer(502, `{"error":"bad gateway"}`))
	ding := newFakeDingTalk(t, testToken, testSecret)

	r := runProgram(t, nil, callArgs(tg, ding, "-retries", "2")...)

	r.wantCode(t, exitFailed)
	if tg.hits.Load() != 3 {
		t.Errorf("%d requests, want 3", tg.hits.Load())
	}
	msgs := ding.received()
	if len(msgs) != 1 {
		t.Fatalf("%d alerts, want 1", len(msgs))
	}
	if !msgs[0].signed || !msgs[0].signedOK {
		t.Errorf("alert signature: signed %v, valid %v", msgs[0].signed, msgs[0].signedOK)
	}
	contains(t, "alert", msgs[0].content, "settle-orders failed", "POST "+tg.URL+"/jobs/settle?…", "HTTP 502 Bad Gateway", "bad gateway")
	contains(t, "stderr", r.stderr, "giving up on POST")
	contains(t, "stdout", r.stdout, "DingTalk alert sent")
	lacks(t, "output", r.stdout+r.stderr, testToken, testSecret)
}

func TestCallDoesNotRetryA4xx(t *testing.T) {
	tg := newTarget(t, jsonAnswer(400, `{"message":"day missing"}`))
	ding := newFakeDingTalk(t, testToken, testSecret)

	r := runProgram(t, nil, callArgs(tg, ding, "-retries", "3")...)

	r.wantCode(t, exitFailed)
	if tg.hits.Load() != 1 {
		t.Errorf("%d requests, want 1: a 400 is not retried", tg.hits.Load())
	}
	contains(t, "stderr", r.stderr, "HTTP 400 Bad Request", "not retrying")
	if len(ding.received()) != 1 {
		t.Errorf("want one alert")
	}
}

// A 2xx whose body is not JSON: with a success field it is a failure (the field is the
// proof asked for), without one a success.
func TestCallNonJSONBody(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		code  int
		hits  int32
		alert int
	}{
		{"with success field", []string{"-success-field", "code", "-retries", "1"}, exitFailed, 2, 1},
		{"without success field", nil, exitOK, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := newTarget(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				io.WriteString(w, "<html><body>Welcome to nginx!</body></html>")
			})
			ding := newFakeDingTalk(t, testToken, testSecret)

			r := runProgram(t, nil, callArgs(tg, ding, tc.args...)...)

			r.wantCode(t, tc.code)
			if tg.hits.Load() != tc.hits || len(ding.received()) != tc.alert {
				t.Errorf("%d requests, %d alerts; want %d, %d", tg.hits.Load(), len(ding.received()), tc.hits, tc.alert)
			}
			if tc.code == exitFailed {
				contains(t, "stderr", r.stderr, "HTTP 200 but the answer is not JSON, so code cannot be checked: <html>")
			}
		})
	}
}

func TestCallSuccessField(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		args       []string
		code       int
		why        string
	}{
		{"code not 0", `{"code":500,"msg":"lock held"}`, []string{"-success-field", "code"}, exitFailed, "code is 500, want 0"},
		{"field missing", `{"msg":"ok"}`, []string{"-success-field", "code"}, exitFailed, "the answer has no code"},
		{"nested path", `{"data":{"code":"OK"}}`, []string{"-success-field", "data.code", "-success-value", "OK"}, exitOK, "data.code is \"OK\""},
		{"nested mismatch", `{"data":{"code":"BUSY"}}`, []string{"-success-field", "data.code", "-success-value", "OK"}, exitFailed, "data.code is \"BUSY\", want OK"},
		{"code as string", `{"code":"0"}`, []string{"-success-field", "code"}, exitOK, "code is \"0\""},
		{"boolean", `{"success":true}`, []string{"-success-field", "success", "-success-value", "true"}, exitOK, "success is true"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := newTarget(t, jsonAnswer(200, tc.body))
			ding := newFakeDingTalk(t, testToken, testSecret)

			r := runProgram(t, nil, callArgs(tg, ding, append(tc.args, "-retries", "0")...)...)

			r.wantCode(t, tc.code)
			contains(t, "output", r.stdout+r.stderr, tc.why)
			if alerts := len(ding.received()); (tc.code == exitFailed) != (alerts == 1) {
				t.Errorf("%d alerts for exit %d", alerts, tc.code)
			}
		})
	}
}

func TestCallTimeout(t *testing.T) {
	tg := newTarget(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		select { // slower than -timeout; let go once the client hung up
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	})
	ding := newFakeDingTalk(t, testToken, testSecret)

	started := time.Now()
	r := runProgram(t, nil, callArgs(tg, ding, "-timeout", "150ms", "-retries", "1")...)

	r.wantCode(t, exitFailed)
	if elapsed := time.Since(started); elapsed > 3*time.Second {
		t.Errorf("took %s: the timeout did not cut the attempts", elapsed)
	}
	contains(t, "stderr", r.stderr, "no complete answer within 150ms (-timeout)")
	if len(ding.received()) != 1 {
		t.Errorf("want one alert")
	}
}

func TestCallUnreachableTarget(t *testing.T) {
	ding := newFakeDingTalk(t, testToken, testSecret)

	r := runProgram(t, nil, "-url", "http://"+closedPort(t)+"/x", "-token", testToken, "-secret", testSecret,
		"-dingtalk-url", ding.sendURL(), "-retries", "0")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "connection refused")
	if len(ding.received()) != 1 {
		t.Errorf("want one alert")
	}
}

func TestCallDingTalkDown(t *testing.T) {
	tg := newTarget(t, jsonAnswer(500, `{}`))

	r := runProgram(t, nil, "-url", tg.URL, "-token", testToken, "-secret", testSecret,
		"-dingtalk-url", "http://"+closedPort(t)+"/robot/send", "-retries", "0")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "DingTalk alert not sent: DingTalk at 127.0.0.1:", "connection refused")
	lacks(t, "stderr", r.stderr, testToken)
}

// A wrong secret gets DingTalk's refusal (200 with errcode 310000), which is a failed alert.
func TestCallDingTalkRefusesBadSignature(t *testing.T) {
	tg := newTarget(t, jsonAnswer(500, `{}`))
	ding := newFakeDingTalk(t, testToken, testSecret)

	r := runProgram(t, nil, "-url", tg.URL, "-token", testToken, "-secret", "SECwrong",
		"-dingtalk-url", ding.sendURL(), "-retries", "0")

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "DingTalk alert not sent: DingTalk refused the message: errcode 310000 sign not match")
}

// Token and secret from the environment, as a Kubernetes Secret hands them over; a robot
// without signing gets neither timestamp nor sign.
func TestCallCredentialsFromEnv(t *testing.T) {
	tg := newTarget(t, jsonAnswer(503, `{}`))
	signed := newFakeDingTalk(t, testToken, testSecret)
	unsigned := newFakeDingTalk(t, testToken, "")

	r := runProgram(t, map[string]string{envDingTalkToken: testToken, envDingTalkSecret: testSecret, "HOSTNAME": "settle-29012345-x7k2p"},
		"-url", tg.URL, "-dingtalk-url", signed.sendURL(), "-retries", "0")
	r.wantCode(t, exitFailed)
	if m := signed.received(); len(m) != 1 || !m[0].signedOK || !strings.Contains(m[0].content, "settle-29012345-x7k2p failed") {
		t.Errorf("signed robot got %+v", m)
	}

	r = runProgram(t, map[string]string{envDingTalkToken: testToken}, "-url", tg.URL, "-dingtalk-url", unsigned.sendURL(), "-retries", "0")
	r.wantCode(t, exitFailed)
	if m := unsigned.received(); len(m) != 1 || m[0].signed {
		t.Errorf("unsigned robot got %+v", m)
	}
}

func TestCallRedirectIsNotFollowed(t *testing.T) {
	tg := newTarget(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://elsewhere.example/settle", http.StatusMovedPermanently)
	})
	ding := newFakeDingTalk(t, testToken, testSecret)

	r := runProgram(t, nil, callArgs(tg, ding, "-retries", "2")...)

	r.wantCode(t, exitFailed)
	contains(t, "stderr", r.stderr, "HTTP 301 redirect to https://elsewhere.example/settle not followed")
	if tg.hits.Load() != 1 {
		t.Errorf("%d requests, want 1", tg.hits.Load())
	}
}
