package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

const (
	maxBackoff  = 30 * time.Second
	maxBodyRead = 1 << 20 // a success field deeper than 1 MiB into an answer is not a use case
)

// runCall POSTs to the URL until an answer is judged a success or the attempts run out;
// then it alerts DingTalk and fails.
func runCall(ctx context.Context, c *callConfig, log *logger) int {
	client := newHTTPClient(0) // each attempt has its own deadline, reading the body included
	target := displayURL(c.url)
	attempts := c.retries + 1
	started := time.Now()
	var last verdict
	for i := 1; i <= attempts; i++ {
		last = attempt(ctx, client, c)
		if last.ok {
			log.info("POST %s succeeded (attempt %d/%d): %s", target, i, attempts, last.why)
			return exitOK
		}
		log.fail("POST %s failed (attempt %d/%d): %s", target, i, attempts, last.why)
		if !last.retryable {
			log.fail("not retrying: the answer would be the same")
			break
		}
		if i < attempts {
			wait := backoff(c.backoff, i)
			log.info("retrying in %s", wait)
			if !sleep(ctx, wait) {
				break
			}
		}
	}
	elapsed := time.Since(started).Round(time.Millisecond)
	log.fail("giving up on POST %s after %s: %s", target, elapsed, last.why)
	alert := fmt.Sprintf("%s: %s failed\nPOST %s\nafter %s: %s\nat %s",
		programName, c.name, target, elapsed, last.why, time.Now().UTC().Format(time.RFC3339))
	if err := c.alert.send(ctx, newHTTPClient(dingTalkTimeout), alert, time.Now()); err != nil {
		log.fail("DingTalk alert not sent: %v", err)
	} else {
		log.info("DingTalk alert sent")
	}
	return exitFailed
}

// attempt makes one request under the per-attempt timeout and judges the answer.
func attempt(ctx context.Context, client *http.Client, c *callConfig) verdict {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url.String(), bytes.NewReader(c.body))
	if err != nil {
		return verdict{why: err.Error()}
	}
	for name, values := range c.headers {
		req.Header[name] = values
	}
	// net/http takes the Host header from req.Host, not from the header map
	if host := c.headers.Get("Host"); host != "" {
		req.Host = host
	}
	resp, err := client.Do(req)
	if err != nil {
		return verdict{retryable: true, why: transportError(ctx, err, c.timeout)}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyRead))
	if err != nil {
		return verdict{retryable: true, why: fmt.Sprintf("HTTP %d, then reading the answer failed: %s", resp.StatusCode, transportError(ctx, err, c.timeout))}
	}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return verdict{why: fmt.Sprintf("HTTP %d redirect to %s not followed: fix -url", resp.StatusCode, resp.Header.Get("Location"))}
	}
	return judge(resp.StatusCode, body, c.successField, c.successValue)
}

func transportError(ctx context.Context, err error, timeout time.Duration) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("no complete answer within %s (-timeout)", timeout)
	}
	return withoutURL(err).Error()
}

// backoff before retry n (1-based): the base, doubled each time, at most maxBackoff.
func backoff(base time.Duration, n int) time.Duration {
	d := base
	for i := 1; i < n && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// displayURL is the URL for logs and alerts without its query and user info, which may
// hold credentials.
func displayURL(u *url.URL) string {
	shown := *u
	shown.User = nil
	query := shown.RawQuery != ""
	shown.RawQuery = ""
	shown.Fragment = ""
	s := shown.String()
	if query {
		s += "?…"
	}
	return strings.TrimSpace(s)
}
