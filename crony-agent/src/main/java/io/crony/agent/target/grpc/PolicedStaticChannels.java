package io.crony.agent.target.grpc;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.crony.common.target.TargetPolicy;
import io.grpc.ManagedChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import net.devh.boot.grpc.client.channelfactory.GrpcChannelConfigurer;

/**
 * The target policy on the address a {@code static://} gRPC channel connects to. The
 * check before each call ({@code Targets}) resolves the name once; the channel resolves
 * it again when it is made, and a name that answers differently the second time (DNS
 * rebinding) must not reach a denied address. Its Netty channels check the address and
 * port of each connection against the whole policy and fail it, unopened, when the policy
 * refuses. {@code discovery:///} channels are left as they are: their instances come from
 * the registry, whose writes need its credentials.
 * <p>
 * Netty takes its own channel class only with an event loop group of the same transport:
 * this class owns one NIO group for every such channel, closed with the agent.
 */
public final class PolicedStaticChannels implements GrpcChannelConfigurer, AutoCloseable {

	private final TargetPolicy policy;

	private final EventLoopGroup loops = new NioEventLoopGroup(0, new DefaultThreadFactory("crony-grpc-static", true));

	public PolicedStaticChannels(TargetPolicy policy) {
		this.policy = policy;
	}

	@Override
	public void accept(ManagedChannelBuilder<?> builder, String name) {
		if (builder instanceof NettyChannelBuilder netty && name.regionMatches(true, 0, "static://", 0, 9)) {
			netty.eventLoopGroup(this.loops).channelFactory(() -> new PolicedSocketChannel(this.policy));
		}
	}

	@Override
	public void close() {
		this.loops.shutdownGracefully(0, 5, TimeUnit.SECONDS);
	}

	/**
	 * Why the target policy refused a call's connection, when it did: gRPC reports the
	 * connection's failure as UNAVAILABLE with it as the cause.
	 */
	static Optional<String> refusal(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof RefusedConnectionException) {
				return Optional.of(cause.getMessage());
			}
		}
		return Optional.empty();
	}

	/** A connection the target policy refused, before it was opened. */
	static final class RefusedConnectionException extends ConnectException {

		private static final long serialVersionUID = 1L;

		RefusedConnectionException(String refusal) {
			super("refused by the target policy: " + refusal);
		}

	}

	private static final class PolicedSocketChannel extends NioSocketChannel {

		private final TargetPolicy policy;

		PolicedSocketChannel(TargetPolicy policy) {
			this.policy = policy;
		}

		@Override
		protected boolean doConnect(SocketAddress remote, SocketAddress local) throws Exception {
			if (remote instanceof InetSocketAddress address && address.getAddress() != null) {
				String refusal = this.policy
					.refusal(address.getHostString(), address.getPort(), List.of(address.getAddress()))
					.orElse(null);
				if (refusal != null) {
					throw new RefusedConnectionException(refusal);
				}
			}
			return super.doConnect(remote, local);
		}

	}

}
