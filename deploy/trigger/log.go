package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// logger writes one line per event, `kubectl logs` style: progress to stdout, failures to
// stderr, each line whole (newlines in answers and errors are folded) so a log collector
// never splits one event.
type logger struct {
	out, err io.Writer
	now      func() time.Time
}

func newLogger(stdout, stderr io.Writer) *logger {
	return &logger{out: stdout, err: stderr, now: time.Now}
}

func (l *logger) info(format string, args ...any) { l.line(l.out, format, args...) }

func (l *logger) fail(format string, args ...any) { l.line(l.err, format, args...) }

func (l *logger) line(w io.Writer, format string, args ...any) {
	msg := oneLine(fmt.Sprintf(format, args...))
	fmt.Fprintf(w, "%s %s: %s\n", l.now().UTC().Format(time.RFC3339), programName, msg)
}

// oneLine folds line breaks and runs of blanks into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// excerpt is the start of an answer's body for a log line or an alert: enough to see
// what went wrong, never a whole HTML error page.
func excerpt(body []byte, max int) string {
	s := oneLine(strings.ToValidUTF8(string(body), "?"))
	if len(s) > max {
		cut := max
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
