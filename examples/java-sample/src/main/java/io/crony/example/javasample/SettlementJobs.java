package io.crony.example.javasample;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import org.springframework.stereotype.Component;

import io.crony.sdk.Result;
import io.crony.sdk.spring.CronyJob;
import io.crony.sdk.spring.JobContext;

/** A SYNC job: the answer to the agent's call is the run's result. */
@Component
class SettlementJobs {

	/**
	 * The params a settlement run takes.
	 *
	 * @param day the day to settle; the day the run was due when absent
	 * @param orders the orders' amounts
	 */
	record Settlement(LocalDate day, List<BigDecimal> orders) {
	}

	/**
	 * Params: {@code {"day":"2026-11-21","orders":[12.5, 7]}}. When the job is sharded
	 * (or broadcast), each call settles only its own slice of the orders, dealt out
	 * round-robin (order i goes to shard i % total), and its output names the shard:
	 * {@code shard 1/2: total=7}. Unsharded, it settles them all.
	 */
	@CronyJob("settle-orders")
	Result settleOrders(JobContext context, Settlement settlement) {
		List<BigDecimal> orders = (settlement != null && settlement.orders() != null) ? settlement.orders() : List.of();
		LocalDate day = (settlement != null && settlement.day() != null) ? settlement.day() : dueDay(context);
		BigDecimal total = BigDecimal.ZERO;
		int settled = 0;
		for (int i = 0; i < orders.size(); i++) {
			if (!context.ownsItem(i)) {
				continue; // another shard's order
			}
			BigDecimal amount = orders.get(i);
			if (amount.signum() < 0) {
				return Result.failed("order amount " + amount + " is negative");
			}
			total = total.add(amount);
			settled++;
		}
		if (context.sharded()) {
			return Result.succeeded("settled " + settled + " of " + orders.size() + " orders for " + day)
				.withOutput("shard " + context.shardIndex() + "/" + context.shardTotal() + ": total=" + total);
		}
		return Result.succeeded("settled " + settled + " orders for " + day).withOutput("total=" + total);
	}

	private static LocalDate dueDay(JobContext context) {
		return (context.scheduledAt() != null) ? LocalDate.ofInstant(context.scheduledAt(), ZoneOffset.UTC)
				: LocalDate.now(ZoneOffset.UTC);
	}

}
