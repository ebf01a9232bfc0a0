package io.crony.agent.async;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.crony.agent.support.DaemonThreads;
import io.crony.agent.target.Targets;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.ExecutionTokens;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The execution token secret, read from etcd where crony-web put it. When the key is not
 * there yet (agent started before any web instance) the agent watches for it; until then
 * calls carry no token and async reports cannot be made.
 */
public final class ExecutionTokenSource implements Targets.TokenSource, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(ExecutionTokenSource.class);

	private final Client etcd;

	private final ByteSequence key;

	private final ScheduledExecutorService retries = DaemonThreads.single("crony-token-secret");

	private volatile ExecutionTokens tokens;

	private volatile Watch.Watcher watcher;

	private volatile boolean closed;

	public ExecutionTokenSource(Client etcd, CronyKeys keys) {
		this.etcd = etcd;
		this.key = ByteSequence.from(keys.executionTokenKey(), StandardCharsets.UTF_8);
	}

	public void start() {
		this.retries.execute(this::load);
	}

	@Override
	public String tokenFor(long executionId, int attempt) {
		ExecutionTokens current = this.tokens;
		return (current != null) ? current.tokenFor(executionId, attempt) : null;
	}

	/** Whether the secret is known. */
	public boolean ready() {
		return this.tokens != null;
	}

	private void load() {
		if (this.closed) {
			return;
		}
		try {
			var response = this.etcd.getKVClient().get(this.key).get(10, TimeUnit.SECONDS);
			if (!response.getKvs().isEmpty()) {
				use(response.getKvs().get(0));
				return;
			}
			logger.info("Execution token secret {} not in etcd yet; watching for it", this.key);
			this.watcher = this.etcd.getWatchClient()
				.watch(this.key, WatchOption.builder().withRevision(response.getHeader().getRevision() + 1).build(),
						Watch.listener((watch) -> watch.getEvents()
							.stream()
							.filter((event) -> event.getEventType() == WatchEvent.EventType.PUT)
							.forEach((event) -> use(event.getKeyValue())), (error) -> retryLater()));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			logger.warn("Execution token secret {} not read: {}", this.key, ex.getMessage());
			retryLater();
		}
	}

	private void use(KeyValue kv) {
		this.tokens = ExecutionTokens.fromEncodedSecret(kv.getValue().toString(StandardCharsets.US_ASCII));
		logger.info("Execution token secret {} loaded", this.key);
		Watch.Watcher current = this.watcher;
		if (current != null) {
			current.close();
		}
	}

	private void retryLater() {
		if (!this.closed && this.tokens == null) {
			this.retries.schedule(this::load, 2, TimeUnit.SECONDS);
		}
	}

	@Override
	public void close() {
		this.closed = true;
		Watch.Watcher current = this.watcher;
		if (current != null) {
			current.close();
		}
		this.retries.shutdownNow();
	}

}
