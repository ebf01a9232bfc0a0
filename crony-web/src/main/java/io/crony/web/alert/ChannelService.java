package io.crony.web.alert;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import com.baomidou.mybatisplus.core.conditions.update.UpdateWrapper;
import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertFacts;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertLanguage;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.alert.Channel;
import io.crony.alert.ChannelConfig;
import io.crony.alert.ChannelPolicy;
import io.crony.alert.Delivery;
import io.crony.common.json.CronyJson;
import io.crony.common.secret.MissingSecretKeyException;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Departments;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.secret.Destinations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Alert channels: CRUD with write-only secrets, and test messages. */
@Service
class ChannelService {

	private static final Logger log = LoggerFactory.getLogger(ChannelService.class);

	private final ChannelMapper channels;

	private final AlertStore store;

	private final AlertDispatcher dispatcher;

	private final AlertProperties properties;

	private final SecretBox secrets;

	private final AuditLog audit;

	private final TargetPolicy targetPolicy;

	ChannelService(ChannelMapper channels, AlertStore store, AlertDispatcher dispatcher, AlertProperties properties,
			SecretBox secrets, AuditLog audit, TargetPolicy targetPolicy) {
		this.audit = audit;
		this.targetPolicy = targetPolicy;
		this.secrets = secrets;
		this.channels = channels;
		this.store = store;
		this.dispatcher = dispatcher;
		this.properties = properties;
	}

	PageResponse<ChannelResponse> list(Paging paging) {
		return PageResponse.of(
				this.channels.selectPage(paging.toPage(),
						new QueryWrapper<ChannelEntity>().eq("department_id", Departments.current()).orderByAsc("id")),
				(row) -> ChannelResponse.of(row, this.secrets), paging);
	}

	ChannelResponse get(long id) {
		return ChannelResponse.of(load(id), this.secrets);
	}

	@Transactional
	ChannelResponse create(ChannelRequest request, String by) {
		validate(request, hasSecret(request.secret()));
		checkNameFree(request.name(), 0);
		ChannelEntity row = new ChannelEntity();
		row.departmentId = Departments.current();
		apply(row, request, null);
		row.createdBy = by;
		row.createdAt = row.updatedAt;
		try {
			this.channels.insert(row);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateChannelNameException(request.name());
		}
		this.audit.record(AuditAction.CHANNEL_CREATE, row.id, row.name, null, audited(load(row.id)));
		log.info("Alert channel {} '{}' ({}) created by {}", row.id, row.name, row.type, by);
		return get(row.id);
	}

	@Transactional
	ChannelResponse update(long id, ChannelRequest request, String by) {
		ChannelEntity row = load(id);
		Object before = audited(row);
		boolean typeKept = row.type.equals(request.type().name());
		// a secret belongs to its type: switching type needs a new one
		boolean secretSet = hasSecret(request.secret()) || (typeKept && hasSecret(row.secret));
		validate(request, secretSet);
		checkNameFree(request.name(), id);
		ChannelConfig stored = CronyJson.fromJson(row.config, ChannelConfig.class);
		if (typeKept && !hasSecret(request.secret()) && hasSecret(row.secret)) {
			checkSecretStaysBound(stored, request.config().toConfig(request.type()));
		}
		apply(row, request, stored.url());
		if (!hasSecret(request.secret()) && !typeKept) {
			this.channels.update(null, new UpdateWrapper<ChannelEntity>().set("secret", null).eq("id", id));
		}
		try {
			this.channels.updateById(row);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateChannelNameException(request.name());
		}
		this.audit.record(AuditAction.CHANNEL_UPDATE, id, row.name, before, audited(load(id)));
		log.info("Alert channel {} '{}' updated by {}", id, row.name, by);
		return get(id);
	}

	@Transactional
	void delete(long id, String by) {
		ChannelEntity row = load(id);
		if (this.channels.deleteById(id) == 0) {
			throw new ChannelNotFoundException(id);
		}
		this.audit.record(AuditAction.CHANNEL_DELETE, id, row.name, audited(row), null);
		log.info("Alert channel {} deleted by {}", id, by);
	}

	TestResult test(long id, String by) {
		load(id);
		Channel channel = this.store.channel(id);
		if (channel == null) {
			throw new ChannelNotFoundException(id);
		}
		Alert alert = Alert.platform(AlertKind.TEST, "test:" + id, new AlertFacts.Test(by, channel.name()), null,
				this.properties.link("/alerts"), Instant.now().truncatedTo(ChronoUnit.MILLIS));
		Delivery delivery = this.dispatcher.sendNow(channel, alert);
		log.info("Alert channel {} test by {}: {}", id, by, delivery.delivered() ? "delivered" : delivery.error());
		// the outline, not the error: a channel may point at a server the caller cannot
		// reach, whose answer is not theirs to read
		return new TestResult(delivery.delivered(), delivery.attempts(), delivery.outline(),
				delivery.took().toMillis());
	}

	/**
	 * A kept secret (the SMTP password, a signing secret) goes where it was entered for:
	 * a channel that keeps it may not send it to another scheme, host or port, or an
	 * editor who cannot read it could have it sent to a server of their own. Entering the
	 * secret again makes the change.
	 * @throws InvalidRequestException naming the changed fields and {@code secret}
	 */
	private void checkSecretStaysBound(ChannelConfig stored, ChannelConfig incoming) {
		List<String> changed = new ArrayList<>();
		if (!Objects.equals(lower(stored.host()), lower(incoming.host()))) {
			changed.add("config.host");
		}
		if (!Objects.equals(stored.port(), incoming.port())) {
			changed.add("config.port");
		}
		if (!Objects.equals(stored.security(), incoming.security())) {
			changed.add("config.security");
		}
		if (incoming.url() != null && !keepsUrl(incoming.url(), stored.url())) {
			String before = (stored.url() != null && this.secrets.canOpen(stored.url()))
					? this.secrets.open(stored.url()) : stored.url();
			if (!Destinations.same(incoming.url(), before)) {
				changed.add("config.url");
			}
		}
		if (changed.isEmpty()) {
			return;
		}
		List<FieldProblem> problems = new ArrayList<>();
		for (String field : changed) {
			problems.add(FieldProblem.of(field,
					"changes where the channel sends its stored secret: a secret stays "
							+ "with the destination it was entered for; enter the secret again to send it there",
					FieldErrorCode.SECRET_DESTINATION_CHANGED, "secret"));
		}
		problems.add(FieldProblem.of("secret",
				"is kept (absent or " + SecretBox.MASK + ") while " + String.join(", ", changed) + " change"
						+ ((changed.size() == 1) ? "s" : "") + " the destination: enter the secret again",
				FieldErrorCode.SECRET_MUST_BE_ENTERED_AGAIN, String.join(", ", changed)));
		throw new InvalidRequestException(problems);
	}

	/** Whether a URL sent is the stored one sent back masked, as a read shows it. */
	private boolean keepsUrl(String url, String storedUrl) {
		return storedUrl != null && (SecretBox.MASK.equals(url) || (this.secrets.canOpen(storedUrl)
				&& url.equals(ChannelConfig.maskedUrl(this.secrets.open(storedUrl)))));
	}

	private static String lower(String text) {
		return (text != null) ? text.trim().toLowerCase(Locale.ROOT) : null;
	}

	private void validate(ChannelRequest request, boolean secretSet) {
		List<FieldProblem> problems = ChannelValidator.validate(request, secretSet);
		if (problems.isEmpty()) {
			// the policy resolves host names: only for a channel that is right otherwise
			ChannelPolicy.refusal(this.targetPolicy, request.type(), request.config().toConfig(request.type()))
				.ifPresent((refusal) -> problems.add(FieldProblem.of(refusal.field(), refusal.reason(),
						FieldErrorCode.TARGET_POLICY_REFUSED, "config.host".equals(refusal.field())
								? request.config().host().trim() : request.config().url().trim())));
		}
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
	}

	private void checkNameFree(String name, long exceptId) {
		if (this.channels.countNamed(Departments.current(), name, exceptId) > 0) {
			throw new DuplicateChannelNameException(name);
		}
	}

	/**
	 * @param storedUrl the URL stored so far (sealed), kept when the request sends it
	 * back masked as a read showed it
	 */
	private void apply(ChannelEntity row, ChannelRequest request, String storedUrl) {
		row.name = request.name();
		row.type = request.type().name();
		row.enabled = (request.enabled() != null) ? request.enabled() : (row.enabled == null || row.enabled);
		boolean platform = (request.platform() != null) ? request.platform() : Boolean.TRUE.equals(row.platform);
		if (platform && !Boolean.TRUE.equals(row.platform) && !Departments.principal().globalAdmin()) {
			// platform alerts tell about every department's agents and jobs
			throw InvalidRequestException.of(FieldProblem.of("platform",
					"only a global admin may send platform alerts to a channel", FieldErrorCode.GLOBAL_ADMIN_ONLY));
		}
		row.platform = platform;
		if (request.language() != null) {
			row.language = AlertLanguage.ofTag(request.language()).tag();
		}
		else if (row.language == null) {
			row.language = AlertLanguage.EN.tag();
		}
		ChannelConfig config = request.config().toConfig(request.type());
		if (config.url() != null) {
			boolean masked = storedUrl != null && (SecretBox.MASK.equals(config.url())
					|| config.url().equals(ChannelConfig.maskedUrl(this.secrets.open(storedUrl))));
			config = config.withUrl(masked ? storedUrl : seal(config.url(), "config.url"));
		}
		row.config = CronyJson.toJson(config);
		row.secret = hasSecret(request.secret()) ? seal(request.secret(), "secret") : null;
		row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

	/**
	 * The channel as the audit log compares it: as the API shows it (the URL masked), and
	 * its sealed secret, so that a new one shows as a (masked) change.
	 */
	private Object audited(ChannelEntity row) {
		return AuditLog.withField(ChannelResponse.of(row, this.secrets), "secret", row.secret);
	}

	/**
	 * The department's channel: another department's answers as one that does not exist.
	 */
	private ChannelEntity load(long id) {
		ChannelEntity row = this.channels.selectById(id);
		if (row == null || row.departmentId != Departments.current()) {
			throw new ChannelNotFoundException(id);
		}
		return row;
	}

	private String seal(String secret, String field) {
		try {
			return this.secrets.seal(secret);
		}
		catch (MissingSecretKeyException ex) {
			throw InvalidRequestException
				.of(FieldProblem.of(field, "cannot be stored: " + ex.getMessage(), FieldErrorCode.SECRET_KEY_MISSING));
		}
	}

	/** A secret sent, and not the mask a read shows (which keeps the stored one). */
	private static boolean hasSecret(String secret) {
		return secret != null && !secret.isEmpty() && !SecretBox.MASK.equals(secret);
	}

}
