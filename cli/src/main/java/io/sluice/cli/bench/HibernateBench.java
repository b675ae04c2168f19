package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ObjectStore;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.redisson.api.RedissonClient;

/**
 * {@code sluice bench hibernate} (issue 37): N executions that wait — half on a Wait, half on a callback — sleep in
 * the object store; the bench measures Redis bytes per waiting execution ({@code INFO used_memory} before and after, and
 * by key family), the object store's bytes, then wakes a sample of 10 %: callbacks answered one by one as the Step
 * Functions API answers them (SendTaskSuccess applies on the caller's thread), and the sample's timers woken by the
 * runtime's clock passing each one's instant (the clock is moved to the first and runs at its own pace past the last, so
 * they come due as far apart as their executions started). Wake latency runs from the event (the answer sent, the timer's
 * instant) to the next task's function being invoked. Then a burst: another 5 % of the Wait executions, whose timers the
 * clock passes in one move, wake at the orchestrator's rate, reported as wakes a second and their p99 (a throughput
 * figure: Step Functions itself meters state transitions by a token bucket). Lost and doubled count the next task's
 * invocation per woken execution, over all three.
 */
public final class HibernateBench {
    private static final Definition WAITS = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Later", "States": {
              "Later": {"Type": "Wait", "SecondsPath": "$.wait", "Next": "Next"},
              "Next": {"Type": "Task", "Resource": "sluice:function:next", "End": true}}}"""));
    private static final Definition ASKS = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Ask", "States": {
              "Ask": {"Type": "Task", "Resource": "sluice:function:ask.waitForTaskToken",
                      "Parameters": {"token.$": "$$.Task.Token", "order.$": "$.order"}, "ResultPath": "$.answer", "Next": "Next"},
              "Next": {"Type": "Task", "Resource": "sluice:function:next", "End": true}}}"""));
    /** The sampled timers, woken at their own instants. */
    private static final long SAMPLE_WAIT = 3600;
    /** The burst's timers, made due together. */
    private static final long BURST_WAIT = 7200;
    private static final long OTHERS_WAIT = 86_400;
    private static final int SAMPLE_EVERY = 10;

    /** A clock the bench moves forward: the runtime's timers come due when it says. */
    public static final class MovableClock extends Clock {
        private final AtomicLong offsetMillis = new AtomicLong();

        public void advance(Duration by) {
            offsetMillis.addAndGet(by.toMillis());
        }

        @Override
        public Instant instant() {
            return Instant.now().plusMillis(offsetMillis.get());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    /** Tokens the callback tasks were given, and when the next task ran for each execution. */
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final Map<String, Long> nextInvoked = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> nextCount = new ConcurrentHashMap<>();
    /** When each timed execution was started, by the runtime's clock (epoch ms): its timer is due its wait after, or a little later. */
    private final Map<String, Long> startedAtMs = new ConcurrentHashMap<>();
    /** How many executions have invoked their next task: what {@link #awaitNext} watches. */
    private final AtomicInteger firstNexts = new AtomicInteger();

    /** The bench's functions: {@code ask} keeps its task token, {@code next} notes when it ran. */
    public Map<String, Function<JsonNode, JsonNode>> functions() {
        return Map.of("ask", in -> {
            tokens.put(TaskToken.executionIdOf(in.get("token").asText()), in.get("token").asText());
            return null;
        }, "next", in -> {
            String id = in.get("id").asText();
            if (nextInvoked.putIfAbsent(id, System.nanoTime()) == null) {
                firstNexts.incrementAndGet();
            }
            nextCount.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            return in;
        });
    }

    public record Figures(int executions, double redisBytesPerWaiting, Map<String, Long> redisByFamily, double objectBytesPerExecution,
                          int checked, int asleep, int woken, double wakeP50Ms, double wakeP99Ms, double callbackP99Ms, double timerP99Ms,
                          int burstTimers, double burstP99Ms, double burstWakesPerSecond, int lost, int doubled, double startSeconds) {
        public String json() {
            ObjectNode o = Json.object();
            o.put("executions", executions).put("redis_bytes_per_waiting_execution", Math.round(redisBytesPerWaiting))
                    .put("object_store_bytes_per_execution", Math.round(objectBytesPerExecution)).put("checked", checked).put("asleep", asleep)
                    .put("woken", woken).put("wake_p50_ms", round(wakeP50Ms)).put("wake_p99_ms", round(wakeP99Ms))
                    .put("callback_wake_p99_ms", round(callbackP99Ms)).put("timer_wake_p99_ms", round(timerP99Ms))
                    .put("burst_timers", burstTimers).put("burst_wake_p99_ms", round(burstP99Ms)).put("burst_wakes_per_s", round(burstWakesPerSecond))
                    .put("lost", lost).put("doubled", doubled).put("start_s", round(startSeconds));
            return Json.write(o);
        }

        private static double round(double v) {
            return Math.round(v * 100.0) / 100.0;
        }
    }

    public Figures run(LocalRuntime runtime, MovableClock clock, ExecutionStore raw, ObjectStore objects, RedissonClient redis,
                       String keyPrefix, int executions, int concurrency, PrintStream log) throws InterruptedException {
        long baseline = RedisMemory.usedMemory(redis);
        List<String> waits = new ArrayList<>();
        List<String> asks = new ArrayList<>();
        List<String> timed = new ArrayList<>();
        List<String> burst = new ArrayList<>();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
            for (int i = 0; i < executions; i++) {
                boolean wait = i % 2 == 0;
                String name = "e" + i;
                String id = (wait ? "waits:" : "asks:") + name;
                int slot = (i / 2) % SAMPLE_EVERY;
                long seconds = slot == 0 ? SAMPLE_WAIT : slot == SAMPLE_EVERY / 2 ? BURST_WAIT : OTHERS_WAIT;
                JsonNode input = Json.object().put("id", id).put("wait", seconds).put("order", "o-" + i);
                (wait ? waits : asks).add(id);
                if (wait && seconds != OTHERS_WAIT) {
                    (seconds == SAMPLE_WAIT ? timed : burst).add(id);
                }
                pool.execute(() -> {
                    if (wait && seconds != OTHERS_WAIT) {
                        startedAtMs.put(id, clock.millis()); // before the start: the Wait is entered at this instant or later
                    }
                    runtime.start(wait ? "waits" : "asks", name, wait ? WAITS : ASKS, input);
                });
            }
        }
        double startSeconds = (System.nanoTime() - t0) / 1e9;
        while (tokens.size() < asks.size()) {
            Thread.sleep(50); // the callback tasks run on the runtime's workers after their executions fell asleep
        }
        int asleep = 0;
        List<String> checked = waits.size() + asks.size() > 20_000 ? sample(waits, asks, 20_000) : concat(waits, asks);
        for (String id : checked) {
            asleep += raw.load(id).map(s -> s.stub() ? 1 : 0).orElse(0);
        }
        long redisBytes = RedisMemory.usedMemory(redis) - baseline;
        Map<String, Long> families = executions <= 100_000 ? RedisMemory.usageByFamily(redis, keyPrefix) : Map.of();
        long objectBytes = 0;
        for (ObjectStore.ObjectInfo o : allObjects(objects)) {
            objectBytes += o.size();
        }
        log.printf("%d of %d executions looked at asleep; Redis %+d B, objects %d B%n", asleep, checked.size(), redisBytes, objectBytes);

        List<Double> callbackMs = new ArrayList<>();
        List<String> answered = new ArrayList<>();
        for (int i = 0; i < asks.size(); i += SAMPLE_EVERY) {
            String id = asks.get(i);
            long sent = System.nanoTime();
            runtime.apply(new OrchestratorMessage.TaskResult(tokens.get(id), Json.object().put("ok", true), null, null));
            answered.add(id);
            awaitNext(List.of(id), Duration.ofSeconds(10));
            Long at = nextInvoked.get(id);
            if (at != null) {
                callbackMs.add((at - sent) / 1e6);
            }
        }
        log.printf("%d callbacks answered (p99 %.1f ms)%n", answered.size(), p99(callbackMs));
        List<Double> timerMs = timersAtTheirInstants(clock, timed, log);
        log.printf("%d timers woken at their instants (p99 %.1f ms); moving the clock past %d timers at once%n", timed.size(),
                p99(timerMs), burst.size());
        long moved = System.nanoTime();
        clock.advance(Duration.ofMillis(Math.max(0, dueMs(burst, BURST_WAIT, true) + 1000 - clock.millis())));
        awaitNext(burst, Duration.ofSeconds(30));
        List<Double> burstMs = new ArrayList<>();
        for (String id : burst) {
            Long at = nextInvoked.get(id);
            if (at != null) {
                burstMs.add((at - moved) / 1e6);
            }
        }
        double burstSeconds = burstMs.stream().mapToDouble(Double::doubleValue).max().orElse(0) / 1000;
        List<String> woken = concat(concat(answered, timed), burst);
        int lost = (int) woken.stream().filter(id -> !nextInvoked.containsKey(id)).count();
        int doubled = (int) nextCount.values().stream().filter(c -> c.get() > 1).count();
        Percentiles p = new Percentiles(concat(callbackMs, timerMs).stream().mapToDouble(Double::doubleValue).toArray());
        return new Figures(executions, (double) redisBytes / executions, families, (double) objectBytes / executions, checked.size(), asleep,
                answered.size() + timed.size(), p.at(50), p.at(99), p99(callbackMs), p99(timerMs), burst.size(), p99(burstMs),
                burstSeconds > 0 ? burstMs.size() / burstSeconds : 0, lost, doubled, startSeconds);
    }

    /**
     * Moves the clock to the first of {@code timed}'s instants and lets it run at its own pace past the last, so each
     * timer comes due at its own instant, as far from the others as its execution's start was; answers each woken one's
     * latency from its instant (its execution's start by the clock plus the wait: the Wait began then or a little later, so
     * the latency is at most overstated by that) to its next task's invocation.
     */
    private List<Double> timersAtTheirInstants(MovableClock clock, List<String> timed, PrintStream log) throws InterruptedException {
        long first = dueMs(timed, SAMPLE_WAIT, false);
        long last = dueMs(timed, SAMPLE_WAIT, true);
        clock.advance(Duration.ofMillis(Math.max(0, first - clock.millis())));
        long originNanos = System.nanoTime();
        long originMs = clock.millis();
        log.printf("the clock moved to the first of %d timers; it runs past the last in %.1f s%n", timed.size(), (last - originMs) / 1e3);
        Thread.sleep(Math.max(0, last - originMs));
        awaitNext(timed, Duration.ofSeconds(30));
        List<Double> out = new ArrayList<>();
        for (String id : timed) {
            Long at = nextInvoked.get(id);
            if (at != null) {
                long dueNanos = originNanos + (startedAtMs.get(id) + SAMPLE_WAIT * 1000 - originMs) * 1_000_000;
                out.add((at - dueNanos) / 1e6);
            }
        }
        return out;
    }

    /**
     * The earliest ({@code latest} false) or latest instant, epoch ms by the runtime's clock, at which one of {@code ids}'
     * timers is due; {@code ids} is never empty (the command asks for 12 executions at least).
     */
    private long dueMs(List<String> ids, long waitSeconds, boolean latest) {
        LongStream starts = ids.stream().mapToLong(startedAtMs::get);
        return (latest ? starts.max() : starts.min()).orElseThrow() + waitSeconds * 1000;
    }

    private static double p99(List<Double> ms) {
        return new Percentiles(ms.stream().mapToDouble(Double::doubleValue).toArray()).at(99);
    }

    /**
     * Until every one of {@code ids} has invoked its next task, or none more has for {@code quiet}: a burst of tens of
     * thousands of timers wakes at the orchestrator's rate, which is measured, not cut off (what never comes is lost, told
     * by the caller from the ids). It watches a count: only woken executions invoke a next task, and a scan of 50,000 ids
     * every 10 ms had taken ~40 % of the JVM's samples from the runtime it measures (JFR, 1,000,000 asleep).
     */
    private void awaitNext(List<String> ids, Duration quiet) throws InterruptedException {
        int seen = firstNexts.get(); // before the ids are looked at: one that arrives meanwhile is not waited for twice
        int target = seen + (int) ids.stream().filter(id -> !nextInvoked.containsKey(id)).count();
        long progressAt = System.nanoTime();
        while (seen < target && System.nanoTime() - progressAt < quiet.toNanos()) {
            Thread.sleep(1); // the latencies are the functions' own timestamps
            int now = firstNexts.get();
            if (now != seen) {
                seen = now;
                progressAt = System.nanoTime();
            }
        }
    }

    private static List<ObjectStore.ObjectInfo> allObjects(ObjectStore objects) {
        List<ObjectStore.ObjectInfo> out = new ArrayList<>();
        String after = null;
        int size = 10_000; // a folder store reads a directory of all the executions' folders for each page
        for (List<ObjectStore.ObjectInfo> page = objects.list("hibernated/", null, size); !page.isEmpty();
             page = objects.list("hibernated/", after, size)) {
            out.addAll(page);
            after = page.getLast().key();
            if (page.size() < size) {
                break;
            }
        }
        return out;
    }

    private static List<String> sample(List<String> a, List<String> b, int size) {
        List<String> all = concat(a, b);
        List<String> out = new ArrayList<>(size);
        int step = Math.max(1, all.size() / size);
        for (int i = 0; i < all.size(); i += step) {
            out.add(all.get(i));
        }
        return out;
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
