package io.crony.sdk.spring;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

import io.crony.sdk.CronyTransport;

/**
 * Hands the W3C {@code traceparent} an agent's gRPC call came with (as metadata) to the
 * service method, which gRPC gives no other way to read it: the value is put on the
 * call's {@link Context} and read back with {@link #traceparent()}. The
 * {@link io.crony.sdk.Execution} made from it checks its form and drops anything else.
 */
final class TraceContextInterceptor implements ServerInterceptor {

	private static final Metadata.Key<String> TRACEPARENT = Metadata.Key.of(CronyTransport.TRACEPARENT_HEADER,
			Metadata.ASCII_STRING_MARSHALLER);

	private static final Context.Key<String> CALL_TRACEPARENT = Context.key("crony-traceparent");

	@Override
	public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
			ServerCallHandler<Q, A> next) {
		String traceparent = headers.get(TRACEPARENT);
		if (traceparent == null) {
			return next.startCall(call, headers);
		}
		return Contexts.interceptCall(Context.current().withValue(CALL_TRACEPARENT, traceparent), call, headers, next);
	}

	/** The current call's {@code traceparent} as it came, or null when it had none. */
	static String traceparent() {
		return CALL_TRACEPARENT.get();
	}

}
