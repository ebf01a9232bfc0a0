// Command crony-trigger is what a Kubernetes CronJob runs to start work elsewhere: it
// either calls an HTTP endpoint (judging the answer, retrying, alerting DingTalk when it
// gives up) or runs a Crony job through crony-web's API and optionally waits for the run.
// Exit codes: 0 success, 1 failure, 2 usage error.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}
