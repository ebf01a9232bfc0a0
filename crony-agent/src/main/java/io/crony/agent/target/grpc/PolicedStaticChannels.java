package io.crony.agent.target.grpc;

import java.net.SocketAddress;
import java.util.concurrent.TimeUnit;

import io.crony.common.target.ConnectionCheck;
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
 * port of each connection against the whole policy ({@link ConnectionCheck}) and fail it,
 * unopened, when the policy refuses. {@code discovery:///} channels are left as they are:
 * their instances come from the registry, whose writes need its credentials.
 * <p>
 * Netty takes its own channel class only with an event loop group of the same transport:
 * this class owns one NIO group for every such channel, closed with the agent.
 */
public final class PolicedStaticChannels implements GrpcChannelConfigurer, AutoCloseable {

	private final ConnectionCheck connections;

	private final EventLoopGroup loops = new NioEventLoopGroup(0, new DefaultThreadFactory("crony-grpc-static", true));

	public PolicedStaticChannels(TargetPolicy policy) {
		this.connections = new ConnectionCheck(policy);
	}

	@Override
	public void accept(ManagedChannelBuilder<?> builder, String name) {
		if (builder instanceof NettyChannelBuilder netty && name.regionMatches(true, 0, "static://", 0, 9)) {
			netty.eventLoopGroup(this.loops).channelFactory(PolicedSocketChannel::new);
		}
	}

	@Override
	public void close() {
		this.loops.shutdownGracefully(0, 5, TimeUnit.SECONDS);
	}

	/** A connection whose connect is checked first: one of these per connection. */
	private final class PolicedSocketChannel extends NioSocketChannel {

		@Override
		protected boolean doConnect(SocketAddress remote, SocketAddress local) throws Exception {
			PolicedStaticChannels.this.connections.check(remote);
			return super.doConnect(remote, local);
		}

	}

}
