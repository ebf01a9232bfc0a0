package crony

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Version is this SDK's version, sent in the default User-Agent.
const Version = "0.1.0"

// Execution identifies a run for a report: its id and the token Crony handed to the
// target with it, and the W3C trace context the call came with (Traceparent, the
// traceparent header), which [*Client] and [*GRPCReporter] send on with every report so
// that crony-web's span of the report joins the run's trace. Empty: none.
type Execution struct {
	ID          int64
	Token       string
	Traceparent string
}

// HeaderTraceparent carries the W3C trace context: in a call, and on to the reports.
const HeaderTraceparent = "traceparent"

// ValidTraceparent reports whether v is a W3C traceparent of the form
// 00-<32 hex>-<16 hex>-<2 hex> (lowercase; version ff is invalid). The SDK forwards
// only such a value and drops any other.
func ValidTraceparent(v string) bool {
	if len(v) != 55 || v[2] != '-' || v[35] != '-' || v[52] != '-' || v[:2] == "ff" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if i == 2 || i == 35 || i == 52 {
			continue
		}
		c := v[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// Reporter sends an async run's progress and result to crony-web. [*Client] (REST)
// and [*GRPCReporter] (gRPC) implement it.
type Reporter interface {
	ReportResult(ctx context.Context, exec Execution, result Result) (*ReportResponse, error)
	ReportProgress(ctx context.Context, exec Execution, progress Progress) (*ReportResponse, error)
}

// Client reports async runs to crony-web's REST API. It is safe for concurrent use.
type Client struct {
	baseURL     string
	httpClient  *http.Client
	userAgent   string
	maxAttempts int
	backoff     time.Duration
}

var _ Reporter = (*Client)(nil)

// Option configures a [Client].
type Option func(*Client)

// WithHTTPClient sets the HTTP client (transport, TLS, proxies, timeouts). The default
// is a client with a 30 s timeout.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) {
		if hc != nil {
			c.httpClient = hc
		}
	}
}

// WithRetry sets how many times a report is sent at most (1 = no retry) and the wait
// before the first retry, doubled for each further retry and capped at 30 s. Only
// network errors and HTTP 502, 503 and 504 are retried; a wait ends early when ctx
// does. The default is 3 attempts, 200 ms. Retrying a report is safe: a result
// repeated after it was applied answers Applied=false.
func WithRetry(maxAttempts int, backoff time.Duration) Option {
	return func(c *Client) {
		c.maxAttempts = max(maxAttempts, 1)
		c.backoff = max(backoff, 0)
	}
}

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option {
	return func(c *Client) { c.userAgent = ua }
}

// NewClient returns a client for the crony-web at baseURL, such as
// "http://crony-web:8080" (the /api/v1 paths are added).
func NewClient(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("crony: base URL %q: %w", baseURL, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("crony: base URL %q must be http(s)://host[:port][/path]", baseURL)
	}
	c := &Client{
		baseURL:     strings.TrimRight(u.String(), "/"),
		httpClient:  &http.Client{Timeout: 30 * time.Second},
		userAgent:   "crony-sdk-go/" + Version,
		maxAttempts: 3,
		backoff:     200 * time.Millisecond,
	}
	for _, opt := range opts {
		opt(c)
	}
	return c, nil
}

// ReportResult reports the result of an async run: SUCCEEDED or FAILED.
func (c *Client) ReportResult(ctx context.Context, exec Execution, result Result) (*ReportResponse, error) {
	if err := validateResult(result); err != nil {
		return nil, err
	}
	return c.post(ctx, "report result", exec, "result", result)
}

// ReportProgress reports an async run's progress, and optionally a resume payload.
func (c *Client) ReportProgress(ctx context.Context, exec Execution, progress Progress) (*ReportResponse, error) {
	if err := validateProgress(progress); err != nil {
		return nil, err
	}
	return c.post(ctx, "report progress", exec, "progress", progress)
}

// RequestRebalance asks Crony to move the run to another instance of the service, which
// resumes from resumePayload: a progress report with [Progress.Rebalance] set (see
// [Rebalance]). When the answer is Applied, stop working on the run and report no result.
func (c *Client) RequestRebalance(ctx context.Context, exec Execution, percent int, resumePayload string) (*ReportResponse, error) {
	return c.ReportProgress(ctx, exec, Rebalance(percent, resumePayload))
}

func (c *Client) post(ctx context.Context, op string, exec Execution, what string, body any) (*ReportResponse, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("crony: %s: %w", op, err)
	}
	endpoint := c.baseURL + "/api/v1/executions/" + strconv.FormatInt(exec.ID, 10) + "/" + what
	for attempt := 1; ; attempt++ {
		resp, status, respBody, err := c.send(ctx, endpoint, exec.Token, exec.Traceparent, payload)
		// status 0: no answer at all (a network error); an undecodable 2xx is not retried.
		retryable := (err != nil && status == 0) || status == http.StatusBadGateway ||
			status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout
		if !retryable || attempt >= c.maxAttempts || ctx.Err() != nil {
			return c.outcome(op, exec, attempt, resp, status, respBody, err)
		}
		if werr := c.wait(ctx, attempt); werr != nil {
			if err == nil {
				err = werr
			}
			return nil, &RequestError{Op: op, ExecutionID: exec.ID, Attempts: attempt, Err: err}
		}
	}
}

// send makes one request. err is set when no usable answer came back; status is 0
// when no answer came back at all.
func (c *Client) send(ctx context.Context, endpoint, token, traceparent string, payload []byte) (*ReportResponse, int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(payload))
	if err != nil {
		return nil, 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, application/problem+json")
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set(HeaderToken, token)
	if ValidTraceparent(traceparent) {
		req.Header.Set(HeaderTraceparent, traceparent)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return nil, 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, 0, nil, err
	}
	if resp.StatusCode/100 != 2 {
		return nil, resp.StatusCode, body, nil
	}
	out := &ReportResponse{}
	if err := json.Unmarshal(body, out); err != nil {
		return nil, resp.StatusCode, body, fmt.Errorf("decoding answer %q: %w", snippet(body), err)
	}
	return out, resp.StatusCode, body, nil
}

func (c *Client) outcome(op string, exec Execution, attempts int, resp *ReportResponse, status int, body []byte, err error) (*ReportResponse, error) {
	switch {
	case err != nil:
		return nil, &RequestError{Op: op, ExecutionID: exec.ID, Attempts: attempts, Err: err}
	case resp == nil:
		return nil, parseAPIError(status, body)
	default:
		return resp, nil
	}
}

func (c *Client) wait(ctx context.Context, attempt int) error {
	d := c.backoff
	for i := 1; i < attempt && d < 30*time.Second; i++ {
		d *= 2
	}
	d = min(d, 30*time.Second)
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}
