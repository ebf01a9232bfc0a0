package cronyapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"crony.io/sdk-go/problem"
)

// Version of this package, sent in the default User-Agent (the SDK's version).
const Version = "0.1.0"

// maxBodyRead bounds what is read of an answer.
const maxBodyRead = 1 << 20

// Client speaks to crony-web's /api/v1 with a bearer token. It is safe for concurrent use.
type Client struct {
	base       *url.URL
	httpClient *http.Client
	userAgent  string
	department string
	retry      backoff
	onRetry    func(Retry)

	mu    sync.Mutex
	token string
}

// Option configures a [Client].
type Option func(*Client)

// WithToken sets the bearer token: a service token (crony_sa_...) or one from a sign-in.
// [Client.Login] sets it too.
func WithToken(token string) Option { return func(c *Client) { c.token = token } }

// WithDepartment names the department requests work in (header X-Crony-Department).
// Without it crony-web uses the user's home department, or a service token's own.
func WithDepartment(name string) Option { return func(c *Client) { c.department = name } }

// WithHTTPClient sets the HTTP client (transport, TLS, proxies, per-request timeout). The
// default has a 30 s timeout and does not follow redirects: a redirected POST is nearly
// always a wrong base URL (http for https, a missing path prefix), and following it would
// turn it into a GET; the 3xx comes back as an [*Error] instead.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) {
		if hc != nil {
			c.httpClient = hc
		}
	}
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithRetry sets the wait before the first retry and the longest wait: each retry waits
// twice the one before, at most max, drawn between half of that and all of it (jitter, so
// the CronJobs of one minute do not all come back at once). Retries go on until the
// request's context ends, so the context's deadline is the one bound. Retried: no answer
// at all, and HTTP 502, 503 and 504 — what a rolling update of crony-web or a gateway in
// front of it answers. [Client.RunJob] is retried only where crony-web cannot have
// started the run (see there). initial 0 turns retries off. The default is 200 ms, 10 s.
func WithRetry(initial, max time.Duration) Option {
	return func(c *Client) { c.retry = backoff{initial: max0(initial), max: max0(max)} }
}

// Retry describes a request about to be sent again, for [WithRetryNotify].
type Retry struct {
	Method, Path string
	// Attempt is the attempt that failed (1 for the first).
	Attempt int
	// Err is why: an [*Error] (502, 503, 504) or a [*RequestError].
	Err error
	// Wait is the time until the next attempt.
	Wait time.Duration
}

// WithRetryNotify calls f before each wait of a retry, to log it.
func WithRetryNotify(f func(Retry)) Option { return func(c *Client) { c.onRetry = f } }

// NewClient returns a client for the crony-web at baseURL, such as "http://crony-web:8080"
// or "https://ops.example.com/crony" (a path prefix is kept; /api/v1 is added).
func NewClient(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("cronyapi: base URL %q is not an http:// or https:// URL", baseURL)
	}
	c := &Client{
		base: u,
		httpClient: &http.Client{
			Timeout:       30 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		userAgent: "crony-sdk-go/" + Version,
		retry:     backoff{initial: 200 * time.Millisecond, max: 10 * time.Second},
	}
	for _, opt := range opts {
		opt(c)
	}
	return c, nil
}

// Token is the bearer token the client sends ("" when none).
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

// request is one call: which retries it may have is the caller's to say.
type request struct {
	method, path string
	query        url.Values
	in, out      any
	// sentAgainSafely: a second copy does no harm (reads, sign-in, sign-out). When false,
	// only failures that show crony-web never took the request up are retried.
	sentAgainSafely bool
}

// do sends r, again while the failure is one to retry and ctx lasts, and decodes a 2xx
// answer into r.out.
func (c *Client) do(ctx context.Context, r request) error {
	var payload []byte
	if r.in != nil {
		var err error
		if payload, err = json.Marshal(r.in); err != nil {
			return fmt.Errorf("cronyapi: %s %s: %w", r.method, r.path, err)
		}
	}
	var earlier error
	for attempt := 1; ; attempt++ {
		err := c.once(ctx, r, payload, attempt)
		if err == nil || c.retry.initial <= 0 || !retryable(err, r.sentAgainSafely) || ctx.Err() != nil {
			return telling(err, earlier)
		}
		earlier = err
		wait := c.retry.wait(attempt)
		if c.onRetry != nil {
			c.onRetry(Retry{Method: r.method, Path: c.pathOf(r.path), Attempt: attempt, Err: err, Wait: wait})
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return err // the last failure says more than "context deadline exceeded"
		}
	}
}

// telling is the failure to give back when the requests end. When the context ends as an
// attempt starts (on a busy machine the deadline often falls there, after a backoff), that
// attempt says only "context deadline exceeded"; if the attempt before it could not even
// connect, its failure (a refused connection, say) is the story, told with every attempt
// counted.
func telling(last, earlier error) error {
	var cut, before *RequestError
	if earlier == nil || !isContextEnd(last) || !errors.As(last, &cut) || !errors.As(earlier, &before) ||
		!neverConnected(earlier) {
		return last
	}
	told := *before
	told.Attempts = cut.Attempts
	return &told
}

func (c *Client) pathOf(path string) string {
	u := c.base.JoinPath("api/v1", path)
	if !strings.HasPrefix(u.Path, "/") { // a base without a path joins to a relative one
		u.Path = "/" + u.Path
	}
	return u.Path
}

func (c *Client) once(ctx context.Context, r request, payload []byte, attempt int) error {
	u := c.base.JoinPath("api/v1", r.path)
	u.Path = c.pathOf(r.path)
	u.RawQuery = r.query.Encode()
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u.String(), body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json, application/problem+json")
	req.Header.Set("User-Agent", c.userAgent)
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token := c.Token(); token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if c.department != "" {
		req.Header.Set("X-Crony-Department", c.department)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return &RequestError{Method: r.method, Path: u.Path, Attempts: attempt, Err: withoutURL(err), NoAnswer: true}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyRead))
	if err != nil {
		return &RequestError{Method: r.method, Path: u.Path, Attempts: attempt, Err: withoutURL(err), NoAnswer: true}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return problemOf(resp.StatusCode, raw)
	}
	if r.out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, r.out); err != nil {
		return &RequestError{Method: r.method, Path: u.Path, Attempts: attempt,
			Err: fmt.Errorf("not the JSON expected: %s", excerpt(raw, problem.ExcerptLen))}
	}
	return nil
}

// retryable: no answer, or an answer that a restarting crony-web or its gateway gives.
// A request that must not run twice is sent again only when it cannot have been taken
// up: the connection was never made, or a gateway (502) or crony-web (503: its database
// or etcd cannot answer) refused it. A 504, or a connection lost after sending, may
// follow a run that started.
func retryable(err error, sentAgainSafely bool) bool {
	var ae *Error
	if errors.As(err, &ae) {
		switch ae.StatusCode {
		case http.StatusBadGateway, http.StatusServiceUnavailable:
			return true
		case http.StatusGatewayTimeout:
			return sentAgainSafely
		}
		return false
	}
	var re *RequestError
	if !errors.As(err, &re) || !re.NoAnswer {
		return false
	}
	return sentAgainSafely || neverConnected(err)
}

// neverConnected: the failure came before the request could be written (no TCP
// connection to crony-web or to the proxy).
func neverConnected(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && (op.Op == "dial" || op.Op == "proxyconnect")
}

func isContextEnd(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// withoutURL drops the *url.Error wrapper: its text repeats the URL, which the
// RequestError names by path already.
func withoutURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func max0(d time.Duration) time.Duration { return max(d, 0) }
