package io.crony.agent.target;

/**
 * Which call of a sharded or broadcast fire an attempt is, as the target is told.
 *
 * @param index the shard's index, from 0
 * @param total how many shards the fire made
 * @param params the shard's parameters as the job lists them, or null
 */
public record Shard(int index, int total, String params) {

}
