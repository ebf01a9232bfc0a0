// Command go-sample is a small business service whose jobs Crony runs: a sync job
// (settle-orders) and two async ones (rebuild-index; export-ledger, which moves its run
// to another instance when this one drains), served both as HTTP targets
// (POST /crony/jobs/{name}) and as a gRPC target (crony.v1.JobTarget). Async results
// and progress go to crony-web's REST API. SIGTERM, SIGINT or POST /admin/drain start
// draining.
//
//	go-sample -http-addr 127.0.0.1:9080 -grpc-addr 127.0.0.1:9090 -crony-url http://127.0.0.1:8080
//
// Every flag has an environment variable too (SAMPLE_HTTP_ADDR, SAMPLE_GRPC_ADDR,
// CRONY_URL, SAMPLE_STEP); flags win.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"google.golang.org/grpc"

	crony "crony.io/sdk-go"
)

type config struct {
	httpAddr string
	grpcAddr string
	cronyURL string
	step     time.Duration
}

func parseConfig(args []string, getenv func(string) string) (config, error) {
	env := func(key, def string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return def
	}
	fs := flag.NewFlagSet("go-sample", flag.ContinueOnError)
	var c config
	fs.StringVar(&c.httpAddr, "http-addr", env("SAMPLE_HTTP_ADDR", "127.0.0.1:9080"), "HTTP listen address (HTTP targets, /healthz)")
	fs.StringVar(&c.grpcAddr, "grpc-addr", env("SAMPLE_GRPC_ADDR", "127.0.0.1:9090"), "gRPC listen address (crony.v1.JobTarget)")
	fs.StringVar(&c.cronyURL, "crony-url", env("CRONY_URL", "http://127.0.0.1:8080"), "crony-web base URL, for async reports")
	step, err := time.ParseDuration(env("SAMPLE_STEP", "2s"))
	if err != nil {
		return c, fmt.Errorf("SAMPLE_STEP: %w", err)
	}
	fs.DurationVar(&c.step, "step", step, "how long one shard of rebuild-index or batch of export-ledger takes")
	return c, fs.Parse(args)
}

// ready is told the bound addresses once both listeners are up.
type ready func(httpAddr, grpcAddr string)

// run serves until ctx ends, then stops taking calls and waits for async runs to report.
func run(ctx context.Context, cfg config, log *slog.Logger, onReady ready) error {
	client, err := crony.NewClient(cfg.cronyURL)
	if err != nil {
		return err
	}
	mux := crony.NewMux(crony.WithReporter(client), crony.WithLogger(log))
	d := newDrain()
	registerJobs(mux, cfg.step, d)

	httpLn, err := net.Listen("tcp", cfg.httpAddr)
	if err != nil {
		return err
	}
	grpcLn, err := net.Listen("tcp", cfg.grpcAddr)
	if err != nil {
		httpLn.Close()
		return err
	}

	routes := http.NewServeMux()
	routes.Handle(crony.JobsPath, mux.HTTPHandler())
	routes.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") })
	// Before taking the instance away (a deploy, a scale-down), an operator drains it:
	// long runs move to other instances. Like the rest of the sample it listens on
	// loopback by default; put it behind the service's own admin access in production.
	routes.HandleFunc("POST /admin/drain", func(w http.ResponseWriter, r *http.Request) {
		d.start()
		log.Info("go-sample draining: long runs move to other instances")
		w.WriteHeader(http.StatusAccepted)
		io.WriteString(w, "draining\n")
	})
	httpSrv := &http.Server{Handler: routes, ReadHeaderTimeout: 10 * time.Second}
	grpcSrv := grpc.NewServer()
	crony.RegisterJobTarget(grpcSrv, mux)

	errs := make(chan error, 2)
	go func() { errs <- httpSrv.Serve(httpLn) }()
	go func() { errs <- grpcSrv.Serve(grpcLn) }()
	log.Info("go-sample serving", "http", httpLn.Addr().String(), "grpc", grpcLn.Addr().String(),
		"jobs", mux.Names(), "cronyUrl", cfg.cronyURL)
	if onReady != nil {
		onReady(httpLn.Addr().String(), grpcLn.Addr().String())
	}

	select {
	case <-ctx.Done():
	case err = <-errs:
	}
	d.start() // long runs move to another instance instead of holding the shutdown up
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = httpSrv.Shutdown(shutdownCtx)
	grpcSrv.GracefulStop()
	mux.Wait()
	log.Info("go-sample stopped")
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	cfg, err := parseConfig(os.Args[1:], os.Getenv)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "go-sample:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, log, nil); err != nil {
		log.Error("go-sample failed", "error", err)
		os.Exit(1)
	}
}
