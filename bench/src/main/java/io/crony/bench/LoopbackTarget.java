package io.crony.bench;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

/**
 * The jobs' HTTP target in the bench JVM: answers 200 and records who called for which
 * fire and when the call arrived.
 *
 * <p>
 * Netty rather than the JDK's {@code HttpServer} (one dispatcher thread parsing every
 * request) or the sample target (accept backlog 256): thousands of calls arrive in the
 * same millisecond, and the target must not be what the bench measures. Two event loop
 * threads, the kernel's largest backlog, kept-alive connections closed after 30 s idle.
 */
final class LoopbackTarget implements AutoCloseable {

	private static final byte[] OK = { 'o', 'k' };

	private final EventLoopGroup boss;

	private final EventLoopGroup workers;

	private final Channel channel;

	private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();

	private LoopbackTarget(EventLoopGroup boss, EventLoopGroup workers, ServerBootstrap bootstrap)
			throws InterruptedException {
		this.boss = boss;
		this.workers = workers;
		bootstrap.childHandler(new ChannelInitializer<SocketChannel>() {
			@Override
			protected void initChannel(SocketChannel channel) {
				channel.pipeline()
					.addLast(new IdleStateHandler(0, 0, 30, TimeUnit.SECONDS))
					.addLast(new HttpServerCodec())
					.addLast(new HttpObjectAggregator(64 * 1024))
					.addLast(new Handler());
			}
		});
		this.channel = bootstrap.bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
	}

	static LoopbackTarget start() throws InterruptedException {
		EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
		EventLoopGroup workers = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
		ServerBootstrap bootstrap = new ServerBootstrap().group(boss, workers)
			.channel(NioServerSocketChannel.class)
			.option(ChannelOption.SO_BACKLOG, 65535)
			.childOption(ChannelOption.TCP_NODELAY, true);
		return new LoopbackTarget(boss, workers, bootstrap);
	}

	String url(String path) {
		return "http://127.0.0.1:" + ((InetSocketAddress) this.channel.localAddress()).getPort() + path;
	}

	/** Every call received, in order of arrival. */
	List<Call> calls() {
		return List.copyOf(this.calls);
	}

	@Override
	public void close() {
		this.channel.close().syncUninterruptibly();
		this.boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
		this.workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
	}

	private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {

		@Override
		protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
			long received = System.currentTimeMillis();
			HttpHeaders headers = request.headers();
			String jobId = headers.get("X-Crony-Job-Id");
			String attempt = headers.get("X-Crony-Attempt");
			LoopbackTarget.this.calls
				.add(new Call((jobId != null) ? Long.parseLong(jobId) : 0, headers.get("X-Crony-Scheduled-At"),
						(attempt != null) ? Integer.parseInt(attempt) : 0, headers.get("X-Crony-Agent-Id"), received));
			FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
					Unpooled.wrappedBuffer(OK));
			response.headers().set(HttpHeaderNames.CONTENT_LENGTH, OK.length);
			boolean keepAlive = HttpUtil.isKeepAlive(request);
			HttpUtil.setKeepAlive(response, keepAlive);
			var written = context.writeAndFlush(response);
			if (!keepAlive) {
				written.addListener(ChannelFutureListener.CLOSE);
			}
		}

		@Override
		public void userEventTriggered(ChannelHandlerContext context, Object event) {
			if (event instanceof IdleStateEvent) {
				context.close();
			}
		}

		@Override
		public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
			context.close();
		}

	}

	/**
	 * One call.
	 *
	 * @param jobId from {@code X-Crony-Job-Id}
	 * @param scheduledAt from {@code X-Crony-Scheduled-At}
	 * @param attempt from {@code X-Crony-Attempt}
	 * @param agentId from {@code X-Crony-Agent-Id}
	 * @param receivedAtMillis when it arrived
	 */
	record Call(long jobId, String scheduledAt, int attempt, String agentId, long receivedAtMillis) {
	}

}
