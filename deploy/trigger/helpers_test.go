package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// result is what one run of the program left behind.
type result struct {
	code           int
	stdout, stderr string
}

// runProgram calls run as main would, with only the given environment.
func runProgram(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, func(k string) string { return env[k] }, &stdout, &stderr)
	r := result{code: code, stdout: stdout.String(), stderr: stderr.String()}
	for _, out := range []string{r.stdout, r.stderr} {
		if strings.Contains(out, "goroutine ") || strings.Contains(out, "panic") || strings.Contains(out, "internal error") {
			t.Fatalf("a stack trace or panic in the output:\n%s", out)
		}
	}
	t.Logf("exit %d\nstdout:\n%sstderr:\n%s", r.code, r.stdout, r.stderr)
	return r
}

func (r result) wantCode(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
}

func contains(t *testing.T, what, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, out)
		}
	}
}

func lacks(t *testing.T, what, out string, unwanted ...string) {
	t.Helper()
	for _, u := range unwanted {
		if strings.Contains(out, u) {
			t.Errorf("%s has %q:\n%s", what, u, out)
		}
	}
}

// dingTalkMessage is one message the fake robot received, with its check of the signature.
type dingTalkMessage struct {
	content  string
	signed   bool
	signedOK bool
}

// fakeDingTalk plays a DingTalk custom robot: it takes text messages for one token, and
// when it has a secret it checks the signature as DingTalk does (timestamp within an
// hour, sign = base64 HMAC-SHA256 of "timestamp\nsecret" keyed with the secret, read from
// the URL-decoded query), refusing with errcode 310000 like the real one.
type fakeDingTalk struct {
	*httptest.Server
	token, secret string
	mu            sync.Mutex
	messages      []dingTalkMessage
}

func newFakeDingTalk(t *testing.T, token, secret string) *fakeDingTalk {
	f := &fakeDingTalk{token: token, secret: secret}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeDingTalk) serve(w http.ResponseWriter, r *http.Request) {
	answer := func(code int, msg string) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"errcode": code, "errmsg": msg})
	}
	q := r.URL.Query()
	if r.Method != http.MethodPost || r.URL.Path != "/robot/send" || q.Get("access_token") != f.token {
		answer(300001, "token is not exist")
		return
	}
	var body struct {
		MsgType string `json:"msgtype"`
		Text    struct {
			Content string `json:"content"`
		} `json:"text"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.MsgType != "text" || body.Text.Content == "" {
		answer(40035, "bad message")
		return
	}
	m := dingTalkMessage{content: body.Text.Content, signed: q.Has("sign")}
	if m.signed {
		ms, err := strconv.ParseInt(q.Get("timestamp"), 10, 64)
		mac := hmac.New(sha256.New, []byte(f.secret))
		mac.Write([]byte(q.Get("timestamp") + "\n" + f.secret))
		want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
		fresh := err == nil && time.Since(time.UnixMilli(ms)).Abs() < time.Hour
		m.signedOK = fresh && hmac.Equal([]byte(q.Get("sign")), []byte(want))
	}
	f.mu.Lock()
	f.messages = append(f.messages, m)
	f.mu.Unlock()
	if f.secret != "" && !m.signedOK {
		answer(310000, "sign not match")
		return
	}
	answer(0, "ok")
}

func (f *fakeDingTalk) received() []dingTalkMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]dingTalkMessage(nil), f.messages...)
}

func (f *fakeDingTalk) sendURL() string { return f.URL + "/robot/send" }

// closedPort is an address where nothing listens: a service that is down.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}
