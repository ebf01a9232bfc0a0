package main

import (
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinaryExitCodes builds the real binary, as the image does (CGO_ENABLED=0), and runs
// it as a process: the exit codes a CronJob sees come from os.Exit, not from run.
func TestBinaryExitCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	goTool, err := exec.LookPath("go") // go test puts its own go first on PATH
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	bin := filepath.Join(t.TempDir(), "crony-trigger")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	code, stdout, stderr := runBinary(t, bin, nil, "-url", "ftp://nowhere")
	if code != exitUsage || !strings.Contains(stderr, "is not an http:// or https:// URL") || stdout != "" {
		t.Errorf("usage error: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	tg := newTarget(t, func(_ int, w http.ResponseWriter, _ *http.Request) { io.WriteString(w, `{"code":0}`) })
	code, stdout, stderr = runBinary(t, bin, []string{envDingTalkToken + "=tok"}, "-url", tg.URL, "-success-field", "code")
	if code != exitOK || !strings.Contains(stdout, "succeeded (attempt 1/3)") || stderr != "" {
		t.Errorf("success: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func runBinary(t *testing.T, bin string, env []string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String(), stderr.String()
	default:
		t.Fatalf("running %s: %v", bin, err)
		return -1, "", ""
	}
}
