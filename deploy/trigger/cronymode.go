package main

import (
	"context"
	"fmt"
	"time"
)

// Crony's execution statuses (io.crony.common.execution.ExecutionStatus): PENDING and
// RUNNING are on the way; SUCCEEDED, FAILED, TIMED_OUT, CANCELLED and SKIPPED are final.
const (
	statusPending   = "PENDING"
	statusRunning   = "RUNNING"
	statusSucceeded = "SUCCEEDED"
)

// logoutTimeout: revoking the token is hygiene, not worth holding the pod up for.
const logoutTimeout = 5 * time.Second

// runCrony finds the job by name, starts a run, and with -wait follows it to its end.
func runCrony(parent context.Context, c *cronyConfig, log *logger) int {
	ctx, cancel := context.WithTimeout(parent, c.timeout)
	defer cancel()
	api := &cronyAPI{base: c.base, client: newHTTPClient(cronyRequestTimeout), token: c.apiToken, department: c.department}
	if c.user != "" {
		if err := api.login(ctx, c.user, c.password); err != nil {
			log.fail("sign-in as %s failed: %v", c.user, err)
			return exitFailed
		}
		defer func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), logoutTimeout)
			defer cancel()
			if err := api.logout(ctx); err != nil {
				log.fail("sign-out failed (the token expires by itself): %v", err)
			}
		}()
	}
	job, err := api.jobByName(ctx, c.job)
	if err != nil {
		log.fail("job %s: %v", c.job, err)
		return exitFailed
	}
	id, err := api.run(ctx, job.ID, c.params)
	if err != nil {
		log.fail("job %s (id %d) not started: %v", job.Name, job.ID, err)
		return exitFailed
	}
	log.info("job %s (id %d): execution %d started", job.Name, job.ID, id)
	if !c.wait {
		return exitOK
	}
	return wait(ctx, api, c, job, id, log)
}

// wait polls the execution until its status is final. Transient errors (crony-web
// restarting, a 502 from the gateway) are logged and polled through; refusals end the wait.
func wait(ctx context.Context, api *cronyAPI, c *cronyConfig, job cronyJob, id int64, log *logger) int {
	last := ""
	for {
		e, err := api.execution(ctx, id)
		switch {
		case err == nil && e.Status != last:
			last = e.Status
			if !inProgress(e.Status) {
				return finished(job, id, e, log)
			}
			log.info("execution %d: %s", id, e.Status)
		case err != nil && !transient(err):
			log.fail("execution %d: %v", id, err)
			return exitFailed
		case err != nil && ctx.Err() == nil:
			log.fail("execution %d: %v (asking again)", id, err)
		}
		if !sleep(ctx, c.poll) {
			still := last
			if still == "" {
				still = "unknown"
			}
			log.fail("execution %d: gave up waiting after %s (-timeout); its status is %s, and it goes on in Crony", id, c.timeout, still)
			return exitFailed
		}
	}
}

func inProgress(status string) bool { return status == statusPending || status == statusRunning }

func finished(job cronyJob, id int64, e cronyExecution, log *logger) int {
	line := fmt.Sprintf("job %s: execution %d %s", job.Name, id, e.Status)
	if e.Attempt > 1 {
		line += fmt.Sprintf(" (attempt %d)", e.Attempt)
	}
	if e.Status == statusSucceeded {
		log.info("%s", line)
		return exitOK
	}
	if e.Error != "" {
		line += ": " + excerpt([]byte(e.Error), excerptLen)
	}
	log.fail("%s", line)
	return exitFailed
}
