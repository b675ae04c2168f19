package io.sluice.redis;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.Encoder;

/**
 * {@link StringCodec} for the scripts' arguments, encoding each into a heap buffer of its exact size. Redisson's encodes
 * on the calling thread into a pooled direct buffer of 256 bytes that it grows by doubling: a virtual thread has no
 * pool cache of its own, so every argument took the shared arena's lock, and an execution's state (kilobytes) was copied
 * at each doubling. Replies decode as {@link StringCodec}'s.
 */
final class ScriptArgsCodec extends StringCodec {
    static final ScriptArgsCodec INSTANCE = new ScriptArgsCodec();

    private static final Encoder HEAP = value -> Unpooled.wrappedBuffer(value.toString().getBytes(StandardCharsets.UTF_8));

    private ScriptArgsCodec() {
    }

    @Override
    public Encoder getValueEncoder() {
        return HEAP;
    }

    @Override
    public Encoder getEncoder() {
        return HEAP;
    }
}
