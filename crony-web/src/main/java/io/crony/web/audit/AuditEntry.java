package io.crony.web.audit;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.type.TypeReference;
import io.crony.common.json.CronyJson;

/**
 * One audit log row as the API shows it.
 *
 * @param id the row's id (rows are numbered in the order they were written)
 * @param at when the change was made
 * @param actorType who made it: a signed-in USER, or ANONYMOUS (a failed sign-in)
 * @param actorId the user's id; absent for ANONYMOUS
 * @param actorName the user name; for a failed sign-in the name tried
 * @param address the client address of the request
 * @param action what was done
 * @param objectType the kind of object changed
 * @param objectId the object's id
 * @param objectName the object's name when it was changed
 * @param changes the fields changed, before and after, secrets masked
 */
record AuditEntry(long id, Instant at, ActorType actorType, Long actorId, String actorName, String address,
		AuditAction action, AuditObjectType objectType, String objectId, String objectName, List<AuditChange> changes) {

	private static final TypeReference<List<AuditChange>> CHANGES = new TypeReference<>() {
	};

	static AuditEntry of(AuditEntity row) {
		List<AuditChange> changes = CronyJson.mapper().convertValue(read(row.changes), CHANGES);
		return new AuditEntry(row.id, row.occurredAt, ActorType.valueOf(row.actorType), row.actorId, row.actorName,
				row.address, AuditAction.valueOf(row.action), AuditObjectType.valueOf(row.objectType), row.objectId,
				row.objectName, changes);
	}

	private static Object read(String json) {
		return CronyJson.fromJson(json, Object.class);
	}

}
