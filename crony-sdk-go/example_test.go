package crony_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	crony "crony.io/sdk-go"
	"crony.io/sdk-go/cronyv1"
)

// A service with one job, served as an HTTP target. Here an httptest server and a
// hand-made request stand in for the service's listener and for the agent.
func ExampleMux_HTTPHandler() {
	mux := crony.NewMux()
	mux.Register("settle-orders", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		var p struct {
			Day string `json:"day"`
		}
		if err := job.BindParams(&p); err != nil {
			return crony.Result{}, fmt.Errorf("bad params: %w", err)
		}
		return crony.Succeeded("settled " + p.Day), nil
	})

	// In a service: http.Handle(crony.JobsPath, mux.HTTPHandler()).
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	req, _ := http.NewRequest("POST", srv.URL+"/crony/jobs/settle-orders", strings.NewReader(`{"day":"2026-11-21"}`))
	req.Header.Set(crony.HeaderExecutionID, "101")
	req.Header.Set(crony.HeaderToken, "token-from-crony")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, strings.TrimSpace(string(body)))
	// Output: 200 {"outcome":"SUCCEEDED","message":"settled 2026-11-21"}
}

// A sharded job: each call of the fire handles only the items dealt to its shard, and
// says which shard it was. Here the agent's call for shard 1 of 3 is made by hand.
func ExampleShard() {
	mux := crony.NewMux()
	mux.Register("reindex", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		var mine []int
		for item := range 10 {
			if job.Shard.Owns(item) { // every item when the call is not sharded
				mine = append(mine, item)
			}
		}
		if job.Shard.Sharded() {
			return crony.Succeeded("").WithOutput(fmt.Sprintf("shard %s (%s): items %v", job.Shard, job.Shard.Params, mine)), nil
		}
		return crony.Succeeded("").WithOutput(fmt.Sprintf("items %v", mine)), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	req, _ := http.NewRequest("POST", srv.URL+"/crony/jobs/reindex", nil)
	req.Header.Set(crony.HeaderShardIndex, "1")
	req.Header.Set(crony.HeaderShardTotal, "3")
	req.Header.Set(crony.HeaderShardParams, base64.StdEncoding.EncodeToString([]byte("region=east")))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	var res crony.Result
	_ = json.NewDecoder(resp.Body).Decode(&res)
	fmt.Println(res.Output)
	// Output: shard 1/3 (region=east): items [1 4 7]
}

// An async job: the agent's call is answered ACCEPTED at once, the work goes on, and
// its progress and result are reported to crony-web (here the fake).
func ExampleMux_RegisterAsync() {
	cronyWeb := crony.NewFakeServer() // in a service: the crony-web base URL
	defer cronyWeb.Close()
	client, err := crony.NewClient(cronyWeb.URL)
	if err != nil {
		log.Fatal(err)
	}

	mux := crony.NewMux(crony.WithReporter(client))
	mux.RegisterAsync("rebuild-index", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		start, _ := strconv.Atoi(job.ResumePayload) // where an earlier attempt got to
		for shard := start; shard < 4; shard++ {
			// ... rebuild one shard ...
			if _, err := job.ReportProgress(ctx, crony.Progress{
				Percent: (shard + 1) * 25, ResumePayload: strconv.Itoa(shard + 1),
			}); err != nil {
				return crony.Result{}, err
			}
		}
		return crony.Succeeded("rebuilt 4 shards"), nil
	})
	srv := httptest.NewServer(mux.HTTPHandler())
	defer srv.Close()

	exec := cronyWeb.NewExecution() // what the agent would send
	req, _ := http.NewRequest("POST", srv.URL+"/crony/jobs/rebuild-index", nil)
	req.Header.Set(crony.HeaderExecutionID, strconv.FormatInt(exec.ID, 10))
	req.Header.Set(crony.HeaderToken, exec.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	resp.Body.Close()
	fmt.Println("agent got", resp.StatusCode)

	mux.Wait() // on shutdown: let async runs finish and report
	result, _ := cronyWeb.Result(exec.ID)
	var percents []string
	for _, p := range cronyWeb.ProgressReports(exec.ID) {
		percents = append(percents, strconv.Itoa(p.Percent)+"%")
	}
	fmt.Println(strings.Join(percents, " "))
	fmt.Println(result.Outcome, result.Message)
	// Output:
	// agent got 202
	// 25% 50% 75% 100%
	// SUCCEEDED rebuilt 4 shards
}

// Reporting a result by hand, for a service that accepted a run and keeps its
// execution id and token until the work is done.
func ExampleClient_ReportResult() {
	cronyWeb := crony.NewFakeServer()
	defer cronyWeb.Close()
	exec := cronyWeb.NewExecution()

	client, err := crony.NewClient(cronyWeb.URL, crony.WithRetry(5, 500*time.Millisecond))
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	resp, err := client.ReportResult(ctx, exec, crony.Succeeded("exported 3 files").WithOutput("a.csv b.csv c.csv"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Applied, resp.Status)

	// A second report changes nothing: the run has finished.
	resp, err = client.ReportResult(ctx, exec, crony.Failed("too late"))
	fmt.Println(resp.Applied, resp.Status, err)
	// Output:
	// true SUCCEEDED
	// false SUCCEEDED <nil>
}

// Telling crony-web's refusals apart.
func ExampleAPIError() {
	cronyWeb := crony.NewFakeServer()
	defer cronyWeb.Close()
	exec := cronyWeb.NewExecution()
	exec.Token = "not-the-token"
	client, _ := crony.NewClient(cronyWeb.URL)

	_, err := client.ReportProgress(context.Background(), exec, crony.Progress{Percent: 10})
	var apiErr *crony.APIError
	switch {
	case errors.Is(err, crony.ErrUnauthorized) && errors.As(err, &apiErr):
		fmt.Println("refused:", apiErr.StatusCode, apiErr.Detail)
	case errors.Is(err, crony.ErrNotFound):
		fmt.Println("no such run")
	}
	// Output: refused: 401 wrong execution token
}

// A service with one job, served as a gRPC target (crony.v1.JobTarget). A generated
// client on a loopback connection stands in for the agent.
func ExampleRegisterJobTarget() {
	mux := crony.NewMux()
	mux.Register("settle-orders", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Succeeded(fmt.Sprintf("attempt %d settled", job.Attempt)), nil
	})

	server := grpc.NewServer()
	crony.RegisterJobTarget(server, mux)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go server.Serve(ln)
	defer server.Stop()

	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	resp, err := cronyv1.NewJobTargetClient(conn).Execute(context.Background(),
		&cronyv1.ExecuteRequest{ExecutionId: 101, Handler: "settle-orders", Attempt: 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.GetOutcome(), resp.GetMessage())
	// Output: SUCCEEDED attempt 2 settled
}

// Testing a handler that reports by itself: give the job a client on a fake crony-web
// and look at what the fake was told.
func ExampleNewFakeServer() {
	exportOrders := func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		if _, err := job.ReportProgress(ctx, crony.Progress{Percent: 50, Message: "half way"}); err != nil {
			return crony.Result{}, err
		}
		return crony.Succeeded("exported"), nil
	}

	fake := crony.NewFakeServer()
	defer fake.Close()
	client, _ := crony.NewClient(fake.URL)
	exec := fake.NewExecution()
	job := &crony.Job{Execution: exec, Handler: "export-orders", Attempt: 1, Reporter: client}

	res, err := exportOrders(context.Background(), job)
	fmt.Println(res.Outcome, err)
	fmt.Println(fake.ProgressReports(exec.ID)[0].Message)
	// Output:
	// SUCCEEDED <nil>
	// half way
}
