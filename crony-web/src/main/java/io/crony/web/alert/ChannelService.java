package io.crony.web.alert;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import com.baomidou.mybatisplus.core.conditions.update.UpdateWrapper;
import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.alert.Channel;
import io.crony.alert.Delivery;
import io.crony.common.json.CronyJson;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/** Alert channels: CRUD with write-only secrets, and test messages. */
@Service
class ChannelService {

	private static final Logger log = LoggerFactory.getLogger(ChannelService.class);

	private final ChannelMapper channels;

	private final AlertStore store;

	private final AlertDispatcher dispatcher;

	private final AlertProperties properties;

	ChannelService(ChannelMapper channels, AlertStore store, AlertDispatcher dispatcher, AlertProperties properties) {
		this.channels = channels;
		this.store = store;
		this.dispatcher = dispatcher;
		this.properties = properties;
	}

	PageResponse<ChannelResponse> list(Paging paging) {
		return PageResponse.of(
				this.channels.selectPage(paging.toPage(), new QueryWrapper<ChannelEntity>().orderByAsc("id")),
				ChannelResponse::of, paging);
	}

	ChannelResponse get(long id) {
		return ChannelResponse.of(load(id));
	}

	ChannelResponse create(ChannelRequest request, String by) {
		validate(request, hasSecret(request.secret()));
		checkNameFree(request.name(), 0);
		ChannelEntity row = new ChannelEntity();
		apply(row, request);
		row.createdBy = by;
		row.createdAt = row.updatedAt;
		try {
			this.channels.insert(row);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateChannelNameException(request.name());
		}
		log.info("Alert channel {} '{}' ({}) created by {}", row.id, row.name, row.type, by);
		return get(row.id);
	}

	ChannelResponse update(long id, ChannelRequest request, String by) {
		ChannelEntity row = load(id);
		boolean typeKept = row.type.equals(request.type().name());
		// a secret belongs to its type: switching type needs a new one
		boolean secretSet = hasSecret(request.secret()) || (typeKept && hasSecret(row.secret));
		validate(request, secretSet);
		checkNameFree(request.name(), id);
		apply(row, request);
		if (!hasSecret(request.secret()) && !typeKept) {
			this.channels.update(null, new UpdateWrapper<ChannelEntity>().set("secret", null).eq("id", id));
		}
		try {
			this.channels.updateById(row);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateChannelNameException(request.name());
		}
		log.info("Alert channel {} '{}' updated by {}", id, row.name, by);
		return get(id);
	}

	void delete(long id, String by) {
		if (this.channels.deleteById(id) == 0) {
			throw new ChannelNotFoundException(id);
		}
		log.info("Alert channel {} deleted by {}", id, by);
	}

	TestResult test(long id, String by) {
		Channel channel = this.store.channel(id);
		if (channel == null) {
			throw new ChannelNotFoundException(id);
		}
		Alert alert = Alert.platform(AlertKind.TEST, "test:" + id, "Test message from Crony",
				"Sent by " + by + " to check alert channel '" + channel.name() + "'.", null,
				this.properties.link("/alerts"), Instant.now().truncatedTo(ChronoUnit.MILLIS));
		Delivery delivery = this.dispatcher.sendNow(channel, alert);
		log.info("Alert channel {} test by {}: {}", id, by, delivery.delivered() ? "delivered" : delivery.error());
		return new TestResult(delivery.delivered(), delivery.attempts(), delivery.error(), delivery.took().toMillis());
	}

	private static void validate(ChannelRequest request, boolean secretSet) {
		List<FieldProblem> problems = ChannelValidator.validate(request, secretSet);
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
	}

	private void checkNameFree(String name, long exceptId) {
		if (this.channels.countNamed(name, exceptId) > 0) {
			throw new DuplicateChannelNameException(name);
		}
	}

	private static void apply(ChannelEntity row, ChannelRequest request) {
		row.name = request.name();
		row.type = request.type().name();
		row.enabled = (request.enabled() != null) ? request.enabled() : (row.enabled == null || row.enabled);
		row.platform = (request.platform() != null) ? request.platform() : Boolean.TRUE.equals(row.platform);
		row.config = CronyJson.toJson(request.config().toConfig(request.type()));
		row.secret = hasSecret(request.secret()) ? request.secret() : null;
		row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

	private ChannelEntity load(long id) {
		ChannelEntity row = this.channels.selectById(id);
		if (row == null) {
			throw new ChannelNotFoundException(id);
		}
		return row;
	}

	private static boolean hasSecret(String secret) {
		return secret != null && !secret.isEmpty();
	}

}
