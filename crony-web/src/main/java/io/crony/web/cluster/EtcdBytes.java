package io.crony.web.cluster;

import java.nio.charset.StandardCharsets;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;

/** Small helpers around jetcd's byte sequences and compares. */
public final class EtcdBytes {

	private EtcdBytes() {
	}

	public static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

	public static String string(ByteSequence value) {
		return value.toString(StandardCharsets.UTF_8);
	}

	public static Cmp absent(ByteSequence key) {
		return new Cmp(key, Cmp.Op.EQUAL, CmpTarget.version(0));
	}

	public static Cmp present(ByteSequence key) {
		return new Cmp(key, Cmp.Op.GREATER, CmpTarget.version(0));
	}

	public static Cmp unchanged(ByteSequence key, long modRevision) {
		return new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(modRevision));
	}

}
