package main

import (
	"net/http"
	"time"
)

// newHTTPClient is the one client of a run. Redirects are not followed: a POST that is
// redirected is nearly always a wrong URL (http for https, a missing path prefix), and
// following it would turn the POST into a GET or carry a token to another host; the 3xx
// is reported instead. Proxies come from HTTP(S)_PROXY/NO_PROXY as usual.
func newHTTPClient(timeout time.Duration) *http.Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	return &http.Client{
		Transport: transport,
		Timeout:   timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}
