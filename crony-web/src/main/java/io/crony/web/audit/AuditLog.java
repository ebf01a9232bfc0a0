package io.crony.web.audit;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
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

	private static final String INSERT = "INSERT INTO audit_log (occurred_at, actor_type, actor_id, actor_name, "
			+ "address, action, object_type, object_id, object_name, changes, department_id)"
			+ " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

	private static final int BATCH_SIZE = 500;

	private final AuditMapper rows;

	private final JdbcTemplate jdbc;

	private final ActorSource actors;

	AuditLog(AuditMapper rows, JdbcTemplate jdbc, ActorSource actors) {
		this.rows = rows;
		this.jdbc = jdbc;
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
		AuditEntity row = row(actor, clientAddress(), Instant.now().truncatedTo(ChronoUnit.MILLIS),
				new Change(action, objectId, objectName, before, after), this.actors.department().orElse(null));
		this.rows.insert(row);
		log.debug("Audit {} {} '{}' by {} from {}", action, row.objectId, objectName, actor.name(), row.address);
	}

	/**
	 * Records a change by the given actor in a department's log, where the request names
	 * none (a sign-in that changes the user's memberships).
	 */
	@Transactional
	public void recordIn(long departmentId, Actor actor, AuditAction action, Object objectId, String objectName,
			Object before, Object after) {
		this.rows.insert(row(actor, clientAddress(), Instant.now().truncatedTo(ChronoUnit.MILLIS),
				new Change(action, objectId, objectName, before, after), departmentId));
	}

	/**
	 * Records many changes by the request's signed-in user in JDBC batches (the jobs of a
	 * bulk request), in the caller's transaction.
	 */
	@Transactional
	public void recordAll(List<Change> changes) {
		Actor actor = this.actors.current().orElse(Actor.anonymous(null));
		String address = clientAddress();
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		Long department = this.actors.department().orElse(null);
		List<AuditEntity> rows = changes.stream()
			.map((change) -> row(actor, address, now, change, department))
			.toList();
		this.jdbc.batchUpdate(INSERT, rows, BATCH_SIZE, (statement, row) -> {
			statement.setString(1, SqlTime.of(row.occurredAt));
			statement.setString(2, row.actorType);
			statement.setObject(3, row.actorId);
			statement.setString(4, row.actorName);
			statement.setString(5, row.address);
			statement.setString(6, row.action);
			statement.setString(7, row.objectType);
			statement.setString(8, row.objectId);
			statement.setString(9, row.objectName);
			statement.setString(10, row.changes);
			statement.setObject(11, row.departmentId);
		});
	}

	/**
	 * @param department the request's department: a departmental change belongs to it,
	 * except a department's own changes, which belong to that department
	 */
	private static AuditEntity row(Actor actor, String address, Instant at, Change change, Long department) {
		AuditEntity row = new AuditEntity();
		row.occurredAt = at;
		row.actorType = actor.type().name();
		row.actorId = actor.id();
		row.actorName = cut(actor.name(), 255);
		row.address = cut(address, 64);
		row.action = change.action().name();
		row.objectType = change.action().objectType().name();
		row.objectId = (change.objectId() != null) ? String.valueOf(change.objectId()) : null;
		row.objectName = cut(change.objectName(), 255);
		row.changes = CronyJson.toJson(AuditDiff.of(tree(change.before()), tree(change.after())));
		AuditObjectType type = change.action().objectType();
		if (type == AuditObjectType.DEPARTMENT) {
			row.departmentId = Long.valueOf(row.objectId);
		}
		else if (type.departmental()) {
			row.departmentId = department;
		}
		return row;
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

	/** An object as the audit log sees it, with one more field of any value. */
	public static ObjectNode withField(Object value, String field, Object extra) {
		ObjectNode node = CronyJson.mapper().valueToTree(value);
		node.set(field, CronyJson.mapper().valueToTree(extra));
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

	/**
	 * One change of many recorded together ({@link #recordAll}).
	 *
	 * @param action what was done
	 * @param objectId the object's id
	 * @param objectName the object's name, kept as it was then
	 * @param before the object before, null when it is new
	 * @param after the object after, null when it is gone
	 */
	public record Change(AuditAction action, Object objectId, String objectName, Object before, Object after) {

	}

}
