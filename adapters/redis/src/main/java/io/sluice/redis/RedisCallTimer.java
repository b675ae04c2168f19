package io.sluice.redis;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import org.redisson.client.NettyHook;
import org.redisson.client.protocol.QueueCommand;

/**
 * Times every command (and every pipeline) a client built by {@link RedisAdapters#client} writes to Redis, once a registry is
 * bound ({@link #bind}); until then it only passes the writes on. It is the client's {@link NettyHook}: each connection's
 * channel gets a handler at its end, which sees each command as Redisson writes it and waits on the command's own promise,
 * which Redisson completes when the reply is decoded, fails with the server's error (MOVED and ASK too, before Redisson
 * follows them), or fails when the response timeout passes. So a call's time is its round trip on one connection, and
 * a redirected or retried command counts once per attempt.
 */
final class RedisCallTimer implements NettyHook {
    private volatile RedisCallMeters meters;
    private final Handler handler = new Handler();

    /** From now on the client's calls are timed into {@code registry}; null stops timing them. */
    void bind(MeterRegistry registry) {
        meters = registry == null ? null : new RedisCallMeters(registry);
    }

    /** The meters calls are timed into, or {@code null} while no registry is bound. */
    RedisCallMeters meters() {
        return meters;
    }

    @Override
    public void afterBoostrapInitialization(Bootstrap bootstrap) {
    }

    @Override
    public void afterChannelInitialization(Channel channel) {
        // Last in the pipeline, so first to see an outbound write: the command object itself, before it is encoded.
        channel.pipeline().addLast("sluice-call-timer", handler);
    }

    @ChannelHandler.Sharable
    private final class Handler extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            RedisCallMeters m = meters;
            if (m != null && msg instanceof QueueCommand command) {
                m.sent(command);
            }
            ctx.write(msg, promise);
        }
    }
}
