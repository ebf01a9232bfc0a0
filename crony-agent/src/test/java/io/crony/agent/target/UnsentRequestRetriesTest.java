package io.crony.agent.target;

import java.net.SocketTimeoutException;

import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.Method;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.message.BasicHttpResponse;
import org.apache.hc.core5.http.protocol.BasicHttpContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UnsentRequestRetriesTest {

	private final UnsentRequestRetries retries = new UnsentRequestRetries();

	private final BasicHttpRequest post = new BasicHttpRequest(Method.POST, "/charge");

	@Test
	void aRequestNeverSentIsSentAgainWhateverItsMethodUpToTheBound() {
		RequestNotExecutedException unsent = new RequestNotExecutedException();
		assertThat(this.retries.retryRequest(this.post, unsent, 1, new BasicHttpContext())).isTrue();
		assertThat(
				this.retries.retryRequest(this.post, unsent, UnsentRequestRetries.MAX_RESENDS, new BasicHttpContext()))
			.isTrue();
		assertThat(this.retries.retryRequest(this.post, unsent, UnsentRequestRetries.MAX_RESENDS + 1,
				new BasicHttpContext()))
			.isFalse();
	}

	@Test
	void aRequestThatMayHaveReachedTheTargetIsLeftToTheJobsRetryPolicy() {
		BasicHttpRequest get = new BasicHttpRequest(Method.GET, "/report");
		assertThat(this.retries.retryRequest(get, new ConnectionClosedException(), 1, new BasicHttpContext()))
			.isFalse();
		assertThat(this.retries.retryRequest(get, new SocketTimeoutException(), 1, new BasicHttpContext())).isFalse();
		assertThat(this.retries.retryRequest(new BasicHttpResponse(503), 1, new BasicHttpContext())).isFalse();
	}

}
