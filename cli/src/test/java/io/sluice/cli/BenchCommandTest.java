package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class BenchCommandTest {
    @Test
    void aSmallRunPrintsASummaryAndTheFiguresAsTheLastLine() {
        CliRun r = CliRun.of("bench", "transitions", "--executions", "6", "--tasks", "3", "--concurrency", "2", "--warmup", "2", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("6 executions x 3 tasks, at most 2 in flight: 18 transitions in ")
                .containsPattern("throughput: \\d+ transitions/s").contains("every execution succeeded");
        assertThat(r.err()).contains("queue: Redis (the same server, key prefix bench-").contains("persistence: aof-everysec");
        String[] lines = r.out().split("\n");
        JsonNode figures = Json.parse(lines[lines.length - 1]);
        assertThat(figures.get("executions").asInt()).isEqualTo(6);
        assertThat(figures.get("transitions").asLong()).isEqualTo(18);
        assertThat(figures.get("failed").asInt()).isZero();
        assertThat(figures.get("transitions_per_s").asDouble()).isPositive();
        assertThat(figures.get("dispatch_p90_ms").asDouble()).isGreaterThanOrEqualTo(figures.get("dispatch_p50_ms").asDouble());
        assertThat(figures.get("dispatch_p99_ms").asDouble()).isGreaterThanOrEqualTo(figures.get("dispatch_p90_ms").asDouble());
        assertThat(figures.get("dispatch_p999_ms").asDouble()).isGreaterThanOrEqualTo(figures.get("dispatch_p99_ms").asDouble());
        assertThat(r.out()).containsPattern("dispatch latency \\(task result -> next task invoked\\): p50 [\\d.]+ ms, p90 [\\d.]+ ms, "
                + "p99 [\\d.]+ ms, p99\\.9 [\\d.]+ ms");
        // a transition parses and writes JSON and Redis replies: it cannot allocate nothing (JDK 21+ tells; the bench needs 21)
        assertThat(figures.get("jvm_allocated_bytes_per_transition").asLong()).isPositive();
        assertThat(r.out()).containsPattern("heap allocated per transition in this JVM: \\d+\\.\\d KB");
    }

    /** A tiny run: the priority bench works end to end; its figures mean nothing at this size. */
    @Test
    void aSmallPriorityRunPrintsBothPhasesAndTheFiguresAsTheLastLine() {
        CliRun r = CliRun.of("bench", "priority", "--samples", "5", "--spacing-ms", "1", "--backlog", "200", "--p3-task-ms", "2000",
                "--warmup", "0", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("P0 start -> first task, unloaded: p50 [0-9.]+ ms, p99 [0-9.]+ ms")
                .containsPattern("behind the P3 backlog \\(\\d+ waiting before, \\d+ after\\)");
        String[] lines = r.out().split("\n");
        JsonNode figures = Json.parse(lines[lines.length - 1]);
        assertThat(figures.get("samples").asInt()).isEqualTo(5);
        assertThat(figures.get("p3BacklogBefore").asLong()).as("the P3 tasks waited while P0 was measured").isPositive();
        assertThat(figures.get("loadedP99Ms").asDouble()).isGreaterThanOrEqualTo(figures.get("loadedP50Ms").asDouble());
    }

    /** The diagnostics: each stage of a P0 start, the slowest samples with what the poller did, and a P3 start rate. */
    @Test
    void aSmallPriorityRunWithStagesBreaksTheLatencyDown() {
        CliRun r = CliRun.of("bench", "priority", "--samples", "5", "--spacing-ms", "1", "--backlog", "100", "--p3-task-ms", "200",
                "--warmup", "0", "--stages", "--p3-rate", "20/2", "--persistence", "none");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("P3 start rate 20.0/s in bursts of 2, refill pacing on, Redis persistence none");
        assertThat(r.err()).containsPattern("stage busy sent -> received by poller +p50 +[0-9.]+ p99 +[0-9.]+")
                .containsPattern("slow busy #\\d+ [0-9.]+ ms: send ").contains("receiveFirst(");
    }

    /** A tiny listing run: every page is read and timed; the figures mean nothing at this size. */
    @Test
    void aSmallListingRunTimesEachPageAndTheFiguresAreTheLastLine() {
        CliRun r = CliRun.of("bench", "listing", "--executions", "200", "--page", "10", "--samples", "3", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("200 executions stored in ").containsPattern("page at 180 by cursor +10 rows: p50 +[0-9.]+ ms");
        String[] lines = r.out().split("\n");
        JsonNode figures = Json.parse(lines[lines.length - 1]);
        assertThat(figures.get("executions").asInt()).isEqualTo(200);
        assertThat(figures.path("first page").path("rows").asInt()).isEqualTo(10);
        assertThat(figures.path("page at 180 by cursor").path("rows").asInt()).as("a full page past the cursor").isEqualTo(10);
        assertThat(CliRun.of("bench", "listing", "--page", "0").err()).contains("--page 1 to 1000 rows");
    }

    @Test
    void aPriorityRunRefusesAMalformedRate() {
        CliRun r = CliRun.of("bench", "priority", "--p3-rate", "fast");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("--p3-rate expects R/B").contains("got 'fast'");
    }

    @Test
    void theTransitionsBenchStillRunsOnSqs() {
        CliRun r = CliRun.of("bench", "transitions", "--executions", "3", "--tasks", "2", "--concurrency", "2", "--warmup", "0", "--queue", "sqs");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("queue: embedded ElasticMQ at http://127.0.0.1:");
        assertThat(r.out()).contains("every execution succeeded");
    }

    @Test
    void aClusterOfItsOwnAndAGivenRedisAreRefusedTogether() {
        CliRun r = CliRun.of("bench", "transitions", "--cluster", "--redis", "redis://127.0.0.1:1");
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("--cluster starts a Redis Cluster of the bench's own; it cannot be used with --redis");
        assertThat(CliRun.of("bench", "transitions", "--replicas", "0").err()).contains("--replicas goes with --cluster: 1, or 0 without --replica-acks");
        assertThat(CliRun.of("bench", "transitions", "--cluster", "--replicas", "0", "--replica-acks", "1").err())
                .contains("--replicas goes with --cluster: 1, or 0 without --replica-acks");
    }

    /** A tiny run: the bench works end to end; its figures mean nothing at this size. */
    @Test
    void aSmallStartsRunPrintsLatencyFiguresAsTheLastLine() {
        CliRun r = CliRun.of("bench", "starts", "--rate", "50", "--count", "20", "--warmup", "5", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("20 starts at 50/s").containsPattern("start latency \\(planned send -> first task invoked\\): p50 ")
                .contains("every start succeeded");
        String[] lines = r.out().split("\n");
        JsonNode figures = Json.parse(lines[lines.length - 1]);
        assertThat(figures.get("rate").asDouble()).isEqualTo(50.0);
        assertThat(figures.get("count").asInt()).isEqualTo(20);
        assertThat(figures.get("failed").asInt()).isZero();
        assertThat(figures.get("start_p50_ms").asDouble()).isPositive();
        assertThat(figures.get("start_p99_ms").asDouble()).isGreaterThanOrEqualTo(figures.get("start_p50_ms").asDouble());
    }

    /**
     * A tiny run: 32 executions fall asleep; two callbacks, two timers at their own instants and two made due together are
     * woken, each once. The latencies mean nothing at this size; what could fail is a wake lost or doubled, a timer woken
     * before its instant (a negative latency) or one left asleep.
     */
    @Test
    void aSmallHibernateRunWakesEachSampleOnceAndTheFiguresAreTheLastLine() {
        CliRun r = CliRun.of("bench", "hibernate", "--executions", "32", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("32 waiting executions started in ").containsPattern("woke 4: p50 [0-9.]+ ms")
                .containsPattern("burst: 2 timers due at one instant woke at \\d+ a second");
        String[] lines = r.out().split("\n");
        JsonNode figures = Json.parse(lines[lines.length - 1]);
        assertThat(figures.get("asleep").asInt()).as("every execution slept before the wakes").isEqualTo(32);
        assertThat(figures.get("woken").asInt()).as("2 callbacks and 2 timers at their instants").isEqualTo(4);
        assertThat(figures.get("burst_timers").asInt()).isEqualTo(2);
        assertThat(figures.get("timer_wake_p99_ms").asDouble()).as("no timer before its instant").isPositive();
        assertThat(figures.get("burst_wakes_per_s").asDouble()).isPositive();
        assertThat(figures.get("lost").asInt()).isZero();
        assertThat(figures.get("doubled").asInt()).isZero();
        assertThat(CliRun.of("bench", "hibernate", "--executions", "11").err()).contains("--executions expects a whole number of at least 12");
    }

    @Test
    void usageErrorsStartNothing() {
        assertThat(CliRun.of("bench").exit()).isEqualTo(2);
        assertThat(CliRun.of("bench", "latency").err()).contains("'latency'").contains("transitions", "schedules", "starts");
        assertThat(CliRun.of("bench", "starts", "--rate", "fast").err()).contains("--rate").contains("'fast'");
        assertThat(CliRun.of("bench", "starts", "extra").exit()).isEqualTo(2);
        assertThat(CliRun.of("bench", "transitions", "--tasks", "0").err()).contains("--tasks").contains("at least 1");
        assertThat(CliRun.of("bench", "transitions", "--queue", "kafka").err()).contains("--queue expects 'redis' or 'sqs'");
        assertThat(CliRun.of("bench", "transitions", "--durability", "fsync").err())
                .contains("--durability expects 'none', 'aof-everysec' or 'aof-always', not 'fsync'");
    }

    @Test
    void theTransitionsBenchRunsOnARedisThatFsyncsEveryWrite() {
        CliRun r = CliRun.of("bench", "transitions", "--executions", "3", "--tasks", "2", "--concurrency", "2", "--warmup", "0",
                "--durability", "aof-always");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("persistence: aof-always");
        assertThat(r.out()).contains("every execution succeeded");
    }
}
