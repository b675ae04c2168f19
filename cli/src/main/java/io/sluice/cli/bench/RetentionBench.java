package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.retention.ExecutionReaper;
import io.sluice.functions.retention.Retention;
import io.sluice.functions.start.StartResult;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ObjectStore;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.redisson.api.RedissonClient;

/**
 * {@code sluice bench retention}: a soak of N one-task executions on a local runtime whose finished
 * executions leave Redis for the archive a few seconds after they end. A reaper runs beside the load
 * (as the schedule-tick does, timed here), Redis's {@code used_memory} is sampled throughout, and at
 * the end every execution is read back: from Redis if still there, else from its archive object. A first phase without reaping measures the bytes a finished execution holds
 * in Redis, and what its retired record (its reserved name) keeps once it has left.
 */
public final class RetentionBench {
    public record Options(int executions, Duration retention, Duration nameReuse, int concurrency) {}

    public record Figures(int executions, long bytesPerFinished, long bytesPerRetired, long baseline, long peak, long end,
                          long bytesPerLiveExecution, long archived, long readableFromArchive, long readableFromRedis, long lost,
                          double reapMicrosPerExecution, double seconds, java.util.Map<String, Long> leftByFamily) {
        public String json() {
            ObjectNode o = Json.object();
            o.put("executions", executions).put("redis_bytes_per_finished_execution", bytesPerFinished)
                    .put("redis_bytes_per_retired_execution", bytesPerRetired).put("redis_bytes_baseline", baseline)
                    .put("redis_bytes_peak", peak).put("redis_bytes_end", end).put("redis_bytes_per_live_execution", bytesPerLiveExecution)
                    .put("archived", archived).put("readable_from_archive", readableFromArchive).put("readable_from_redis", readableFromRedis)
                    .put("lost", lost).put("reap_us_per_execution", Math.round(reapMicrosPerExecution * 10) / 10.0)
                    .put("seconds", Math.round(seconds * 10) / 10.0);
            return Json.write(o);
        }
    }

    private static final int PROBE = 5_000;
    private final TransitionsBench noop = new TransitionsBench();

    public TransitionsBench noop() {
        return noop;
    }

    /** Runs the soak on {@code runtime} (built over {@link #noop()}'s functions, with {@code retention}'s deadlines). */
    public Figures run(LocalRuntime runtime, TransitionsBench.Completions completions, ExecutionStore store, ObjectStore archiveStore,
                       RedissonClient redis, String keyPrefix, Options options, Retention retention) throws InterruptedException {
        Definition definition = TransitionsBench.definition(1);
        ExecutionArchive archive = new ExecutionArchive(archiveStore);
        ExecutionReaper reaper = new ExecutionReaper(store, archive, retention);
        String pipeline = "retention-" + UUID.randomUUID().toString().substring(0, 8);
        long start = System.nanoTime();
        // Phase 1: what one finished execution holds (its own keys and index entries, by MEMORY USAGE), then what
        // its retired record keeps once it has left; the task claims and queue deduplication ids are counted apart.
        int probe = Math.min(PROBE, options.executions());
        runBatch(runtime, completions, definition, pipeline, "probe-", probe, options.concurrency());
        java.util.Map<String, Long> held = RedisMemory.usageByFamily(redis, keyPrefix);
        long heldBytes = held.getOrDefault("exec", 0L) + held.getOrDefault("idx", 0L) + held.getOrDefault("expiry", 0L);
        // Reaped with a long name reservation, so each retired record is still there to be measured; then deleted.
        drain(new ExecutionReaper(store, archive, retention.withNameReuse(Duration.ofHours(1))), options.retention());
        long retired = RedisMemory.usageByFamily(redis, keyPrefix).getOrDefault("retired", 0L);
        RedisMemory.deleteKeys(redis, keyPrefix + ":retired");

        // Phase 2: the soak, with the reaper beside it.
        long baseline = RedisMemory.usedMemory(redis);
        AtomicLong peak = new AtomicLong(baseline);
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong reapNanos = new AtomicLong();
        AtomicLong removed = new AtomicLong();
        AtomicLong archived = new AtomicLong();
        Thread sampler = Thread.ofPlatform().daemon().start(() -> sample(running, peak, () -> RedisMemory.usedMemory(redis)));
        Thread reaping = Thread.ofPlatform().daemon().start(() -> {
            while (running.get()) {
                long t0 = System.nanoTime();
                ExecutionReaper.Report r = reaper.reap(Clock.systemUTC().instant(), 500);
                if (r.removed() > 0) {
                    reapNanos.addAndGet(System.nanoTime() - t0);
                    removed.addAndGet(r.removed());
                    archived.addAndGet(r.archived());
                } else {
                    pause(50);
                }
            }
        });
        runBatch(runtime, completions, definition, pipeline, "e", options.executions(), options.concurrency());
        long liveAtEnd = RedisMemory.usedMemory(redis) - baseline;
        pause(options.retention().toMillis() + 1000);
        while (!store.expired(Clock.systemUTC().instant(), 1).isEmpty()) {
            pause(100);
        }
        running.set(false);
        reaping.join();
        sampler.join();

        // Every execution read back: from Redis if still there, else from the archive, each object decoded whole.
        java.util.Set<String> found = new java.util.HashSet<>();
        long fromArchive = 0;
        for (ObjectStore.ObjectInfo o : archiveStore.list(ExecutionArchive.PREFIX, null, Integer.MAX_VALUE)) {
            var a = archive.readKey(o.key());
            if (a.isPresent() && a.get().summary().pipeline().equals(pipeline) && a.get().summary().name().startsWith("e")
                    && !a.get().history().isEmpty() && found.add(a.get().summary().executionId())) {
                fromArchive++;
            }
        }
        long fromRedis = 0;
        for (int i = 0; i < options.executions(); i++) {
            String id = pipeline + ":e" + i;
            if (!found.contains(id) && store.load(id).isPresent()) {
                fromRedis++;
            }
        }
        pause(options.nameReuse().toMillis()); // the retired records expire with the names' reservation
        long end = RedisMemory.usedMemory(redis);
        java.util.Map<String, Long> left = RedisMemory.usageByFamily(redis, keyPrefix);
        double seconds = (System.nanoTime() - start) / 1e9;
        long perLive = options.executions() == 0 ? 0 : Math.max(0, liveAtEnd) / Math.max(1, options.executions());
        return new Figures(options.executions(), heldBytes / probe, retired / probe, baseline,
                peak.get(), end, perLive, archived.get(), fromArchive, fromRedis,
                options.executions() - fromArchive - fromRedis, removed.get() == 0 ? 0 : reapNanos.get() / 1000.0 / removed.get(), seconds,
                left);
    }

    private static void runBatch(LocalRuntime runtime, TransitionsBench.Completions completions, Definition definition, String pipeline,
                                 String namePrefix, int count, int concurrency) {
        Semaphore inFlight = new Semaphore(concurrency);
        int finished = 0;
        for (int i = 0; i < count; i++) {
            while (!inFlight.tryAcquire()) {
                for (String ignored : completions.poll()) {
                    finished++;
                    inFlight.release();
                }
            }
            StartResult.Existing r = runtime.start(pipeline, namePrefix + i, definition, Json.object());
            if (!(r instanceof StartResult.Started)) {
                throw new IllegalStateException("bench execution " + r.execution().executionId() + " existed already");
            }
        }
        while (finished < count) {
            finished += completions.poll().size();
        }
    }

    private static void drain(ExecutionReaper reaper, Duration retention) {
        pause(retention.toMillis() + 1000);
        while (reaper.reap(Clock.systemUTC().instant(), 500).removed() > 0) {
            // until nothing more has expired
        }
    }

    private static void sample(AtomicBoolean running, AtomicLong peak, LongSupplier used) {
        while (running.get()) {
            peak.accumulateAndGet(used.getAsLong(), Math::max);
            pause(250);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
