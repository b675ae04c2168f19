package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.functions.maprun.MapRunCoordinator;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisExecutionLinks;
import io.sluice.redis.RedisMapRunStore;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * A distributed Map over N objects of the local object store ({@link FolderObjectStore}, N files in folders of
 * 1,000) on the local durable runtime, with an embedded Redis holding state and queues: one parent execution
 * whose Map reads the objects with {@code s3:listObjectsV2}, gives each child its key ({@code ItemSelector}),
 * runs one no-op Task per child (STANDARD: each child a durable execution of its own; EXPRESS: in the
 * coordinator) at most C at a time, and writes the results with a ResultWriter. It reports the wall time from
 * the start to the parent's end, the peak heap used by the JVM (sampled every 50 ms; the runtime, the
 * coordinator and the bench share it), and Redis bytes per item ({@code INFO used_memory} after the run minus
 * before it, over N), then checks that the result files hold N succeeded entries.
 *
 * <pre>
 * java -cp ... io.sluice.local.bench.DistributedMapBench [--objects N] [--concurrency C] [--type STANDARD|EXPRESS]
 *     [--durability none|aof-everysec|aof-always] [--json]
 * </pre>
 */
public final class DistributedMapBench {
    private static final String FUNCTION = "bench-item";

    record Options(int objects, int concurrency, String type, EmbeddedRedis.Persistence persistence) {}

    record Figures(int objects, int concurrency, String type, String persistence, double seconds, double childrenPerSecond,
                   long peakHeapBytes, long maxHeapBytes, long redisBytesBefore, long redisBytesAfter, long succeeded, long failed) {
        double redisBytesPerItem() {
            return (redisBytesAfter - redisBytesBefore) / (double) objects;
        }

        String json() {
            ObjectNode o = Json.object();
            o.put("objects", objects).put("concurrency", concurrency).put("execution_type", type).put("redis_persistence", persistence)
                    .put("seconds", Math.round(seconds * 100) / 100.0).put("children_per_s", Math.round(childrenPerSecond))
                    .put("peak_heap_used_mb", Math.round(peakHeapBytes / 1048576.0)).put("max_heap_mb", Math.round(maxHeapBytes / 1048576.0))
                    .put("redis_bytes_per_item", Math.round(redisBytesPerItem())).put("succeeded", succeeded).put("failed", failed);
            return Json.write(o);
        }
    }

    public static void main(String[] args) throws Exception {
        int objects = 100_000;
        int concurrency = 1000;
        String type = "STANDARD";
        String durability = "aof-everysec";
        boolean json = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--objects" -> objects = Integer.parseInt(args[++i]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[++i]);
                case "--type" -> type = args[++i];
                case "--durability" -> durability = args[++i];
                case "--json" -> json = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        String flag = durability;
        EmbeddedRedis.Persistence persistence = EmbeddedRedis.Persistence.ofFlag(durability)
                .orElseThrow(() -> new IllegalArgumentException("--durability: none, aof-everysec or aof-always, not " + flag));
        Logger.getLogger("").setLevel(Level.WARNING);
        Figures f = run(new Options(objects, concurrency, type, persistence), System.err);
        PrintStream out = System.out;
        out.printf(Locale.ROOT, "%,d objects, %s children, at most %,d at once, Redis persistence %s%n", f.objects(), f.type(),
                f.concurrency(), f.persistence());
        out.printf(Locale.ROOT, "wall time %.1f s (%.0f children/s); peak heap used %d MB of %d MB; Redis %.0f bytes per item%n",
                f.seconds(), f.childrenPerSecond(), f.peakHeapBytes() / 1048576, f.maxHeapBytes() / 1048576, f.redisBytesPerItem());
        out.printf("results: %d succeeded, %d failed%n", f.succeeded(), f.failed());
        if (json) {
            out.println(f.json());
        }
        System.exit(f.succeeded() == f.objects() && f.failed() == 0 ? 0 : 1);
    }

    static Figures run(Options o, PrintStream log) throws Exception {
        Path data = Files.createTempDirectory("sluice-dmap-bench-");
        try {
            log.printf("writing %,d objects under %s ...%n", o.objects(), data);
            FolderObjectStore store = new FolderObjectStore(data);
            for (int i = 0; i < o.objects(); i++) {
                store.put(String.format("landing/bench/%03d/object-%06d.json", i / 1000, i),
                        ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8));
            }
            String run = "dmap-" + UUID.randomUUID().toString().substring(0, 8);
            try (LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(LocalBackends.Queue.REDIS, null, 0, "us-east-1",
                    null, run, "redis-server", System.getenv().getOrDefault("PATH", ""), 5, null, o.persistence()))) {
                log.println("Redis: " + backends.redisDescription());
                return measure(o, backends, store, run, log);
            }
        } finally {
            deleteTree(data);
        }
    }

    private static Figures measure(Options o, LocalBackends backends, FolderObjectStore store, String run, PrintStream log)
            throws Exception {
        QueueNames names = new QueueNames(run);
        Clock clock = Clock.systemUTC();
        Definition parent = DefinitionParser.parse(Json.parse("""
                {"StartAt": "Each", "States": {"Each": {"Type": "Map", "Label": "Bench",
                  "ItemReader": {"Resource": "arn:aws:states:::s3:listObjectsV2", "Parameters": {"Bucket": "landing", "Prefix": "bench/"}},
                  "ItemSelector": {"key.$": "$$.Map.Item.Value.Key"}, "MaxConcurrency": %d,
                  "ResultWriter": {"Resource": "arn:aws:states:::s3:putObject", "Parameters": {"Bucket": "results", "Prefix": "bench"}},
                  "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "%s"},
                    "StartAt": "Item", "States": {"Item": {"Type": "Task", "Resource": "sluice:function:%s", "End": true}}},
                  "End": true}}}""".formatted(o.concurrency(), o.type(), FUNCTION)));
        LocalRuntime[] holder = new LocalRuntime[1];
        Map<String, Function<JsonNode, JsonNode>> functions = new java.util.HashMap<>();
        functions.put(FUNCTION, in -> Json.object().put("ok", true));
        TaskFunctions bundle = name -> Optional.ofNullable(functions.get(name));
        ChildRuns children = ChildRuns.wire(new ChildRuns.Wiring(new RedisMapRunStore(backends.redisson(), run),
                new RedisExecutionLinks(backends.redisson(), run), backends.ports().executions(), backends.ports().queue(), names,
                Buckets.folders(store), PipelineDefinitions.of(id -> Optional.empty()),
                (pipeline, name, definition, input) -> holder[0].start(pipeline, name, definition, input), Tenancy.SINGLE, bundle, clock,
                MapRunCoordinator.Settings.defaults()));
        functions.put("executions", children.executions());
        functions.put("map-run", children.mapRun());
        LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
        LocalRuntime.Settings settings = new LocalRuntime.Settings(names, Duration.ofMinutes(5), d.lease(), d.concurrency(), d.tickEvery(),
                d.outboxGrace(), Boundary.Probe.NONE);
        io.sluice.runtime.Completions completions = io.sluice.runtime.Completions.of(backends.ports().executions(), clock);
        children.handlers().forEach(completions::and);
        CompletionListener listener = completions.build();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        AtomicLong peak = new AtomicLong();
        try (LocalRuntime runtime = new LocalRuntime(backends.ports(), bundle, functions.keySet(), settings, clock);
             QueueConsumer events = new QueueConsumer(backends.ports().queue(), names.events(), m -> {
                 listener.handle(m.body());
                 return true;
             }, Duration.ofMinutes(5), 16)) {
            holder[0] = runtime;
            System.gc();
            long before = RedisMemory.usedMemory(backends.redisson());
            Thread sampler = Thread.ofPlatform().daemon().start(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            log.printf("map run over %,d objects, %s children, at most %,d at once ...%n", o.objects(), o.type(), o.concurrency());
            long start = System.nanoTime();
            String id = runtime.start("bench", "run-1", parent, Json.object()).execution().executionId();
            Execution done = awaitEnd(backends, id, log, start);
            double seconds = (System.nanoTime() - start) / 1e9;
            sampler.interrupt();
            long after = RedisMemory.usedMemory(backends.redisson());
            if (done.status() != ExecutionStatus.SUCCEEDED) {
                throw new IllegalStateException("the bench's map run ended " + done.status() + ": " + done.error() + " " + done.cause());
            }
            long[] counted = countEntries(store, done.output().get("ResultWriterDetails").get("Key").asText());
            log.println("Redis bytes per item by key family (MEMORY USAGE): " + families(backends, run, o.objects()));
            return new Figures(o.objects(), o.concurrency(), o.type(), o.persistence().flag(), seconds, o.objects() / seconds, peak.get(),
                    memory.getHeapMemoryUsage().getMax(), before, after, counted[0], counted[1]);
        } finally {
            RedisMemory.deleteKeys(backends.redisson(), run);
        }
    }

    private static Execution awaitEnd(LocalBackends backends, String id, PrintStream log, long start) throws InterruptedException {
        long lastReport = System.nanoTime();
        while (true) {
            Optional<Execution> e = backends.ports().executions().load(id).map(s -> ExecutionCodec.decode(Json.parse(s.state())));
            if (e.isPresent() && e.get().status().isTerminal()) {
                return e.get();
            }
            if (System.nanoTime() - lastReport > 10_000_000_000L) {
                lastReport = System.nanoTime();
                log.printf("  ... %.0f s%n", (lastReport - start) / 1e9);
            }
            Thread.sleep(200);
        }
    }

    /** Where Redis's bytes are, by the key segment after the run's prefix: every key measured, or an even sample of 5,000. */
    private static Map<String, Long> families(LocalBackends backends, String run, int objects) {
        java.util.List<String> keys = new java.util.ArrayList<>();
        backends.redisson().getKeys().getKeys(org.redisson.api.options.KeysScanOptions.defaults().pattern(run + ":*")).forEach(keys::add);
        int stride = Math.max(1, keys.size() / 5000);
        Map<String, Long> bytes = new java.util.TreeMap<>();
        org.redisson.api.RScript script = backends.redisson().getScript(org.redisson.client.codec.StringCodec.INSTANCE);
        for (int i = 0; i < keys.size(); i += stride) {
            String key = keys.get(i);
            Long b = script.eval(org.redisson.api.RScript.Mode.READ_ONLY, "return redis.call('MEMORY', 'USAGE', KEYS[1], 'SAMPLES', '0')",
                    org.redisson.api.RScript.ReturnType.INTEGER, java.util.List.of(key));
            String rest = key.substring(run.length() + 1);
            String family = rest.contains(":") ? rest.substring(0, rest.indexOf(':')) : rest;
            bytes.merge(family, (b == null ? 0 : b) * stride, Long::sum);
        }
        bytes.replaceAll((family, total) -> total / objects); // per item
        return bytes;
    }

    /** Succeeded and failed entries in the run's result files, read through its manifest. */
    private static long[] countEntries(FolderObjectStore store, String manifestKey) {
        JsonNode manifest = Json.parse(new String(store.get("results/" + manifestKey).orElseThrow(), StandardCharsets.UTF_8));
        long[] counts = new long[2];
        String[] files = {"SUCCEEDED", "FAILED"};
        for (int i = 0; i < files.length; i++) {
            for (JsonNode f : manifest.get("ResultFiles").get(files[i])) {
                counts[i] += Json.parse(new String(store.get("results/" + f.get("Key").asText()).orElseThrow(), StandardCharsets.UTF_8)).size();
            }
        }
        return counts;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the bench's folder " + root, e);
        }
    }
}
