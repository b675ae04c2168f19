package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.ResolvableType;

/**
 * {@code sluice bench starts}: start latency as the Kwaiflow method measures it. Starts the local app
 * (HTTP API, runtime, every queue consumer) on an embedded Redis (and ElasticMQ with the SQS queue), with one pipeline whose
 * first state is a no-op Task; publishes executions through {@code POST /v1/pipelines/{id}/executions}
 * open-loop at a fixed rate ({@link OpenLoopPublisher}); and measures, per execution, from the
 * request's planned send time to the instant the first task function is invoked
 * ({@link FirstTaskRecorder}). A warm-up run at the same rate comes first and is not counted.
 * An execution whose start is not answered 201, or whose task is not invoked within 30 s, is failed.
 */
public final class StartsBench {
    public static final String PIPELINE = "bench-start";
    private static final String DEFINITION = "{\"StartAt\": \"First\", \"States\": {\"First\": {\"Type\": \"Task\", "
            + "\"Resource\": \"sluice:function:" + FirstTaskRecorder.FUNCTION + "\", \"End\": true}}}";

    public record Options(double rate, int count, int warmup, LocalBackends.Queue queue) {}

    public record Figures(double rate, int count, int warmup, double startP50Ms, double startP90Ms, double startP99Ms, double startMaxMs,
                          double publishP50Ms, double publishP99Ms, int failed, double cpuMsPerStart) {
        /** One line of JSON: at least {@code rate}, {@code count}, {@code start_p50_ms}, {@code start_p99_ms}, {@code failed}. */
        public String json() {
            ObjectNode o = Json.object();
            o.put("rate", rate).put("count", count).put("start_p50_ms", round(startP50Ms)).put("start_p99_ms", round(startP99Ms))
                    .put("failed", failed).put("warmup", warmup).put("start_p90_ms", round(startP90Ms)).put("start_max_ms", round(startMaxMs))
                    .put("publish_p50_ms", round(publishP50Ms)).put("publish_p99_ms", round(publishP99Ms))
                    .put("cpu_ms_per_start", round(cpuMsPerStart));
            return Json.write(o);
        }

        private static double round(double v) {
            return Math.round(v * 100.0) / 100.0;
        }
    }

    /** Runs the whole bench: app up, warm-up, measured run, app down. */
    public Figures run(Options options, java.io.PrintStream progress) throws InterruptedException {
        FirstTaskRecorder recorder = new FirstTaskRecorder(options.warmup() + options.count());
        Path pipelines = pipelinesFolder();
        String run = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        try (ConfigurableApplicationContext app = start(recorder, pipelines, run, options.queue())) {
            String url = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            progress.println("sluice bench: app on " + url + "; " + options.warmup() + " warm-up starts, then " + options.count()
                    + " at " + options.rate() + "/s");
            try (OpenLoopPublisher publisher = new OpenLoopPublisher(url, PIPELINE)) {
                if (options.warmup() > 0) {
                    OpenLoopPublisher.Sent warm = publisher.publish(options.warmup(), options.rate(), i -> body(run, i));
                    awaitInvocations(recorder, warm, 0);
                }
                long cpuBefore = ProcessCpu.nanos();
                OpenLoopPublisher.Sent sent = publisher.publish(options.count(), options.rate(), i -> body(run, options.warmup() + i));
                awaitInvocations(recorder, sent, options.warmup());
                double cpuMsPerStart = (ProcessCpu.nanos() - cpuBefore) / 1e6 / options.count();
                return figures(options, recorder, sent, cpuMsPerStart);
            }
        } finally {
            delete(pipelines);
        }
    }

    private static String body(String run, int i) {
        return "{\"name\": \"" + run + "-" + i + "\", \"input\": {\"bench\": " + i + "}}";
    }

    private static ConfigurableApplicationContext start(FirstTaskRecorder recorder, Path pipelines, String run, LocalBackends.Queue queue) {
        SpringApplication app = new SpringApplication(SluiceLocalApplication.class);
        app.addInitializers(context -> ((GenericApplicationContext) context).registerBean(FirstTaskRecorder.FUNCTION, Function.class,
                () -> recorder, bd -> ((RootBeanDefinition) bd).setTargetType(
                        ResolvableType.forClassWithGenerics(Function.class, JsonNode.class, JsonNode.class))));
        return app.run("--server.port=0", "--sluice.queue=" + queue.name().toLowerCase(java.util.Locale.ROOT), "--sluice.sqs.port=0", "--sluice.sqs.url=", "--sluice.redis.url=", "--sluice.redis.key-prefix=" + run,
                "--sluice.queue-prefix=" + run, "--sluice.pipelines-dir=" + pipelines, "--sluice.demo-functions=false",
                "--sluice.data-functions=false",
                "--logging.level.root=WARN", "--logging.level.io.sluice=WARN", "--spring.main.banner-mode=off");
    }

    /** Waits until every start answered 201 has had its first task invoked, for at most 30 s after the last answer. */
    private static void awaitInvocations(FirstTaskRecorder recorder, OpenLoopPublisher.Sent sent, int offset) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int i = 0; i < sent.planned().length; i++) {
            while (sent.status().get(i) == 201 && recorder.invokedAt(offset + i) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        }
    }

    private static Figures figures(Options options, FirstTaskRecorder recorder, OpenLoopPublisher.Sent sent, double cpuMsPerStart) {
        int n = options.count();
        double[] start = new double[n];
        double[] publish = new double[n];
        int ok = 0;
        int failed = 0;
        for (int i = 0; i < n; i++) {
            long invoked = recorder.invokedAt(options.warmup() + i);
            if (sent.status().get(i) != 201 || invoked == 0) {
                failed++;
                continue;
            }
            start[ok] = (invoked - sent.planned()[i]) / 1e6;
            publish[ok] = (sent.answeredAt().get(i) - sent.planned()[i]) / 1e6;
            ok++;
        }
        Percentiles s = new Percentiles(java.util.Arrays.copyOf(start, ok));
        Percentiles p = new Percentiles(java.util.Arrays.copyOf(publish, ok));
        return new Figures(options.rate(), n, options.warmup(), s.at(50), s.at(90), s.at(99), s.at(100), p.at(50), p.at(99), failed,
                cpuMsPerStart);
    }

    private static Path pipelinesFolder() {
        try {
            Path dir = Files.createTempDirectory("sluice-bench-");
            Files.writeString(dir.resolve(PIPELINE + ".asl.json"), DEFINITION);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the bench's pipelines folder", e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
