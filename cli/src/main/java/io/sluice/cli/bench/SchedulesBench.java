package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.trigger.schedule.ScheduleFirer;
import io.sluice.functions.trigger.schedule.ScheduleShape;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ScheduleIndex.Placement;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisScheduleIndex;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.redisson.api.RedissonClient;

/**
 * {@code sluice bench schedules [--count N] [--json]}: registers N schedules on Redis whose first fires
 * are spread over the next few minutes, runs the schedule-tick loop (the {@link ScheduleFirer} on a
 * {@link RedisScheduleIndex}), and measures registration rate, fire lag from each scheduled time
 * (p50/p99/max), Redis bytes per schedule, and missed and doubled fires. Fires are <b>recorded</b>
 * ({@link FireLedger}), not started as executions: this measures the index and the firer, not the
 * orchestrator. Uses its own key prefix on the server and deletes its keys at the end.
 *
 * <p>Options: {@code --redis URL} (default {@code redis://127.0.0.1:6379}), {@code --spread SECONDS}
 * (default 180), {@code --tick-ms MS} (default 100), {@code --tickers T} (default 4: at a million, 2 tickers gave p99 0.8-1.0 s, 4 gave 0.34 s), {@code --id-prefix P}
 * (default {@code p}; schedule ids are P0, P1, ...).
 */
public final class SchedulesBench {
    private static final int PUT_BATCH = 10_000;
    private static final List<String> SHAPES = List.of(
            ScheduleShape.of("rate(1 day)", "UTC", "allow", "none").encode(),
            ScheduleShape.of("rate(12 hours)", "UTC", "skip", "latest").encode(),
            ScheduleShape.of("cron(0 3 * * ? *)", "Europe/Berlin", "allow", "latest").encode(),
            ScheduleShape.of("0 4 * * *", "America/New_York", "queue", "all:3").encode());

    public record Options(String redisUrl, int count, int spreadSeconds, int tickMillis, int tickers, String idPrefix, boolean json) {
    }

    public record Figures(int schedules, int shapes, double registrationPerSecond, double fireLagP50Ms, double fireLagP99Ms,
                          double fireLagMaxMs, double redisBytesPerSchedule, double memoryUsageBytesPerSchedule, int missed,
                          int doubled, long ticks, double seconds, Options options) {
        public String json() {
            ObjectNode o = Json.object();
            o.put("schedules", schedules).put("shapes", shapes).put("registration_per_s", round(registrationPerSecond))
                    .put("fire_lag_p50_ms", round(fireLagP50Ms)).put("fire_lag_p99_ms", round(fireLagP99Ms))
                    .put("fire_lag_max_ms", round(fireLagMaxMs)).put("redis_bytes_per_schedule", round(redisBytesPerSchedule))
                    .put("memory_usage_bytes_per_schedule", round(memoryUsageBytesPerSchedule)).put("missed", missed)
                    .put("doubled", doubled).put("ticks", ticks).put("seconds", round(seconds))
                    .put("spread_s", options.spreadSeconds()).put("tick_ms", options.tickMillis()).put("tickers", options.tickers())
                    .put("fires", "recorded, not started as executions");
            return Json.write(o);
        }

        private static double round(double v) {
            return Math.round(v * 100.0) / 100.0;
        }
    }

    private SchedulesBench() {}

    /** The CLI entry ({@code sluice bench schedules}): progress to {@code err}, the figures to {@code out} (with {@code json}, one JSON line). */
    public static int run(Options options, PrintStream out, PrintStream err) {
        Figures f = run(options, err);
        if (options.json()) {
            out.println(f.json());
        } else {
            out.printf("schedules %,d (%d shapes), registered at %,.0f/s%n", f.schedules(), f.shapes(), f.registrationPerSecond());
            out.printf("fire lag p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", f.fireLagP50Ms(), f.fireLagP99Ms(), f.fireLagMaxMs());
            out.printf("redis %.1f bytes per schedule (INFO used_memory delta), %.1f (MEMORY USAGE of the index keys)%n",
                    f.redisBytesPerSchedule(), f.memoryUsageBytesPerSchedule());
            out.printf("missed %d, doubled %d (fires recorded, not started as executions)%n", f.missed(), f.doubled());
        }
        return f.missed() == 0 && f.doubled() == 0 ? 0 : 1;
    }

    public static Figures run(Options options, PrintStream progress) {
        String keyPrefix = "sluice-bench-schedules-" + UUID.randomUUID().toString().substring(0, 8);
        RedissonClient redisson = RedisAdapters.client(options.redisUrl());
        try {
            return measure(options, redisson, keyPrefix, progress);
        } finally {
            long deleted = RedisMemory.deleteKeys(redisson, keyPrefix);
            progress.printf("deleted %,d keys under %s%n", deleted, keyPrefix);
            redisson.shutdown();
        }
    }

    private static Figures measure(Options options, RedissonClient redisson, String keyPrefix, PrintStream progress) {
        Clock clock = Clock.systemUTC();
        int n = options.count();
        RedisScheduleIndex index = new RedisScheduleIndex(redisson, keyPrefix);
        long memoryBefore = RedisMemory.usedMemory(redisson);
        // First fires spread over [base, base + spread); registration is given time to finish before base.
        Instant base = Instant.ofEpochSecond(clock.instant().getEpochSecond() + 10 + n / 20_000);
        long t0 = System.nanoTime();
        List<Placement> batch = new ArrayList<>(PUT_BATCH);
        for (int i = 0; i < n; i++) {
            batch.add(new Placement(options.idPrefix() + i, SHAPES.get(i % SHAPES.size()), base.plusSeconds(i % options.spreadSeconds())));
            if (batch.size() == PUT_BATCH || i == n - 1) {
                index.putAll(batch);
                batch.clear();
            }
        }
        double registration = n / ((System.nanoTime() - t0) / 1e9);
        long memoryAfter = RedisMemory.usedMemory(redisson);
        long indexBytes = RedisMemory.usageOfKeys(redisson, keyPrefix);
        progress.printf("registered %,d schedules at %,.0f/s; first fires at %s, spread over %d s%n", n, registration, base, options.spreadSeconds());
        Instant last = base.plusSeconds(Math.min(n, options.spreadSeconds()) - 1L);

        FireLedger ledger = new FireLedger(options.idPrefix(), n, clock);
        ScheduleFirer firer = new ScheduleFirer(index, ledger, ledger, ScheduleFirer.Settings.defaults());
        long ticks = tickUntil(firer, clock, options, last.plusSeconds(5), ledger, n);
        Percentiles lag = new Percentiles(ledger.lags());
        return new Figures(n, SHAPES.size(), registration, lag.at(50), lag.at(99), lag.at(100), (memoryAfter - memoryBefore) / (double) n,
                indexBytes / (double) n, ledger.missed(), ledger.doubled(), ticks, (System.nanoTime() - t0) / 1e9, options);
    }

    /** Runs {@code tickers} tick loops until every schedule fired and {@code end} passed (or a minute after it). */
    private static long tickUntil(ScheduleFirer firer, Clock clock, Options options, Instant end, FireLedger ledger, int n) {
        AtomicBoolean done = new AtomicBoolean();
        long[] ticks = new long[options.tickers()];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < options.tickers(); t++) {
            int me = t;
            threads.add(Thread.ofPlatform().name("bench-tick-" + t).start(() -> {
                while (!done.get()) {
                    long started = clock.millis();
                    firer.tick(clock.instant());
                    ticks[me]++;
                    sleep(options.tickMillis() - (clock.millis() - started));
                }
            }));
        }
        Instant giveUp = end.plusSeconds(60);
        while (clock.instant().isBefore(end) || (ledger.firedCount() < n && clock.instant().isBefore(giveUp))) {
            sleep(200);
        }
        done.set(true);
        threads.forEach(SchedulesBench::join);
        long total = 0;
        for (long t : ticks) {
            total += t;
        }
        return total;
    }

    private static void sleep(long millis) {
        if (millis > 0) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
