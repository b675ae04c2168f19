package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.control.OrchestratorExecutions;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.retention.ExecutionReads;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.options.KeysScanOptions;

/**
 * {@code GET /v1/executions} sorted by name and by status over more executions than the old bound of 2,000, on the Redis
 * execution store (its indexes, its cursor): every execution once, in order, across pages, and nothing said cut.
 */
class ExecutionListingRedisTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static final int N = 2_500;
    private static final String PREFIX = "sluice-test:listing:" + UUID.randomUUID();
    private static RedisAdapters redis;
    private static ExecutionListing listing;
    private static final List<ExecutionSummary> ALL = new ArrayList<>();

    @BeforeAll
    static void fill() throws Exception {
        redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(PREFIX));
        ExecutionStore store = redis.executionStore();
        String[] statuses = {"SUCCEEDED", "FAILED", "RUNNING", "ABORTED", "SUCCEEDED", "TIMED_OUT"};
        for (int i = 0; i < N; i++) {
            String name = String.format("n%05d", (i * 7919) % N); // names in another order than start times
            String status = statuses[i % statuses.length];
            Instant start = T0.plusMillis(i / 2);
            ALL.add(new ExecutionSummary("orders:" + name, "orders", name, status, "sha256:x", start,
                    status.equals("RUNNING") ? null : start.plusSeconds(1), null));
        }
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (ExecutionSummary s : ALL) {
                done.add(writers.submit(() -> store.commit(new Commit(s, "{}", List.of(), List.of(), 0, s.startTime()))));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            writers.shutdown();
        }
        listing = new ExecutionListing(new OrchestratorExecutions(null, null, store, null, null, new ExecutionReads(store, null)));
    }

    @AfterAll
    static void clean() {
        List<String> keys = new ArrayList<>();
        redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(PREFIX + "*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            redis.redisson().getKeys().delete(keys.toArray(String[]::new));
        }
        redis.close();
    }

    private static List<ExecutionSummary> everyPage(Map<String, String> query) {
        List<ExecutionSummary> rows = new ArrayList<>();
        Map<String, String> params = new HashMap<>(query);
        for (int pages = 0; pages < 100; pages++) {
            ExecutionListing.Page page = listing.page(new Caller.Local(), ExecutionQuery.parse(params));
            assertThat(page.truncated()).isFalse();
            rows.addAll(page.rows());
            if (page.nextToken() == null) {
                return rows;
            }
            params.put("nextToken", page.nextToken());
        }
        throw new AssertionError("no last page");
    }

    @Test
    void byNameAndByStatusEveryExecutionOnceInOrder() {
        assertThat(everyPage(Map.of("pipeline", "orders", "sort", "name", "limit", "1000")))
                .containsExactlyElementsOf(ALL.stream().sorted(Comparator.comparing(ExecutionSummary::name)).toList());
        assertThat(everyPage(Map.of("sort", "status", "order", "desc", "limit", "700"))).containsExactlyElementsOf(ALL.stream()
                .sorted(Comparator.comparing(ExecutionSummary::status).reversed().thenComparing(ExecutionCursor.ORDER)).toList());
    }
}
