package com.example.billing;

import org.springframework.stereotype.Component;

import io.crony.sdk.Result;
import io.crony.sdk.spring.CronyJob;
import io.crony.sdk.spring.JobContext;

/** One job of each mode: the starter serves both at POST /crony/jobs/{name}. */
@Component
class InvoiceJobs {

	/** SYNC: the answer to the agent's call is the run's result. */
	@CronyJob("send-invoices")
	Result sendInvoices(JobContext context) {
		return Result.succeeded("sent invoices of run " + context.executionId());
	}

	/** ASYNC: the call is answered at once, the result is reported to crony-web. */
	@CronyJob(value = "archive-invoices", async = true)
	Result archiveInvoices(JobContext context) {
		return Result.succeeded("archived").withOutput("run " + context.executionId());
	}

}
