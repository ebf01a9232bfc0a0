package io.crony.web.cluster.membership;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.CronyKeys.NodeKey;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

import static io.crony.common.etcd.KeyScanner.prefixEnd;
import static io.crony.web.cluster.EtcdBytes.bytes;
import static io.crony.web.cluster.EtcdBytes.string;

/**
 * The live agents, as their keys under {@link CronyKeys#nodes()} say. Every web instance
 * keeps one (the API lists agents from it); the leader also acts on its changes. Loads at
 * one revision and watches from the next; on a watch error or compaction it loads again
 * at a fresh revision, so no change is missed or applied twice.
 */
public class AgentRegistry implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(AgentRegistry.class);

	private final Client client;

	private final CronyKeys keys;

	private final Map<String, AgentInfo> live = new ConcurrentHashMap<>();

	/** The lease each live agent's key is under (its keepalives renew it). */
	private final Map<String, Long> leases = new ConcurrentHashMap<>();

	private final CopyOnWriteArrayList<Runnable> listeners = new CopyOnWriteArrayList<>();

	private ScheduledExecutorService executor;

	private Watch.Watcher watcher;

	private long generation;

	private volatile long revision;

	private volatile boolean loaded;

	public AgentRegistry(Client client, CronyKeys keys) {
		this.client = client;
		this.keys = keys;
	}

	/** The live agents by id (a copy). */
	public Map<String, AgentInfo> liveAgents() {
		return Map.copyOf(this.live);
	}

	public Optional<AgentInfo> agent(String agentId) {
		return Optional.ofNullable(this.live.get(agentId));
	}

	/** The lease of each live agent's key, by agent id (a copy). */
	Map<String, Long> leases() {
		return Map.copyOf(this.leases);
	}

	public boolean isLoaded() {
		return this.loaded;
	}

	long revision() {
		return this.revision;
	}

	/** Runs the listener (on a registry thread) after every change of the live set. */
	public void onChange(Runnable listener) {
		this.listeners.add(listener);
	}

	@Override
	public synchronized void start() {
		this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "crony-agent-registry");
			thread.setDaemon(true);
			return thread;
		});
		this.executor.execute(this::reload);
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
		closeWatcher();
		this.loaded = false;
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

	@Override
	public int getPhase() {
		return Integer.MAX_VALUE - 200;
	}

	private void reload() {
		long gen;
		synchronized (this) {
			if (this.executor == null) {
				return;
			}
			closeWatcher();
			gen = ++this.generation;
		}
		try {
			Map<String, AgentInfo> agents = new ConcurrentHashMap<>();
			Map<String, Long> agentLeases = new ConcurrentHashMap<>();
			long rev = loadAgents(agents, agentLeases);
			synchronized (this) {
				if (gen != this.generation || this.executor == null) {
					return;
				}
				this.live.keySet().retainAll(agents.keySet());
				this.live.putAll(agents);
				this.leases.keySet().retainAll(agents.keySet());
				this.leases.putAll(agentLeases);
				this.revision = rev;
				this.loaded = true;
				WatchOption option = WatchOption.builder().isPrefix(true).withRevision(rev + 1).build();
				final long watchGen = gen;
				this.watcher = this.client.getWatchClient()
					.watch(bytes(this.keys.nodes()), option, Watch.listener((response) -> apply(watchGen, response),
							(error) -> retry(watchGen, error), () -> retry(watchGen, null)));
			}
			log.info("Agent registry loaded {} live agents at revision {}", agents.size(), rev);
			notifyListeners();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (RuntimeException ex) {
			retry(gen, ex);
		}
	}

	/**
	 * Reads the agent keys only: on reaching an agent's first assignment key it skips all
	 * of that agent's assignment keys (tens of thousands of them) with one range jump.
	 */
	private long loadAgents(Map<String, AgentInfo> agents, Map<String, Long> agentLeases) throws InterruptedException {
		KeyScanner scanner = new KeyScanner(this.client.getKVClient(), 1);
		ByteSequence end = prefixEnd(this.keys.nodes());
		ByteSequence cursor = bytes(this.keys.nodes());
		long rev = 0;
		while (true) {
			GetResponse page = scanner.get(cursor, end, rev, 1);
			if (rev == 0) {
				rev = page.getHeader().getRevision();
			}
			if (page.getKvs().isEmpty()) {
				return rev;
			}
			KeyValue kv = page.getKvs().get(0);
			Optional<NodeKey> key = this.keys.parseNodeKey(string(kv.getKey()));
			if (key.isPresent() && key.get() instanceof NodeKey.Agent) {
				decode(kv).ifPresent((info) -> {
					agents.put(key.get().agentId(), info);
					agentLeases.put(key.get().agentId(), kv.getLease());
				});
			}
			if (key.isPresent() && key.get() instanceof NodeKey.Assignment) {
				cursor = prefixEnd(this.keys.node(key.get().agentId()) + "/");
			}
			else {
				cursor = kv.getKey().concat(ByteSequence.from(new byte[] { 0 }));
			}
		}
	}

	private void apply(long gen, WatchResponse response) {
		boolean changed = false;
		synchronized (this) {
			if (gen != this.generation) {
				return;
			}
			for (WatchEvent event : response.getEvents()) {
				KeyValue kv = event.getKeyValue();
				Optional<NodeKey> key = this.keys.parseNodeKey(string(kv.getKey()));
				if (key.isEmpty() || !(key.get() instanceof NodeKey.Agent)) {
					continue;
				}
				String agentId = key.get().agentId();
				if (event.getEventType() == WatchEvent.EventType.DELETE) {
					changed |= this.live.remove(agentId) != null;
					this.leases.remove(agentId);
				}
				else {
					Optional<AgentInfo> info = decode(kv);
					info.ifPresent((value) -> {
						this.live.put(agentId, value);
						this.leases.put(agentId, kv.getLease());
					});
					changed |= info.isPresent();
				}
				this.revision = Math.max(this.revision, kv.getModRevision());
			}
		}
		if (changed) {
			notifyListeners();
		}
	}

	private void retry(long gen, Throwable error) {
		synchronized (this) {
			if (gen != this.generation || this.executor == null) {
				return;
			}
			log.warn("Agent registry watch of {} failed, reloading: {}", this.keys.nodes(),
					(error != null) ? error.getMessage() : "watch closed");
			this.executor.schedule(this::reload, 1, TimeUnit.SECONDS);
		}
	}

	private void closeWatcher() {
		if (this.watcher != null) {
			this.watcher.close();
			this.watcher = null;
		}
	}

	private void notifyListeners() {
		for (Runnable listener : this.listeners) {
			try {
				listener.run();
			}
			catch (RuntimeException ex) {
				log.warn("Agent registry listener failed: {}", ex.getMessage(), ex);
			}
		}
	}

	private static Optional<AgentInfo> decode(KeyValue kv) {
		try {
			return Optional.of(CronyJson.fromBytes(kv.getValue().getBytes(), AgentInfo.class));
		}
		catch (RuntimeException ex) {
			log.warn("Agent key {} holds no agent info: {}", string(kv.getKey()), ex.getMessage());
			return Optional.empty();
		}
	}

}
