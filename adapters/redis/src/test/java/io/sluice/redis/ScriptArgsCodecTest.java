package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.redisson.client.codec.StringCodec;

class ScriptArgsCodecTest {
    /** An argument goes as its UTF-8 bytes, in one heap buffer of that size (no pooled direct buffer grown by doubling). */
    @Test
    void anArgumentIsItsUtf8BytesInAHeapBufferOfExactlyThatSize() throws Exception {
        String state = "{\"name\":\"caf\u00e9 \u2603 \ud83d\ude80\",\"rows\":\"" + "x".repeat(5_000) + "\"}";
        ByteBuf buf = ScriptArgsCodec.INSTANCE.getValueEncoder().encode(state);
        try {
            byte[] utf8 = state.getBytes(StandardCharsets.UTF_8);
            assertThat(buf.hasArray()).as("a heap buffer").isTrue();
            assertThat(buf.readableBytes()).isEqualTo(utf8.length);
            assertThat(buf.capacity()).as("allocated once, at its size").isEqualTo(utf8.length);
            byte[] read = new byte[buf.readableBytes()];
            buf.getBytes(buf.readerIndex(), read);
            assertThat(read).isEqualTo(utf8);
            assertThat(ScriptArgsCodec.INSTANCE.getValueDecoder().decode(buf, null)).as("decoded as StringCodec does").isEqualTo(state);
        } finally {
            buf.release();
        }
        assertThat(ScriptArgsCodec.INSTANCE.getEncoder()).isSameAs(ScriptArgsCodec.INSTANCE.getValueEncoder());
        assertThat(ScriptArgsCodec.INSTANCE).isInstanceOf(StringCodec.class);
    }
}
