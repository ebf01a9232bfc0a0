package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"crony.io/sdk-go/cronyapi"
)

// logoutTimeout: revoking the token is hygiene, not worth holding the pod up for.
const logoutTimeout = 5 * time.Second

// cronyRequestTimeout bounds one API request; the run as a whole has -timeout.
const cronyRequestTimeout = 30 * time.Second

// The backoff of requests crony-web did not answer (a rolling update of the web, a
// gateway with no endpoint yet): retried until -timeout, each wait twice the one
// before up to retryMax, with jitter.
const (
	retryInitial = 500 * time.Millisecond
	retryMax     = 15 * time.Second
)

// runCrony finds the job by name, starts a run, and with -wait follows it to its end.
func runCrony(parent context.Context, c *cronyConfig, log *logger) int {
	ctx, cancel := context.WithTimeout(parent, c.timeout)
	defer cancel()
	api, err := newCronyAPI(c, log)
	if err != nil {
		log.fail("%v", err)
		return exitFailed
	}
	if c.user != "" {
		if err := api.Login(ctx, c.user, c.password); err != nil {
			log.fail("sign-in as %s failed: %v", c.user, err)
			return exitFailed
		}
		defer func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), logoutTimeout)
			defer cancel()
			if err := api.Logout(ctx); err != nil {
				log.fail("sign-out failed (the token expires by itself): %v", err)
			}
		}()
	}
	job, err := api.JobByName(ctx, c.job)
	if err != nil {
		log.fail("job %s: %v", c.job, err)
		return exitFailed
	}
	id, err := api.RunJob(ctx, job.ID, c.params)
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

func newCronyAPI(c *cronyConfig, log *logger) (*cronyapi.Client, error) {
	return cronyapi.NewClient(c.base.String(),
		cronyapi.WithHTTPClient(newHTTPClient(cronyRequestTimeout)),
		cronyapi.WithToken(c.apiToken),
		cronyapi.WithDepartment(c.department),
		cronyapi.WithUserAgent(programName+"/"+cronyapi.Version),
		cronyapi.WithRetry(retryInitial, retryMax),
		cronyapi.WithRetryNotify(func(r cronyapi.Retry) {
			log.fail("%s (asking again in %s)", describeRetry(r), r.Wait.Round(time.Millisecond))
		}))
}

// describeRetry names the request in front of a refusal; a RequestError names it itself.
func describeRetry(r cronyapi.Retry) string {
	var re *cronyapi.RequestError
	if errors.As(r.Err, &re) {
		return r.Err.Error()
	}
	return fmt.Sprintf("%s %s: %v", r.Method, r.Path, r.Err)
}

// wait polls the execution until its status is final. Transient errors (crony-web
// restarting, a 502 from the gateway) are logged and polled through; refusals end the wait.
func wait(ctx context.Context, api *cronyapi.Client, c *cronyConfig, job cronyapi.Job, id int64, log *logger) int {
	last := ""
	for {
		e, err := api.Execution(ctx, id)
		switch {
		case err == nil && e.Status != last:
			last = e.Status
			if e.Finished() {
				return finished(job, id, e, log)
			}
			log.info("execution %d: %s", id, e.Status)
		case err != nil && ctx.Err() != nil:
			// -timeout fell while a request was on its way: the same end as between polls.
			return gaveUp(id, c, last, log)
		case err != nil && !cronyapi.Temporary(err):
			log.fail("execution %d: %v", id, err)
			return exitFailed
		case err != nil:
			log.fail("execution %d: %v (asking again)", id, err)
		}
		if !sleep(ctx, c.poll) {
			return gaveUp(id, c, last, log)
		}
	}
}

func gaveUp(id int64, c *cronyConfig, last string, log *logger) int {
	if last == "" {
		last = "unknown"
	}
	log.fail("execution %d: gave up waiting after %s (-timeout); its status is %s, and it goes on in Crony", id, c.timeout, last)
	return exitFailed
}

func finished(job cronyapi.Job, id int64, e cronyapi.Execution, log *logger) int {
	line := fmt.Sprintf("job %s: execution %d %s", job.Name, id, e.Status)
	if e.Attempt > 1 {
		line += fmt.Sprintf(" (attempt %d)", e.Attempt)
	}
	if e.Status == cronyapi.StatusSucceeded {
		log.info("%s", line)
		return exitOK
	}
	if e.Error != "" {
		line += ": " + excerpt([]byte(e.Error), excerptLen)
	}
	log.fail("%s", line)
	return exitFailed
}
