package io.sluice.cli.chaos;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.port.TaskQueue;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Carries out a {@link ChaosPlan} in time order, on the drill's thread, and counts what it did. */
final class Faults {
    private final List<ChaosPlan.Fault> pending;
    private final ChaosNodes nodes;
    private final DrillRedis redis;
    private final TaskQueue queue;
    private final QueueNames names;
    private final PrintStream progress;
    private final Warehouse warehouse;
    private final List<String> poisonSent = new ArrayList<>();
    private int kills;
    private int redisRestarts;

    /** Stalls the warehouse for a while and drops the workers' connections to it. */
    interface Warehouse {
        void pause(long millis);
    }

    private int warehousePauses;

    Faults(ChaosPlan plan, ChaosNodes nodes, DrillRedis redis, TaskQueue queue, QueueNames names, Warehouse warehouse, PrintStream progress) {
        this.warehouse = warehouse;
        this.pending = new ArrayList<>(plan.faults());
        this.nodes = nodes;
        this.redis = redis;
        this.queue = queue;
        this.names = names;
        this.progress = progress;
    }

    /** Runs every fault due by {@code millis} after {@code begin}, waiting for each one's time. */
    void runUntil(Instant begin, long millis) {
        while (!pending.isEmpty() && pending.getFirst().atMillis() <= millis) {
            ChaosPlan.Fault f = pending.removeFirst();
            waitUntil(begin, f.atMillis());
            apply(f);
        }
        waitUntil(begin, millis);
    }

    private void apply(ChaosPlan.Fault f) {
        switch (f) {
            case ChaosPlan.Kill k -> {
                progress.println("chaos: SIGKILL node " + k.node() + " (" + nodes.role(k.node()) + "), down " + k.downMillis() + " ms");
                nodes.kill(k.node());
                RedisProcess.pause(k.downMillis());
                nodes.restart(k.node());
                kills++;
            }
            case ChaosPlan.RedisRestart r -> {
                progress.println("chaos: " + redis.faultDescription());
                redis.killAndRestart();
                redisRestarts++;
            }
            case ChaosPlan.WarehousePause w -> {
                progress.println("chaos: warehouse table locked for " + w.millis() + " ms, then the workers' connections dropped");
                warehouse.pause(w.millis());
                warehousePauses++;
            }
            case ChaosPlan.Poison p -> {
                String target = p.function() == null ? names.orchestrator() : names.tasks(p.function());
                queue.send(target, ChaosDrill.poison(p.body()), Duration.ZERO);
                poisonSent.add(p.body());
            }
        }
    }

    private static void waitUntil(Instant begin, long millis) {
        long left = Duration.between(Instant.now(), begin.plusMillis(millis)).toMillis();
        if (left > 0) {
            RedisProcess.pause(left);
        }
    }

    int kills() {
        return kills;
    }

    int warehousePauses() {
        return warehousePauses;
    }

    int redisRestarts() {
        return redisRestarts;
    }

    List<String> poisonSent() {
        return List.copyOf(poisonSent);
    }
}
