package io.crony.web.execution;

import java.io.IOException;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.crony.common.execution.ExecutionStatus;
import io.crony.web.auth.Departments;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DataAccessException;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The live output streams of runs (server-sent events). One thread reads the rows of
 * every streamed run once per poll interval, in one query, and sends each stream what
 * changed: the output as a delta ({@code output}: keep {@code offset} characters, append
 * {@code text}), the status, progress, message and error ({@code state}), and at a final
 * status {@code end}, after which the stream closes. No thread waits per client, and the
 * number of open streams is bounded ({@link TooManyStreamsException}).
 */
@Service
class OutputStreams implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(OutputStreams.class);

	private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(60);

	private final ExecutionMapper executions;

	private final JdbcTemplate jdbc;

	private final OutputStreamProperties settings;

	private final Set<Stream> streams = ConcurrentHashMap.newKeySet();

	private final AtomicInteger open = new AtomicInteger();

	private final ScheduledExecutorService poller;

	private long lastWarningNanos = System.nanoTime() - WARN_EVERY_NANOS;

	OutputStreams(ExecutionMapper executions, JdbcTemplate jdbc, OutputStreamProperties settings) {
		this.executions = executions;
		this.jdbc = jdbc;
		this.settings = settings;
		this.poller = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "crony-output-streams");
			thread.setDaemon(true);
			return thread;
		});
		long millis = settings.pollInterval().toMillis();
		this.poller.scheduleWithFixedDelay(this::pollSafely, millis, millis, TimeUnit.MILLISECONDS);
	}

	/**
	 * Opens the stream of a run of the request's department: sends its current output and
	 * state at once, and closes at once when the run has ended.
	 * @throws ExecutionNotFoundException for no run, or another department's
	 * @throws TooManyStreamsException when every stream allowed is open
	 */
	SseEmitter open(long id) {
		if (this.executions.findInDepartment(id, Departments.current()) == null) {
			throw new ExecutionNotFoundException(id);
		}
		if (this.open.incrementAndGet() > this.settings.maxStreams()) {
			this.open.decrementAndGet();
			throw new TooManyStreamsException(this.settings.maxStreams());
		}
		SseEmitter emitter = new SseEmitter(this.settings.maxDuration().toMillis());
		Stream stream = new Stream(id, emitter);
		emitter.onCompletion(() -> close(stream));
		emitter.onTimeout(() -> {
			close(stream);
			emitter.complete();
		});
		emitter.onError((ex) -> close(stream));
		try {
			LiveState state = read(List.of(id)).get(id);
			if (state == null || stream.send(state)) {
				close(stream);
				emitter.complete();
			}
			else {
				this.streams.add(stream);
			}
		}
		catch (IOException | RuntimeException ex) {
			close(stream);
			throw (ex instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
		}
		return emitter;
	}

	/** Streams open now. */
	int openStreams() {
		return this.open.get();
	}

	private void close(Stream stream) {
		if (stream.closed.compareAndSet(false, true)) {
			this.streams.remove(stream);
			this.open.decrementAndGet();
		}
	}

	private void pollSafely() {
		try {
			poll();
		}
		catch (RuntimeException ex) {
			long now = System.nanoTime();
			if (now - this.lastWarningNanos >= WARN_EVERY_NANOS) {
				this.lastWarningNanos = now;
				log.warn("Output streams could not read their runs ({}); trying again", ex.toString());
			}
		}
	}

	private void poll() {
		if (this.streams.isEmpty()) {
			return;
		}
		Map<Long, LiveState> rows = read(this.streams.stream().map(Stream::executionId).distinct().toList());
		for (Stream stream : this.streams) {
			LiveState state = rows.get(stream.executionId);
			try {
				if (state == null || stream.send(state)) {
					close(stream);
					stream.emitter.complete();
				}
			}
			catch (IOException | IllegalStateException ex) {
				// the client went away: the container ends the request
				close(stream);
			}
		}
	}

	private Map<Long, LiveState> read(Collection<Long> ids) {
		if (ids.isEmpty()) {
			return Map.of();
		}
		Map<Long, LiveState> rows = new HashMap<>();
		String marks = String.join(",", Collections.nCopies(ids.size(), "?"));
		this.jdbc.query(
				"SELECT id, status, progress, message, error, `output` FROM execution WHERE id IN (" + marks + ")",
				(rs) -> {
					Integer progress = rs.getObject(3, Integer.class);
					rows.put(rs.getLong(1), new LiveState(ExecutionStatus.valueOf(rs.getString(2)), progress,
							rs.getString(4), rs.getString(5), rs.getString(6)));
				}, ids.toArray());
		return rows;
	}

	@Override
	public void destroy() {
		this.poller.shutdownNow();
		for (Stream stream : this.streams) {
			close(stream);
			stream.emitter.complete();
		}
	}

	/** One client's stream: what it was sent last. */
	private final class Stream {

		private final long executionId;

		private final SseEmitter emitter;

		private final AtomicBoolean closed = new AtomicBoolean();

		private LiveState sent;

		private String output;

		private long lastEventNanos = System.nanoTime();

		Stream(long executionId, SseEmitter emitter) {
			this.executionId = executionId;
			this.emitter = emitter;
		}

		long executionId() {
			return this.executionId;
		}

		/**
		 * Sends what changed since the last call.
		 * @return whether the run ended (the {@code end} event was sent)
		 */
		boolean send(LiveState state) throws IOException {
			boolean sentAny = false;
			LiveState.OutputEvent delta = LiveState.delta(this.output, state.output());
			if (delta != null) {
				event("output", delta);
				this.output = state.output();
				sentAny = true;
			}
			if (state.status().isFinal()) {
				event("end", state.event());
				return true;
			}
			if (state.stateDiffers(this.sent)) {
				event("state", state.event());
				sentAny = true;
			}
			this.sent = state;
			long now = System.nanoTime();
			if (sentAny) {
				this.lastEventNanos = now;
			}
			else if (now - this.lastEventNanos >= OutputStreams.this.settings.keepAlive().toNanos()) {
				this.emitter.send(SseEmitter.event().comment("keep-alive"));
				this.lastEventNanos = now;
			}
			return false;
		}

		private void event(String name, Object data) throws IOException {
			this.emitter.send(SseEmitter.event().name(name).data(data, MediaType.APPLICATION_JSON));
		}

	}

}
