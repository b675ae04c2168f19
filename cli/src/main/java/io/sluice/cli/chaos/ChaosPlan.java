package io.sluice.cli.chaos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The faults of one drill, drawn from its seed before it starts, so a failing seed replays the same plan:
 * which node is SIGKILLed when and how long it stays down (every node at least once when there are as many kills as nodes), when Redis is killed and restarted from its AOF
 * (at least once), when the warehouse stalls and drops its connections, when poison messages go onto which queue, and which executions are planted to fail.
 */
record ChaosPlan(long seed, List<Fault> faults, List<Integer> plantedFailures) {
    sealed interface Fault {
        long atMillis();
    }

    /** SIGKILL node {@code node}, start it again {@code downMillis} later. */
    record Kill(long atMillis, int node, long downMillis) implements Fault {}

    /** SIGKILL redis-server, start it again on its AOF. */
    record RedisRestart(long atMillis) implements Fault {}

    /** Hold an exclusive lock on the warehouse table for {@code millis}, then drop the workers' connections. */
    record WarehousePause(long atMillis, long millis) implements Fault {}

    /** Send {@code body} to the task queue of {@code function}, or to the orchestrator queue when it is {@code null}. */
    record Poison(long atMillis, String function, String body) implements Fault {}

    static final List<String> POISON_BODIES = List.of("{not json", "{\"v\": 1, \"token\": \"chaos:poison/X/0\"}", "[]",
            "{\"type\": \"taskResult\"}", "{\"v\": 99, \"token\": \"t\"}", "\"just a string\"");

    static ChaosPlan draw(long seed, int nodes, int executions, long durationMillis) {
        Random random = new Random(seed);
        List<Fault> faults = new ArrayList<>();
        int kills = Math.max(2, (int) (durationMillis / 6_000));
        List<Integer> everyNode = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            everyNode.add(n);
        }
        Collections.shuffle(everyNode, random);
        for (int i = 0; i < kills; i++) {
            long at = 2_000 + (long) (random.nextDouble() * (durationMillis - 4_000));
            // With as many kills as nodes, each node (every role) is killed at least once; the rest fall anywhere.
            int node = kills >= nodes && i < nodes ? everyNode.get(i) : random.nextInt(nodes);
            faults.add(new Kill(at, node, 500 + random.nextInt(2_500)));
        }
        int restarts = 1 + (int) (durationMillis / 60_000);
        for (int i = 0; i < restarts; i++) {
            faults.add(new RedisRestart(durationMillis / 3 + (long) (random.nextDouble() * durationMillis / 3)));
        }
        faults.add(new WarehousePause(durationMillis / 5 + (long) (random.nextDouble() * durationMillis / 2), 2_000 + random.nextInt(3_000)));
        int poison = 3;
        for (int i = 0; i < poison; i++) {
            String body = POISON_BODIES.get(random.nextInt(POISON_BODIES.size()));
            String function = body.contains("\"type\"") || body.startsWith("\"") ? null : (random.nextBoolean() ? "load" : "flaky");
            faults.add(new Poison((long) (random.nextDouble() * durationMillis), function, body + " ".repeat(i)));
        }
        faults.sort(Comparator.comparingLong(Fault::atMillis));
        List<Integer> planted = new ArrayList<>();
        for (int n = Math.max(1, executions / 8); planted.size() < Math.min(n, executions); ) {
            int i = random.nextInt(executions);
            if (!planted.contains(i)) {
                planted.add(i);
            }
        }
        planted.sort(Comparator.naturalOrder());
        return new ChaosPlan(seed, List.copyOf(faults), List.copyOf(planted));
    }

    long count(Class<? extends Fault> kind) {
        return faults.stream().filter(kind::isInstance).count();
    }
}
