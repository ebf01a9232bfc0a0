// Command billing is a business service whose jobs Crony runs: one SYNC job served over
// HTTP with the released crony.io/sdk-go.
package main

import (
	"context"
	"log"
	"net/http"

	crony "crony.io/sdk-go"
)

func main() {
	jobs := crony.NewMux()
	jobs.Register("send-invoices", func(ctx context.Context, job *crony.Job) (crony.Result, error) {
		return crony.Succeeded("sent"), nil
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:9080", jobs.HTTPHandler()))
}
