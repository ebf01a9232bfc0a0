package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

// Environment variables, so a Kubernetes Secret can feed what must not sit in the pod spec.
const (
	envDingTalkToken  = "CRONY_TRIGGER_DINGTALK_TOKEN"
	envDingTalkSecret = "CRONY_TRIGGER_DINGTALK_SECRET"
	envAPIToken       = "CRONY_API_TOKEN"
	envDepartment     = "CRONY_DEPARTMENT"
	envPassword       = "CRONY_PASSWORD"
)

const defaultDingTalkURL = "https://oapi.dingtalk.com/robot/send"

// headerList collects repeated -header 'Name: value' flags.
type headerList []string

func (h *headerList) String() string     { return strings.Join(*h, ", ") }
func (h *headerList) Set(v string) error { *h = append(*h, v); return nil }

// Which flags belong to which mode, to refuse a flag the chosen mode would ignore.
var (
	callFlags  = []string{"url", "token", "secret", "dingtalk-url", "retries", "backoff", "success-field", "success-value", "body", "header", "name"}
	cronyFlags = []string{"crony", "job", "params", "wait", "poll", "api-token", "user", "department"}
)

type rawFlags struct {
	url, token, secret, dingTalkURL, successField, successValue, body, name string
	retries                                                                 int
	backoff, timeout, poll                                                  time.Duration
	headers                                                                 headerList
	crony, job, params, apiToken, user, department                          string
	wait                                                                    bool
}

func newFlagSet(f *rawFlags) *flag.FlagSet {
	fs := flag.NewFlagSet(programName, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run prints the error and the usage itself, once
	fs.StringVar(&f.url, "url", "", "call mode: the URL to POST to")
	fs.StringVar(&f.token, "token", "", "call mode: DingTalk robot access token (or env "+envDingTalkToken+")")
	fs.StringVar(&f.secret, "secret", "", "call mode: DingTalk robot signing secret (or env "+envDingTalkSecret+")")
	fs.StringVar(&f.dingTalkURL, "dingtalk-url", defaultDingTalkURL, "call mode: DingTalk robot send URL")
	fs.DurationVar(&f.timeout, "timeout", 0, "call mode: time for one attempt (default 30s); crony mode: time for the whole run, retries of an unreachable crony-web included (default 10m)")
	fs.IntVar(&f.retries, "retries", 2, "call mode: further attempts after a failed one")
	fs.DurationVar(&f.backoff, "backoff", time.Second, "call mode: wait before the first retry, doubled for each next one (at most 30s)")
	fs.StringVar(&f.successField, "success-field", "", "call mode: JSON field of the answer that must equal -success-value (dotted path, e.g. data.code); empty: status only")
	fs.StringVar(&f.successValue, "success-value", "0", "call mode: the value -success-field must have")
	fs.StringVar(&f.body, "body", "", "call mode: JSON request body (sent with Content-Type: application/json)")
	fs.Var(&f.headers, "header", "call mode: request header 'Name: value' (repeatable)")
	fs.StringVar(&f.name, "name", "", "call mode: what the alert calls this call (default: the host name, in Kubernetes the pod)")
	fs.StringVar(&f.crony, "crony", "", "crony mode: crony-web's base URL, e.g. http://crony-web:8080")
	fs.StringVar(&f.job, "job", "", "crony mode: the job's exact name")
	fs.StringVar(&f.params, "params", "", "crony mode: JSON handed to the run as its params")
	fs.BoolVar(&f.wait, "wait", false, "crony mode: wait for the run's final status")
	fs.DurationVar(&f.poll, "poll", 2*time.Second, "crony mode: how often -wait asks for the status")
	fs.StringVar(&f.apiToken, "api-token", "", "crony mode: Crony bearer token (or env "+envAPIToken+")")
	fs.StringVar(&f.user, "user", "", "crony mode: sign in as this user, password from env "+envPassword)
	fs.StringVar(&f.department, "department", "", "crony mode: the job's department (or env "+envDepartment+"); default: the user's home department, a token's own")
	return fs
}

// printUsage writes the synopsis, and with all the flags explained for -h; a usage error
// gets the synopsis only, so the mistake stays visible at the top of `kubectl logs`.
func printUsage(w io.Writer, full bool) {
	fmt.Fprintf(w, `usage:
  %[1]s -url URL [-token T] [-secret S] [-timeout 30s] [-retries 2] [-success-field code] [-success-value 0] [-body JSON] [-header 'K: V' ...]
  %[1]s -crony URL -job NAME [-params JSON] [-wait] [-poll 2s] [-timeout 10m] (-api-token T | -user U) [-department D]
exit codes: 0 success, 1 failure, 2 usage error
`, programName)
	if !full {
		fmt.Fprintf(w, "%s -h explains every flag\n", programName)
		return
	}
	fmt.Fprintln(w, "flags:")
	var f rawFlags
	fs := newFlagSet(&f)
	fs.SetOutput(w)
	fs.PrintDefaults()
}
