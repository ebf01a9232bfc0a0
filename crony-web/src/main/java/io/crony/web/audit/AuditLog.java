package io.crony.web.audit;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crony.common.json.CronyJson;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Records changes in the audit log, append-only. A change made in a transaction is
 * recorded in that same transaction (a change rolled back leaves no row, a committed one
 * always has one); a change outside one (a sign-in, a manual run, which are not one
 * database transaction) is recorded in a transaction of its own. The actor is the
 * request's signed-in user and the address the request's client address
 * ({@link HttpServletRequest#getRemoteAddr()}, which honours
 * {@code server.forward-headers-strategy} when that is set, and X-Forwarded-For only
 * then).
 */
@Component
public class AuditLog {

	private static final Logger log = LoggerFactory.getLogger(AuditLog.class);

	private final AuditMapper rows;

	private final ActorSource actors;

	AuditLog(AuditMapper rows, ActorSource actors) {
		this.rows = rows;
		this.actors = actors;
	}

	/**
	 * Records a change by the request's signed-in user.
	 * @param action what was done
	 * @param objectId the object's id
	 * @param objectName the object's name, kept as it was then
	 * @param before the object before (any value Jackson writes), null when it is new
	 * @param after the object after, null when it is gone
	 */
	@Transactional
	public void record(AuditAction action, Object objectId, String objectName, Object before, Object after) {
		record(this.actors.current().orElse(Actor.anonymous(null)), action, objectId, objectName, before, after);
	}

	/** Records a change by the given actor (sign-in, before anyone is signed in). */
	@Transactional
	public void record(Actor actor, AuditAction action, Object objectId, String objectName, Object before,
			Object after) {
		List<AuditChange> changes = AuditDiff.of(tree(before), tree(after));
		AuditEntity row = new AuditEntity();
		row.occurredAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		row.actorType = actor.type().name();
		row.actorId = actor.id();
		row.actorName = cut(actor.name(), 255);
		row.address = cut(clientAddress(), 64);
		row.action = action.name();
		row.objectType = action.objectType().name();
		row.objectId = (objectId != null) ? String.valueOf(objectId) : null;
		row.objectName = cut(objectName, 255);
		row.changes = CronyJson.toJson(changes);
		this.rows.insert(row);
		log.debug("Audit {} {} {} by {} from {}: {} fields changed", action, row.objectId, objectName, actor.name(),
				row.address, changes.size());
	}

	/**
	 * An object as the audit log sees it, with one more field: a stored value the API
	 * never shows (a password hash, a sealed secret), so that changing it shows as a
	 * (masked) change.
	 */
	public static ObjectNode withField(Object value, String field, String extra) {
		ObjectNode node = CronyJson.mapper().valueToTree(value);
		node.put(field, extra);
		return node;
	}

	/** A name as long as its column holds (a failed sign-in's name is any text). */
	private static String cut(String value, int length) {
		return (value != null && value.length() > length) ? value.substring(0, length) : value;
	}

	private static JsonNode tree(Object value) {
		return (value != null) ? CronyJson.mapper().valueToTree(value) : null;
	}

	private static String clientAddress() {
		RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
		if (attributes instanceof ServletRequestAttributes servlet) {
			return servlet.getRequest().getRemoteAddr();
		}
		return null;
	}

}
