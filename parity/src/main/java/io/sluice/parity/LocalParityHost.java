package io.sluice.parity;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The local runtime ({@code ./sluice serve}'s application) in this JVM with the suite's functions, on the shared Redis
 * (which holds its queues) and a PostgreSQL database of its own (the status table and, as in {@code ./sluice demo}, the
 * retail example's warehouse tables), the example's DuckDB jobs over its data folder, its folders in a temporary one;
 * driven over real HTTP on loopback. It moves its queues by itself.
 */
final class LocalParityHost implements ParityHost {
    private final HttpClient http = HttpClient.newHttpClient();
    private final String prefix = "parity-local-" + UUID.randomUUID().toString().substring(0, 8);
    private final TestDatabase database;
    private final ConfigurableApplicationContext context;
    private final String base;

    private final Path jobRuns;

    LocalParityHost(ParityBundle bundle, Receiver receiver, Path work) throws IOException {
        String redis = RedisTestServer.shared().url();
        RedisCleanup.deleteOnExit(redis, prefix);
        database = PostgresTestServer.shared().createDatabase("parity_local");
        bundle.warehouseSql().ifPresent(sql -> WarehouseTables.create(database.dataSource(), sql));
        jobRuns = work.resolve("job-runs");
        Path scripts = bundle.jobs().isPresent() ? bundle.jobs().get() : Files.createDirectories(work.resolve("jobs"));
        SpringApplication app = new SpringApplication(SluiceLocalApplication.class, ParityFunctions.class);
        app.setMainApplicationClass(SluiceLocalApplication.class);
        context = app.run("--server.port=0", "--server.address=127.0.0.1", "--spring.main.banner-mode=off",
                "--sluice.redis.url=" + redis, "--sluice.redis.key-prefix=" + prefix, "--sluice.queue-prefix=" + prefix,
                "--sluice.pipelines-dir=" + bundle.local(), "--sluice.pg.url=" + database.jdbcUrl(),
                "--sluice.data-dir=" + Files.createDirectories(work.resolve("data")), "--sluice.config-dir=" + Files.createDirectories(work.resolve("configs")),
                "--sluice.scripts-dir=" + scripts, "--sluice.job-runs-dir=" + jobRuns,
                "--sluice.state-dir=" + work.resolve("state"), "--sluice.secrets-dir=" + secrets(bundle, work), "--server.tomcat.basedir=" + work.resolve("tomcat"),
                "--sluice.alerts.webhook-url=" + receiver.alertsUrl(), "--sluice.events.webhook-url=" + receiver.eventsUrl("local"), "--sluice.sqs.max-receives=3", "--sluice.queue-visibility=3s", "--sluice.sfn-api.port=0",
                "--sluice.integrations.http.allowed-hosts=" + receiver.allowListEntry());
        base = "http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /** The secrets folder, holding the bundle's webhook secrets as files named like them, as {@code ./sluice serve} reads them. */
    private static Path secrets(ParityBundle bundle, Path work) throws IOException {
        Path folder = Files.createDirectories(work.resolve("secrets"));
        for (var secret : bundle.secrets().entrySet()) {
            Files.writeString(folder.resolve(secret.getKey()), secret.getValue(), StandardCharsets.UTF_8);
        }
        return folder;
    }

    @Override
    public String name() {
        return "local";
    }

    @Override
    public Answer api(String method, String path, String body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        try {
            HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body().isBlank() ? Json.NODES.nullNode() : Json.parse(r.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public int pump() {
        return 0;
    }

    @Override
    public void putObject(String key, byte[] bytes) {
        context.getBean(ObjectStore.class).put(key, bytes);
    }

    @Override
    public Optional<String> object(String key) {
        return context.getBean(ObjectStore.class).get(key).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    /** The DuckDB engine's runs of {@code job}: its run records ({@code runs/<id>/run.json}) naming the job. */
    @Override
    public long jobRuns(String job) {
        if (!Files.isDirectory(jobRuns)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(jobRuns)) {
            return files.filter(f -> f.getFileName().toString().equals("run.json")).filter(f -> {
                try {
                    return Json.parse(Files.readString(f)).path("jobName").asText().equals(job);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Loads warehouse(String table) {
        return WarehouseTables.loads(database.dataSource(), table);
    }

    @Override
    public List<StatusRecord> statusRows(String pipeline, String partition) {
        return context.getBean(StatusStore.class).find(pipeline, partition, 10);
    }

    @Override
    public String plant(String body) {
        TaskQueue queue = context.getBean(LocalBackends.class).ports().queue();
        String name = context.getBean(QueueNames.class).orchestrator();
        queue.send(name, TaskQueue.OutgoingMessage.of(body).inGroup("planted", "planted-" + UUID.randomUUID()), Duration.ZERO);
        return name;
    }

    @Override
    public void close() {
        context.close();
        database.close();
    }
}
