package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
)

// verdict is what one answer means: success or not, worth another attempt or not, and
// why, in words for the log and the alert.
type verdict struct {
	ok        bool
	retryable bool
	why       string
}

const excerptLen = 300

// judge decides on an answer. Success is a 2xx status and, when a success field is
// configured, that field of a JSON body equal to the wanted value. A body that is not JSON
// while a field is configured is a failure: the caller asked for proof of success in the
// body, and an HTML page from a proxy or a plain "OK" is not that proof.
func judge(status int, body []byte, field, want string) verdict {
	if status < 200 || status > 299 {
		return verdict{
			retryable: retryableStatus(status),
			why:       withBody(fmt.Sprintf("HTTP %d %s", status, http.StatusText(status)), body),
		}
	}
	if field == "" {
		return verdict{ok: true, why: fmt.Sprintf("HTTP %d", status)}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber() // numbers stay exact: code 0 vs 0.0 vs 10000000000000001
	var doc any
	if err := dec.Decode(&doc); err != nil || dec.More() {
		return verdict{retryable: true, why: withBody(fmt.Sprintf("HTTP %d but the answer is not JSON, so %s cannot be checked", status, field), body)}
	}
	got, found := lookup(doc, field)
	if !found {
		return verdict{retryable: true, why: withBody(fmt.Sprintf("HTTP %d but the answer has no %s", status, field), body)}
	}
	if !matches(got, want) {
		return verdict{retryable: true, why: withBody(fmt.Sprintf("HTTP %d but %s is %s, want %s", status, field, show(got), want), body)}
	}
	return verdict{ok: true, why: fmt.Sprintf("HTTP %d, %s is %s", status, field, show(got))}
}

// retryableStatus: a 4xx says the request itself is wrong, and repeating it gets the same
// answer; except timeouts and rate limits, which are about the moment.
func retryableStatus(status int) bool {
	if status >= 400 && status < 500 {
		return status == http.StatusRequestTimeout || status == http.StatusTooEarly || status == http.StatusTooManyRequests
	}
	return true
}

func withBody(what string, body []byte) string {
	if len(bytes.TrimSpace(body)) == 0 {
		return what
	}
	return what + ": " + excerpt(body, excerptLen)
}

// lookup follows a dotted path (data.code, items.0.code) through objects and arrays.
func lookup(doc any, path string) (any, bool) {
	cur := doc
	for _, step := range strings.Split(path, ".") {
		switch node := cur.(type) {
		case map[string]any:
			next, ok := node[step]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(step)
			if err != nil || i < 0 || i >= len(node) {
				return nil, false
			}
			cur = node[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// matches compares a JSON value with the wanted text: numbers by value (0 equals 0.0),
// strings as text ("0" equals 0 given as -success-value 0, as many APIs send codes as
// strings), true/false/null by their JSON spelling; objects and arrays never match.
func matches(got any, want string) bool {
	switch v := got.(type) {
	case json.Number:
		a, okA := new(big.Rat).SetString(v.String())
		b, okB := new(big.Rat).SetString(strings.TrimSpace(want))
		if okA && okB {
			return a.Cmp(b) == 0
		}
		return v.String() == want
	case string:
		return v == want
	case bool:
		return strconv.FormatBool(v) == want
	case nil:
		return want == "null"
	default:
		return false
	}
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return excerpt(b, 100)
}
