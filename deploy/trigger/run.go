package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
)

// Exit codes: a CronJob's pod status and `kubectl get jobs` show them, so they stay few.
const (
	exitOK      = 0
	exitFailed  = 1
	exitUsage   = 2
	programName = "crony-trigger"
)

// run is the whole program behind main, with its inputs passed in so tests call it
// directly: the arguments (without the program name), the environment, and the outputs.
func run(args []string, env func(string) string, stdout, stderr io.Writer) (code int) {
	// The contract is an exit code and a readable line, never a stack trace: a bug that
	// panics still ends as a failure the CronJob records.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "%s: internal error: %v\n", programName, r)
			code = exitFailed
		}
	}()
	cfg, err := parseArgs(args, env)
	if errors.Is(err, flag.ErrHelp) {
		printUsage(stdout, true)
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", programName, err)
		printUsage(stderr, false)
		return exitUsage
	}
	log := newLogger(stdout, stderr)
	ctx := context.Background()
	if cfg.call != nil {
		return runCall(ctx, cfg.call, log)
	}
	return runCrony(ctx, cfg.crony, log)
}
