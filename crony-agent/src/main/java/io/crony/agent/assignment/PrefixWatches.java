package io.crony.agent.assignment;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;

/**
 * The watches of one reload, opened on key prefixes from the revision after the one the
 * reload read at, so no change falls between the read and the watch. Used under the
 * {@link AssignmentWatcher}'s lock.
 */
final class PrefixWatches {

	private final Client etcd;

	private final List<Watch.Watcher> watchers = new ArrayList<>();

	PrefixWatches(Client etcd) {
		this.etcd = etcd;
	}

	/**
	 * @param onEnd called with the error, or null when etcd closed the watch
	 */
	void watch(String prefix, long revision, EventHandler handler, Consumer<Throwable> onEnd) {
		WatchOption option = WatchOption.builder().isPrefix(true).withRevision(revision + 1).build();
		this.watchers.add(this.etcd.getWatchClient()
			.watch(ByteSequence.from(prefix, StandardCharsets.UTF_8), option, Watch.listener(
					(response) -> handler.handle(response.getEvents()), onEnd::accept, () -> onEnd.accept(null))));
	}

	void closeAll() {
		this.watchers.forEach(Watch.Watcher::close);
		this.watchers.clear();
	}

}
