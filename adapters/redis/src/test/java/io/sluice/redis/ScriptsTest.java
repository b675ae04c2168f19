package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;

/**
 * Scripts in a batch on a server that lost its scripts while Redisson's script cache, which is JVM-wide and keyed by the
 * server's address, still says the server has them: as a server started on the port of one that stopped unseen does, or
 * one an operator flushed. A server of its own: {@code SCRIPT FLUSH} on the shared test server would reach other tests.
 */
class ScriptsTest {
    @RegisterExtension
    static final OwnRedis own = new OwnRedis("scripts");

    @Test
    void aNewInstanceRunsABatchedScriptOnAServerThatLostItWhereRedissonsCacheSaysItIsLoaded() {
        List<Object> first = backlog(Scripts.of(own.client())); // Redisson loads the script and remembers it for this address
        own.client().getScript().scriptFlush();                 // the server forgets it; Redisson's cache does not

        List<Object> again = backlog(Scripts.of(own.client()));

        assertThat(again).isEqualTo(first).hasSize(3);
    }

    @Test
    void aScriptFlushedAfterAnInstanceLoadedItFailsOneBatchAndTheNextLoadsItAgain() {
        Scripts scripts = Scripts.of(own.client());
        List<Object> first = backlog(scripts);
        own.client().getScript().scriptFlush();

        assertThatThrownBy(() -> backlog(scripts)).as("a batch cannot retry a script the server lost")
                .hasStackTraceContaining("NOSCRIPT");
        assertThat(backlog(scripts)).isEqualTo(first);
    }

    private static List<Object> backlog(Scripts scripts) {
        RBatch batch = scripts.batch();
        RFuture<List<Object>> look = RedisTaskQueue.BACKLOG.addTo(scripts, batch, ReturnType.MULTI, List.of("scripts-test:{q}:ready"));
        scripts.execute(batch);
        return look.toCompletableFuture().join();
    }
}
