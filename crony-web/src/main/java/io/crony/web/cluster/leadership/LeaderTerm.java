package io.crony.web.cluster.leadership;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;

/**
 * One term of this instance as leader: the election key it holds and that key's create
 * revision, which is also the epoch written into every assignment of the term.
 *
 * @param key the leader key under the election prefix
 * @param revision the leader key's create revision
 */
public record LeaderTerm(ByteSequence key, long revision) {

	/**
	 * The compare every leader write carries: once this key is gone or re-created, a
	 * deposed leader's transactions fail instead of racing its successor's.
	 */
	public Cmp fence() {
		return new Cmp(this.key, Cmp.Op.EQUAL, CmpTarget.createRevision(this.revision));
	}

	public long epoch() {
		return this.revision;
	}

}
