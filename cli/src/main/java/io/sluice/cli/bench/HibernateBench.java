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
import org.redisson.api.RedissonClient;

/**
 * {@code sluice bench hibernate} (issue 37): N executions that wait — half on a Wait, half on a callback — sleep in
 * the object store; the bench measures Redis bytes per waiting execution ({@code INFO used_memory} before and after, and
 * by key family), the object store's bytes, then wakes a sample of 10 %: callbacks answered one by one as the Step
 * Functions API answers them (SendTaskSuccess applies on the caller's thread), and the sample's timers made due by moving
 * the runtime's clock past them (the rest wait a day, so stay asleep). Wake latency runs from the event (the answer
 * sent, the clock moved) to the next task's function being invoked; lost and doubled count that invocation per woken
 * execution.
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
    private static final long SAMPLE_WAIT = 3600;
    private static final long OTHERS_WAIT = 86_400;

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
    /** How many executions have invoked their next task: what {@link #awaitNext} watches. */
    private final AtomicInteger firstNexts = new AtomicInteger();

    /** The bench's functions: {@code ask} keeps its task token, {@code next} notes when it ran. */
    public Map<String, Function<JsonNode, JsonNode>> functions() {
        return Map.of("ask", in -> {
            tokens.put(TaskToken.decode(in.get("token").asText()).executionId(), in.get("token").asText());
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
                          int lost, int doubled, double startSeconds) {
        public String json() {
            ObjectNode o = Json.object();
            o.put("executions", executions).put("redis_bytes_per_waiting_execution", Math.round(redisBytesPerWaiting))
                    .put("object_store_bytes_per_execution", Math.round(objectBytesPerExecution)).put("checked", checked).put("asleep", asleep)
                    .put("woken", woken).put("wake_p50_ms", round(wakeP50Ms)).put("wake_p99_ms", round(wakeP99Ms))
                    .put("callback_wake_p99_ms", round(callbackP99Ms)).put("timer_wake_p99_ms", round(timerP99Ms))
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
        int sampleEvery = 10;
        List<String> waits = new ArrayList<>();
        List<String> asks = new ArrayList<>();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
            for (int i = 0; i < executions; i++) {
                boolean wait = i % 2 == 0;
                String name = "e" + i;
                long seconds = (i / 2) % sampleEvery == 0 ? SAMPLE_WAIT : OTHERS_WAIT;
                JsonNode input = Json.object().put("id", (wait ? "waits:" : "asks:") + name).put("wait", seconds).put("order", "o-" + i);
                (wait ? waits : asks).add((wait ? "waits:" : "asks:") + name);
                pool.execute(() -> runtime.start(wait ? "waits" : "asks", name, wait ? WAITS : ASKS, input));
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
        for (int i = 0; i < asks.size(); i += sampleEvery) {
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
        List<String> timed = new ArrayList<>();
        for (int i = 0; i < waits.size(); i += sampleEvery) {
            timed.add(waits.get(i));
        }
        log.printf("%d callbacks answered (p99 %.1f ms); moving the clock past %d timers at once%n", answered.size(),
                new Percentiles(callbackMs.stream().mapToDouble(Double::doubleValue).toArray()).at(99), timed.size());
        long moved = System.nanoTime();
        clock.advance(Duration.ofSeconds(SAMPLE_WAIT + 1));
        awaitNext(timed, Duration.ofSeconds(30));
        List<Double> timerMs = new ArrayList<>();
        for (String id : timed) {
            Long at = nextInvoked.get(id);
            if (at != null) {
                timerMs.add((at - moved) / 1e6);
            }
        }
        List<String> woken = concat(answered, timed);
        int lost = (int) woken.stream().filter(id -> !nextInvoked.containsKey(id)).count();
        int doubled = (int) nextCount.values().stream().filter(c -> c.get() > 1).count();
        List<Double> all = concat(callbackMs, timerMs);
        Percentiles p = new Percentiles(all.stream().mapToDouble(Double::doubleValue).toArray());
        return new Figures(executions, (double) redisBytes / executions, families, (double) objectBytes / executions, checked.size(), asleep,
                woken.size(), p.at(50), p.at(99), new Percentiles(callbackMs.stream().mapToDouble(Double::doubleValue).toArray()).at(99),
                new Percentiles(timerMs.stream().mapToDouble(Double::doubleValue).toArray()).at(99), lost, doubled, startSeconds);
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
