package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// config is one of the two modes, checked and with defaults applied.
type config struct {
	call  *callConfig
	crony *cronyConfig
}

// callConfig: POST a URL, judge the answer, retry, alert DingTalk when giving up.
type callConfig struct {
	url          *url.URL
	body         []byte
	headers      http.Header
	timeout      time.Duration // per attempt
	retries      int
	backoff      time.Duration
	successField string
	successValue string
	name         string
	alert        dingTalk
}

// cronyConfig: run a Crony job by name through crony-web's API, optionally wait for it.
type cronyConfig struct {
	base       *url.URL
	job        string
	params     *string
	wait       bool
	poll       time.Duration
	timeout    time.Duration // the whole run: sign-in, start and waiting
	apiToken   string
	user       string
	password   string
	department string // X-Crony-Department; empty: the caller's home department
}

// usageError is a mistake in the command line: exit 2 with the usage.
type usageError string

func (e usageError) Error() string { return string(e) }

func usagef(format string, args ...any) error { return usageError(fmt.Sprintf(format, args...)) }

// parseArgs reads the command line and the environment into one mode's config, or says
// what is wrong (a usageError, or flag.ErrHelp for -h).
func parseArgs(args []string, env func(string) string) (*config, error) {
	var f rawFlags
	fs := newFlagSet(&f)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, usageError(err.Error())
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected argument %q (flags only)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch {
	case set["url"] && set["crony"]:
		return nil, usagef("-url and -crony are two modes: give one")
	case set["url"]:
		if err := refuseFlags(set, cronyFlags, "-url"); err != nil {
			return nil, err
		}
		c, err := callConfigOf(&f, set, env)
		return &config{call: c}, err
	case set["crony"]:
		if err := refuseFlags(set, callFlags, "-crony"); err != nil {
			return nil, err
		}
		c, err := cronyConfigOf(&f, set, env)
		return &config{crony: c}, err
	default:
		return nil, usagef("give -url (call a URL) or -crony (run a Crony job)")
	}
}

func refuseFlags(set map[string]bool, others []string, mode string) error {
	for _, name := range others {
		if set[name] {
			return usagef("-%s does not apply with %s", name, mode)
		}
	}
	return nil
}

func callConfigOf(f *rawFlags, set map[string]bool, env func(string) string) (*callConfig, error) {
	target, err := httpURL("-url", f.url)
	if err != nil {
		return nil, err
	}
	c := &callConfig{
		url:          target,
		headers:      http.Header{},
		timeout:      orDefault(f.timeout, set["timeout"], 30*time.Second),
		retries:      f.retries,
		backoff:      f.backoff,
		successField: strings.TrimSpace(f.successField),
		successValue: f.successValue,
		name:         f.name,
	}
	if err := positive("-timeout", c.timeout); err != nil {
		return nil, err
	}
	if err := positive("-backoff", c.backoff); err != nil {
		return nil, err
	}
	if c.retries < 0 {
		return nil, usagef("-retries must be 0 or more, not %d", c.retries)
	}
	if set["success-value"] && c.successField == "" {
		return nil, usagef("-success-value needs -success-field")
	}
	if strings.HasPrefix(c.successField, ".") || strings.HasSuffix(c.successField, ".") || strings.Contains(c.successField, "..") {
		return nil, usagef("-success-field %q is not a dotted path like data.code", f.successField)
	}
	if f.body != "" {
		if !json.Valid([]byte(f.body)) {
			return nil, usagef("-body is not JSON")
		}
		c.body = []byte(f.body)
		c.headers.Set("Content-Type", "application/json")
	}
	for _, h := range f.headers {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, usagef("-header %q is not 'Name: value'", h)
		}
		c.headers.Add(name, strings.TrimSpace(value))
	}
	// In a CronJob the host name is the pod's, which names the CronJob.
	c.name = firstNonEmpty(c.name, env("HOSTNAME"), target.Host)
	// The token is required rather than optional: a Secret key that went missing would
	// otherwise turn every failure silent.
	c.alert.token = firstNonEmpty(f.token, env(envDingTalkToken))
	if c.alert.token == "" {
		return nil, usagef("the DingTalk token is missing: -token or env %s", envDingTalkToken)
	}
	c.alert.secret = firstNonEmpty(f.secret, env(envDingTalkSecret))
	if c.alert.base, err = httpURL("-dingtalk-url", f.dingTalkURL); err != nil {
		return nil, err
	}
	return c, nil
}

func cronyConfigOf(f *rawFlags, set map[string]bool, env func(string) string) (*cronyConfig, error) {
	base, err := httpURL("-crony", f.crony)
	if err != nil {
		return nil, err
	}
	c := &cronyConfig{
		base:    base,
		job:     f.job,
		wait:    f.wait,
		poll:    f.poll,
		timeout: orDefault(f.timeout, set["timeout"], 10*time.Minute),
	}
	if strings.TrimSpace(c.job) == "" {
		return nil, usagef("-job is required with -crony")
	}
	if err := positive("-timeout", c.timeout); err != nil {
		return nil, err
	}
	if err := positive("-poll", c.poll); err != nil {
		return nil, err
	}
	if set["poll"] && !c.wait {
		return nil, usagef("-poll needs -wait")
	}
	if set["params"] {
		if !json.Valid([]byte(f.params)) {
			return nil, usagef("-params is not JSON")
		}
		c.params = &f.params
	}
	c.department = firstNonEmpty(f.department, env(envDepartment))
	c.apiToken = firstNonEmpty(f.apiToken, env(envAPIToken))
	switch {
	case f.user != "" && c.apiToken != "":
		return nil, usagef("give either a token (-api-token or env %s) or -user with env %s, not both", envAPIToken, envPassword)
	case f.user != "":
		c.user = f.user
		c.password = env(envPassword)
		if c.password == "" {
			return nil, usagef("-user %s needs the password in env %s", f.user, envPassword)
		}
	case c.apiToken == "":
		return nil, usagef("no credentials: -api-token (or env %s), or -user with env %s", envAPIToken, envPassword)
	}
	return c, nil
}

// httpURL accepts only absolute http(s) URLs with a host, so a typo fails here and not
// as a confusing transport error at 3 a.m.
func httpURL(flagName, raw string) (*url.URL, error) {
	if raw == "" {
		return nil, usagef("%s is empty", flagName)
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, usagef("%s %q is not an http:// or https:// URL", flagName, raw)
	}
	return u, nil
}

func positive(flagName string, d time.Duration) error {
	if d <= 0 {
		return usagef("%s must be more than 0, not %s", flagName, d)
	}
	return nil
}

// orDefault: -timeout means different things in the two modes, so its default is per mode.
func orDefault(d time.Duration, given bool, def time.Duration) time.Duration {
	if given {
		return d
	}
	return def
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
