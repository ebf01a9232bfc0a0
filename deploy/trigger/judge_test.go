package main

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		name        string
		status      int
		body, field string
		want        string
		ok, retry   bool
	}{
		{"2xx, no field", 204, "", "", "0", true, false},
		{"5xx", 500, "boom", "", "0", false, true},
		{"429 is retried", 429, "", "", "0", false, true},
		{"408 is retried", 408, "", "", "0", false, true},
		{"404 is not", 404, "", "", "0", false, false},
		{"code 0", 200, `{"code":0}`, "code", "0", true, false},
		{"code 0.0 equals 0", 200, `{"code":0.0}`, "code", "0", true, false},
		{"big numbers stay exact", 200, `{"code":10000000000000001}`, "code", "10000000000000000", false, true},
		{"code 1", 200, `{"code":1}`, "code", "0", false, true},
		{"string code", 200, `{"code":"0"}`, "code", "0", true, false},
		{"null", 200, `{"code":null}`, "code", "null", true, false},
		{"object never matches", 200, `{"code":{}}`, "code", "{}", false, true},
		{"array index", 200, `{"items":[{"code":0}]}`, "items.0.code", "0", true, false},
		{"index out of range", 200, `{"items":[]}`, "items.0.code", "0", false, true},
		{"path through a scalar", 200, `{"data":5}`, "data.code", "0", false, true},
		{"not JSON", 200, `OK`, "code", "0", false, true},
		{"two JSON values", 200, `{"code":0}{"code":1}`, "code", "0", false, true},
		{"empty body", 200, ``, "code", "0", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := judge(tc.status, []byte(tc.body), tc.field, tc.want)
			if v.ok != tc.ok || (!v.ok && v.retryable != tc.retry) {
				t.Errorf("judge = %+v, want ok %v retryable %v", v, tc.ok, tc.retry)
			}
			if v.why == "" {
				t.Error("no reason given")
			}
		})
	}
}

func TestBackoffDoublesUpToTheCap(t *testing.T) {
	got := []time.Duration{backoff(time.Second, 1), backoff(time.Second, 2), backoff(time.Second, 3), backoff(time.Second, 10), backoff(time.Minute, 1)}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 30 * time.Second, 30 * time.Second}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("backoff %d = %s, want %s", i, got[i], want[i])
		}
	}
}

// The reference value was computed apart from this code (Python's hmac and base64), and
// holds '/', '+' and '=': the characters URL encoding must carry over.
func TestDingTalkSignature(t *testing.T) {
	const ms = 1700000000000
	if got := dingTalkSign("SEC000example-secret", ms); got != "/YbJAA+tLTTtzoqwcUos3NbOqO7jwHByWkRNhjOzPSQ=" {
		t.Errorf("sign = %s", got)
	}
	base, _ := url.Parse("https://oapi.dingtalk.com/robot/send")
	d := dingTalk{base: base, token: "tok", secret: "SEC000example-secret"}
	u := d.sendURL(time.UnixMilli(ms))
	for _, part := range []string{"access_token=tok", "timestamp=1700000000000", "sign=%2FYbJAA%2BtLTTtzoqwcUos3NbOqO7jwHByWkRNhjOzPSQ%3D"} {
		if !strings.Contains(u, part) {
			t.Errorf("%s lacks %s", u, part)
		}
	}
}

func TestDisplayURLHidesCredentials(t *testing.T) {
	u, _ := url.Parse("https://user:pw@svc.billing:8443/jobs/settle?token=s3cret#x")
	if got := displayURL(u); got != "https://svc.billing:8443/jobs/settle?…" {
		t.Errorf("displayURL = %s", got)
	}
}

func TestExcerptIsOneShortLine(t *testing.T) {
	got := excerpt([]byte("line one\nline\ttwo  "+strings.Repeat("é", 400)), 50)
	if strings.ContainsAny(got, "\n\t") || len(got) > 50+len("…") || !strings.HasPrefix(got, "line one line two é") {
		t.Errorf("excerpt = %q", got)
	}
}
