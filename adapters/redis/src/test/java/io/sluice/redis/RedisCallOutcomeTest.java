package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.redisson.client.RedisAskException;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisMovedException;
import org.redisson.client.RedisReadonlyException;
import org.redisson.client.RedisResponseTimeoutException;
import org.redisson.client.RedisTryAgainException;
import org.redisson.misc.RedisURI;

/**
 * The outcome tag of each failure Redisson reports (its own exception types, made as its decoder and executor make them:
 * the message starts with the server's reply), and that an unknown error's text never becomes a tag.
 */
class RedisCallOutcomeTest {
    @Test
    void eachKindOfFailureHasItsOwnBoundedTag() {
        RedisURI node = new RedisURI("redis://127.0.0.1:7000");
        assertThat(RedisCallOutcome.of(null)).isEqualTo("ok");
        assertThat(RedisCallOutcome.of(new RedisMovedException(3999, node))).isEqualTo("moved");
        assertThat(RedisCallOutcome.of(new RedisAskException(3999, node))).isEqualTo("ask");
        assertThat(RedisCallOutcome.of(new RedisResponseTimeoutException("Redis server response timeout (3000 ms)"))).isEqualTo("timeout");
        assertThat(RedisCallOutcome.of(new RedisConnectionException("Unable to connect"))).isEqualTo("connection");
        assertThat(RedisCallOutcome.of(new RedisReadonlyException("READONLY You can't write against a read only replica.")))
                .isEqualTo("readonly");
        assertThat(RedisCallOutcome.of(new RedisTryAgainException("TRYAGAIN Multiple keys request during rehashing of slot")))
                .isEqualTo("tryagain");
        assertThat(RedisCallOutcome.of(new RedisException("CROSSSLOT Keys in request don't hash to the same slot. channel: x")))
                .isEqualTo("crossslot");
        assertThat(RedisCallOutcome.of(new CompletionException(new RedisException("WRONGTYPE Operation against a key"))))
                .isEqualTo("wrongtype");
        assertThat(RedisCallOutcome.of(new CancellationException())).isEqualTo("cancelled");
    }

    @Test
    void anErrorWithAPrefixRedisDoesNotDefineIsJustAnError() {
        assertThat(RedisCallOutcome.of(new RedisException("STALE version 3 of exec:{e-1} is not 2"))).isEqualTo("error");
        assertThat(RedisCallOutcome.of(new RedisException((String) null))).isEqualTo("error");
        assertThat(RedisCallOutcome.of(new IllegalStateException("boom"))).isEqualTo("error");
    }
}
