package io.crony.agent.assignment;

import java.util.List;

import io.etcd.jetcd.watch.WatchEvent;

/** Applies the events of one watch response. */
@FunctionalInterface
interface EventHandler {

	void handle(List<WatchEvent> events);

}
