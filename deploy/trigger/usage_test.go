package main

import "testing"

func TestUsageErrors(t *testing.T) {
	withToken := map[string]string{envDingTalkToken: "tok"}
	withPassword := map[string]string{envPassword: "pw"}
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		says string
	}{
		{"no flags", nil, nil, "give -url (call a URL) or -crony (run a Crony job)"},
		{"both modes", withToken, []string{"-url", "http://a", "-crony", "http://b"}, "two modes"},
		{"unknown flag", nil, []string{"-urll", "http://a"}, "flag provided but not defined: -urll"},
		{"positional argument", withToken, []string{"-url", "http://a", "now"}, `unexpected argument "now"`},
		{"not a URL", withToken, []string{"-url", "a.example/x"}, `-url "a.example/x" is not an http:// or https:// URL`},
		{"other scheme", withToken, []string{"-url", "ftp://a/x"}, "not an http:// or https:// URL"},
		{"empty URL", withToken, []string{"-url", ""}, "-url is empty"},
		{"no DingTalk token", nil, []string{"-url", "http://a"}, "the DingTalk token is missing: -token or env " + envDingTalkToken},
		{"bad DingTalk URL", withToken, []string{"-url", "http://a", "-dingtalk-url", "oapi"}, "-dingtalk-url"},
		{"bad duration", withToken, []string{"-url", "http://a", "-timeout", "30"}, `invalid value "30" for flag -timeout`},
		{"zero timeout", withToken, []string{"-url", "http://a", "-timeout", "0s"}, "-timeout must be more than 0"},
		{"negative backoff", withToken, []string{"-url", "http://a", "-backoff", "-1s"}, "-backoff must be more than 0"},
		{"negative retries", withToken, []string{"-url", "http://a", "-retries", "-1"}, "-retries must be 0 or more"},
		{"retries not a number", withToken, []string{"-url", "http://a", "-retries", "two"}, `invalid value "two" for flag -retries`},
		{"body not JSON", withToken, []string{"-url", "http://a", "-body", "{day:1}"}, "-body is not JSON"},
		{"bad header", withToken, []string{"-url", "http://a", "-header", "X-Team billing"}, `-header "X-Team billing" is not 'Name: value'`},
		{"value without field", withToken, []string{"-url", "http://a", "-success-value", "OK"}, "-success-value needs -success-field"},
		{"bad path", withToken, []string{"-url", "http://a", "-success-field", "data..code"}, "is not a dotted path"},
		{"crony flag in call mode", withToken, []string{"-url", "http://a", "-job", "x"}, "-job does not apply with -url"},
		{"call flag in crony mode", nil, []string{"-crony", "http://a", "-job", "x", "-api-token", "t", "-retries", "3"}, "-retries does not apply with -crony"},
		{"no job", nil, []string{"-crony", "http://a", "-api-token", "t"}, "-job is required with -crony"},
		{"bad Crony URL", nil, []string{"-crony", "crony-web:8080", "-job", "x", "-api-token", "t"}, "-crony"},
		{"params not JSON", nil, []string{"-crony", "http://a", "-job", "x", "-api-token", "t", "-params", "day=1"}, "-params is not JSON"},
		{"no credentials", nil, []string{"-crony", "http://a", "-job", "x"}, "no credentials"},
		{"user without password", nil, []string{"-crony", "http://a", "-job", "x", "-user", "ops"}, "-user ops needs the password in env " + envPassword},
		{"user and token", withPassword, []string{"-crony", "http://a", "-job", "x", "-user", "ops", "-api-token", "t"}, "not both"},
		{"user and env token", map[string]string{envPassword: "pw", envAPIToken: "t"}, []string{"-crony", "http://a", "-job", "x", "-user", "ops"}, "not both"},
		{"poll without wait", nil, []string{"-crony", "http://a", "-job", "x", "-api-token", "t", "-poll", "1s"}, "-poll needs -wait"},
		{"bad poll", nil, []string{"-crony", "http://a", "-job", "x", "-api-token", "t", "-wait", "-poll", "soon"}, `invalid value "soon" for flag -poll`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runProgram(t, tc.env, tc.args...)
			r.wantCode(t, exitUsage)
			contains(t, "stderr", r.stderr, tc.says, "usage:", "exit codes: 0 success, 1 failure, 2 usage error")
			if r.stdout != "" {
				t.Errorf("stdout not empty: %q", r.stdout)
			}
		})
	}
}

func TestHelpGoesToStdout(t *testing.T) {
	r := runProgram(t, nil, "-h")
	r.wantCode(t, exitOK)
	contains(t, "stdout", r.stdout, "usage:", "-success-field", "-api-token", envPassword)
}
