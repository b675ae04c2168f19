package io.sluice.cli.chaos;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.functions.hibernate.HibernatingStore;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.runtime.RuntimePorts;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * After the faults: what the execution store, the warehouse (its rows and load ledger), the completion events and
 * the dead-letter queues say. Every accepted start must be in the store and finished as planned (SUCCEEDED, or
 * FAILED with {@code Chaos.Planted} where planted); every succeeded one must have started exactly one downstream
 * run (through the events process), which succeeded, and every object notified (twice) exactly one run (through the
 * triggers process), which succeeded; every batch must hold exactly one load's rows; every
 * execution must have emitted its completion once; the retail pipelines' ledgers must say each load and export happened
 * once ({@link ChaosRetail#check}); the dlq-handler must have taken the poison and nothing else, and raised one alert per
 * poison message.
 */
final class ChaosChecks {
    private final ExecutionStore executions;
    private final RedisAdapters redis;
    private final TaskQueue queue;
    /** Where the executions sleep. */
    private final ObjectStore sleepObjects;
    private final QueueNames names;
    private final String prefix;
    private final EmbeddedPostgres pg;
    private final String table;
    private final int items;
    private final Duration settle;
    private final PrintStream progress;
    private final List<String> problems = new ArrayList<>();

    ChaosChecks(RedisAdapters redis, RuntimePorts ports, ObjectStore objects, QueueNames names, String prefix, EmbeddedPostgres pg,
                String table, int items, Duration settle, PrintStream progress) {
        this.redis = redis;
        this.sleepObjects = objects;
        this.executions = ports.executions();
        TaskQueue queue = ports.queue();
        this.queue = queue;
        this.names = names;
        this.prefix = prefix;
        this.pg = pg;
        this.table = table;
        this.items = items;
        this.settle = settle;
        this.progress = progress;
    }

    ChaosReport check(List<String> accepted, ChaosRetail retail, ChaosPlan plan, Faults faults, Callbacks callbacks, String appendfsync) {
        List<String> downstream = new ArrayList<>();
        for (int i = 0; i < accepted.size(); i++) {
            if (!plan.plantedFailures().contains(i)) {
                downstream.add(ChaosEvents.downstreamId(i));
            }
        }
        List<String> objects = new ArrayList<>();
        for (int j = 0; j < accepted.size(); j++) {
            objects.add(ChaosTriggers.executionId(j));
        }
        Instant deadline = Instant.now().plus(settle);
        while (Instant.now().isBefore(deadline) && (accepted.stream().anyMatch(this::running)
                || downstream.stream().anyMatch(this::running) || objects.stream().anyMatch(this::running)
                || retail.started().stream().anyMatch(this::running))) {
            RedisProcess.pause(500);
        }
        // An execution that just ended may have its completion still on its way through the events process (received,
        // not yet handled, or held invisible by a killed one until its visibility lapses): wait for it too, within the same
        // deadline; one that never comes is reported below.
        List<String> ended = new ArrayList<>(accepted);
        ended.addAll(downstream);
        ended.addAll(objects);
        ended.addAll(retail.started());
        while (Instant.now().isBefore(deadline) && !completions().keySet().containsAll(ended)) {
            RedisProcess.pause(500);
        }
        int finished = 0;
        int lost = 0;
        for (int i = 0; i < accepted.size(); i++) {
            String id = accepted.get(i);
            boolean planted = plan.plantedFailures().contains(i);
            Optional<StoredExecution> e = executions.load(id);
            if (e.isEmpty()) {
                lost++;
                problems.add(id + ": accepted, but the store does not hold it");
                continue;
            }
            String status = e.get().summary().status();
            boolean plantedError = executions.history(id, 0, 100_000).stream()
                    .anyMatch(h -> h.contains("EXECUTION_FAILED") && h.contains("Chaos.Planted"));
            if (planted ? status.equals("FAILED") && plantedError : status.equals("SUCCEEDED")) {
                finished++;
            } else {
                lost++;
                problems.add(id + ": " + status + (planted ? ", planted to fail with Chaos.Planted" : ", expected SUCCEEDED"));
            }
        }
        int downstreamFinished = succeeded(downstream, "its upstream succeeded, but the downstream run is ");
        int objectRuns = succeeded(objects, "its object was notified (twice), but the run it starts is ");
        ChaosRetail.Outcome pipelines = retail.check(executions, pg.dataSource(), redis.redisson(), prefix, problems);
        int doubled = doubledLoads(accepted, plan) + doubledCompletions(ended) + pipelines.doubledLoads() + pipelines.doubledExports()
                + extra(ChaosEvents.DOWNSTREAM, downstream, "a downstream run no succeeded upstream asked for")
                + extra(ChaosTriggers.PIPELINE, objects, "a run no object notification asked for (a notification started twice?)");
        List<String> poison = faults.poisonSent();
        int[] dlq = deadLetters(poison);
        int[] alerts = alerts(poison);
        doubled += alerts[1];
        long redeliveries = redis.redisson().getAtomicLong(FaultyQueue.redeliveriesKey(prefix)).get();
        long duplicates = redis.redisson().getAtomicLong(FaultyQueue.duplicatesKey(prefix)).get();
        long early = redis.redisson().getAtomicLong(FaultyQueue.earlyKey(prefix)).get();
        int[] sleepObjectsLeft = sleepObjectsLeft();
        problems.forEach(p -> progress.println("chaos: problem: " + p));
        int retailRuns = retail.started().size();
        return new ChaosReport(accepted.size() + retailRuns, finished + pipelines.finished(), retailRuns, pipelines.finished(),
                pipelines.exported(), downstream.size(), downstreamFinished, objects.size(), objectRuns,
                lost + retailRuns - pipelines.finished(), doubled, faults.kills(), faults.redisRestarts(), faults.warehousePauses(),
                redeliveries, early, duplicates, callbacks.answered(), poison.size(), dlq[0], dlq[1], alerts[0], alerts[1],
                plan.plantedFailures().size(), SleepCounting.sleeps(redis.redisson(), prefix), sleepObjectsLeft[0], sleepObjectsLeft[1], appendfsync,
                plan.seed(), List.copyOf(problems));
    }

    /**
     * Once every execution has ended none sleeps, so a sleep object still there was left by a kill (between writing it
     * and the stub, or between a wake's restore and its delete): the orphan sweep, run as if its grace had passed, must
     * delete each one. Answers {deleted, left}; a kept one is a problem.
     */
    private int[] sleepObjectsLeft() {
        if (!(executions instanceof HibernatingStore store)) {
            throw new IllegalStateException("the drill's executions sleep in its object store");
        }
        Instant past = Instant.now().plus(HibernatingStore.ORPHAN_GRACE).plusSeconds(60);
        int swept = 0;
        for (int deleted = -1; deleted != 0; past = past.plus(HibernatingStore.SWEEP_EVERY)) {
            deleted = store.sweepOrphans(past);
            swept += deleted;
        }
        List<ObjectStore.ObjectInfo> left = sleepObjects.list(HibernatingStore.PREFIX, null, 1000);
        left.forEach(o -> problems.add(o.key() + ": a sleep object the orphan sweep keeps after every execution ended"));
        return new int[] {swept, left.size()};
    }

    private boolean running(String id) {
        try {
            return executions.load(id).map(e -> e.summary().status().equals("RUNNING")).orElse(true);
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** Batches with more rows than one load of the batch file gives; missing batches are problems. */
    private int doubledLoads(List<String> accepted, ChaosPlan plan) {
        Map<String, Long> rows = new HashMap<>();
        try (Connection c = pg.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet r = st.executeQuery("SELECT sluice_batch, count(*) FROM " + table + " GROUP BY sluice_batch")) {
            while (r.next()) {
                rows.put(r.getString(1), r.getLong(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL: " + e.getMessage(), e);
        }
        int doubled = 0;
        for (int i = 0; i < accepted.size(); i++) {
            for (char item = 'a'; item < 'a' + items; item++) {
                String batch = "run-" + i + "-" + item;
                long n = rows.getOrDefault(batch, 0L);
                boolean planted = plan.plantedFailures().contains(i);
                if (n > 3) {
                    doubled++;
                    problems.add("batch " + batch + ": " + n + " rows, one load gives 3");
                } else if (!planted && n != 3) {
                    problems.add("batch " + batch + ": " + n + " rows, expected 3");
                } else if (planted && n != 0) {
                    problems.add("batch " + batch + ": loaded, but its execution was planted to fail before loading");
                }
            }
        }
        return doubled;
    }

    /** Of runs a trigger had to start (the events or the triggers process), those that SUCCEEDED; the others are problems. */
    private int succeeded(List<String> ids, String problem) {
        int finished = 0;
        for (String id : ids) {
            Optional<String> status = executions.load(id).map(e -> e.summary().status());
            if (status.filter("SUCCEEDED"::equals).isPresent()) {
                finished++;
            } else {
                problems.add(id + ": " + problem + status.orElse("not in the store"));
            }
        }
        return finished;
    }

    /** Runs of {@code pipeline} beyond the expected ones: a trigger that started one thing twice. */
    private int extra(String pipeline, List<String> expected, String problem) {
        Set<String> wanted = Set.copyOf(expected);
        List<String> extra = executions.list(pipeline, null, 100_000).stream()
                .map(e -> e.executionId()).filter(id -> !wanted.contains(id)).toList();
        extra.forEach(id -> problems.add(id + ": " + problem));
        return extra.size();
    }

    /** Per execution, how many distinct completion messages (not redeliveries of one) the events process handled. */
    private Map<String, Integer> completions() {
        Map<String, Integer> completions = new HashMap<>();
        for (String delivery : redis.redisson().<String>getSet(ChaosEvents.deliveriesKey(prefix)).readAll()) {
            completions.merge(delivery.substring(0, delivery.indexOf(' ')), 1, Integer::sum);
        }
        return completions;
    }

    /**
     * Executions whose completion event went out more than once: distinct messages (not redeliveries of one) that the
     * events process handled for the same execution, plus any left unhandled on the events queue.
     */
    private int doubledCompletions(List<String> accepted) {
        Map<String, Integer> completions = completions();
        for (List<TaskQueue.ReceivedMessage> got = receive(names.events()); !got.isEmpty(); got = receive(names.events())) {
            for (TaskQueue.ReceivedMessage m : got) {
                problems.add(m.attributes().getOrDefault("executionId", "?") + ": its completion was never handled by the events process");
                queue.acknowledge(names.events(), m.receipt());
            }
        }
        int doubled = 0;
        for (String id : accepted) {
            int n = completions.getOrDefault(id, 0);
            if (n > 1) {
                doubled++;
                problems.add(id + ": its completion was emitted " + n + " times");
            } else if (n == 0) {
                problems.add(id + ": no completion event");
            }
        }
        return doubled;
    }

    /**
     * {planted poison the dlq-handler took, anything else it took}, waiting for the poison's last receive and the handler;
     * whatever is still on a dead-letter queue then was never handled, a problem.
     */
    private int[] deadLetters(List<String> poison) {
        Instant deadline = Instant.now().plus(ChaosNode.VISIBILITY.multipliedBy(ChaosNode.MAX_RECEIVES + 6));
        Map<String, String> taken = ChaosDeadLetters.taken(redis.redisson(), prefix);
        while (taken.size() < poison.size() && Instant.now().isBefore(deadline)) {
            RedisProcess.pause(500);
            taken = ChaosDeadLetters.taken(redis.redisson(), prefix);
        }
        for (String source : ChaosDeadLetters.sources(names)) {
            String dlq = queue.deadLetterQueue(source);
            for (List<TaskQueue.ReceivedMessage> got = receive(dlq); !got.isEmpty(); got = receive(dlq)) {
                for (TaskQueue.ReceivedMessage m : got) {
                    problems.add("dead-lettered on " + source + " but never handled by the dlq-handler: " + shorten(m.body()));
                    queue.acknowledge(dlq, m.receipt());
                }
            }
        }
        int planted = 0;
        int other = 0;
        List<String> left = new ArrayList<>(poison);
        for (String body : taken.values()) {
            if (left.remove(body)) {
                planted++;
            } else {
                other++;
                problems.add("the dlq-handler took a message that was not planted: " + shorten(body));
            }
        }
        left.forEach(b -> problems.add("planted poison the dlq-handler never took: " + b));
        return new int[] {planted, other};
    }

    /**
     * {alerts raised for planted poison, alerts beyond one per incident}: the dlq-handler alerts once per dead-lettered
     * message (incident {@code dead-letter:<message id>}), however often it was killed while handling it.
     */
    private int[] alerts(List<String> poison) {
        Map<String, String> taken = ChaosDeadLetters.taken(redis.redisson(), prefix);
        Map<String, Integer> raised = new HashMap<>();
        ChaosDeadLetters.alerts(redis.redisson(), prefix).forEach(incident -> raised.merge(incident, 1, Integer::sum));
        int planted = 0;
        int doubled = 0;
        for (Map.Entry<String, String> m : taken.entrySet()) {
            int n = raised.getOrDefault("dead-letter:" + m.getKey(), 0);
            if (poison.contains(m.getValue())) {
                planted += Math.min(n, 1);
            }
            if (n == 0) {
                problems.add("dead-lettered message " + m.getKey() + " raised no alert");
            } else if (n > 1) {
                doubled += n - 1;
                problems.add("dead-lettered message " + m.getKey() + " raised " + n + " alerts, one per incident is right");
            }
        }
        raised.keySet().stream().filter(k -> !k.startsWith("dead-letter:") || !taken.containsKey(k.substring("dead-letter:".length())))
                .forEach(k -> problems.add("an alert for an incident the dlq-handler did not take: " + k));
        return new int[] {planted, doubled};
    }

    private static String shorten(String body) {
        return body.length() > 200 ? body.substring(0, 200) + "..." : body;
    }

    private List<TaskQueue.ReceivedMessage> receive(String name) {
        return queue.receive(name, 10, Duration.ofMinutes(5), Duration.ZERO);
    }
}
