package io.sluice.cli.demo;

import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.local.embedded.LocalBackends;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Everything the demo runs on, started in its folder and stopped by {@link #close()}, newest first:
 * PostgreSQL (embedded unless a URL is given; it starts while the sample data is written), the
 * partner's SFTP server and HTTP API (which also takes the alert webhook), and the local runtime
 * itself, the Spring Boot app {@code sluice serve} runs, with the embedded queue and Redis.
 */
public final class DemoStack implements AutoCloseable {
    public static final String SFTP_USER = "retail";
    public static final String TOKEN_SECRET = "partner-api-token";
    public static final String PASSWORD_SECRET = "partner-sftp-password";
    /** The logging configuration of the demo's runtime: everything into the demo folder's sluice.log. */
    public static final String LOGGING = "io/sluice/cli/logback-demo.xml";

    /**
     * @param example  the example folder (its {@code pipelines/}, {@code jobs/} and {@code warehouse.sql})
     * @param pgUrl    a PostgreSQL to use, or {@code null} for an embedded one
     * @param redisUrl a Redis to use, or {@code null} for an embedded one
     */
    public record Settings(Path example, LocalDate partition, long seed, RetailData.Size size, String pgUrl, String redisUrl) {}

    private final Deque<AutoCloseable> opened;
    private final boolean externalRedis;
    private final String run;
    private final RetailData.Written written;
    private final List<String> pipelines;
    private final EmbeddedPostgres postgres;
    private final DemoSftpServer sftp;
    private final DemoReceiver receiver;
    private final ConfigurableApplicationContext app;

    private DemoStack(Deque<AutoCloseable> opened, boolean externalRedis, String run, RetailData.Written written, List<String> pipelines, EmbeddedPostgres postgres,
                      DemoSftpServer sftp, DemoReceiver receiver, ConfigurableApplicationContext app) {
        this.opened = opened;
        this.externalRedis = externalRedis;
        this.run = run;
        this.written = written;
        this.pipelines = pipelines;
        this.postgres = postgres;
        this.sftp = sftp;
        this.receiver = receiver;
        this.app = app;
    }

    /**
     * Starts it all, the runtime's HTTP API on {@code port} ({@code 0} for any free one); {@code say} hears what is being
     * done. Whatever started is stopped again if a step fails.
     */
    public static DemoStack start(DemoWorkspace ws, Settings s, int port, Consumer<String> say) {
        Deque<AutoCloseable> opened = new ArrayDeque<>();
        String run = UUID.randomUUID().toString().substring(0, 8);
        say.accept(s.pgUrl() == null ? "starting an embedded PostgreSQL, meanwhile writing the sample data" : "writing the sample data");
        CompletableFuture<EmbeddedPostgres> pg = CompletableFuture.supplyAsync(() -> postgres(s.pgUrl(), ws), r -> Thread.ofVirtual().start(r));
        try {
            RetailData.Written written = new RetailData(s.seed(), s.partition(), s.size()).write(ws.data());
            say.accept(String.format(Locale.ROOT, "sample data: %,d orders, %,d customers, %,d returns (%.1f MB) in data/drop/",
                    written.orders(), written.customers(), written.returns(), written.bytes() / 1_000_000.0));
            String token = secret();
            String password = secret();
            DemoSftpServer sftp = push(opened, DemoSftpServer.start(ws.partner().resolve("sftp"), SFTP_USER, password));
            Files.createDirectories(sftp.root().resolve("inbound"));
            DemoReceiver receiver = push(opened, DemoReceiver.start(ws.partner().resolve("http"), token));
            say.accept("the partner: an HTTP API at " + receiver.url() + " (and the alert webhook), SFTP at 127.0.0.1:" + sftp.port());
            List<String> pipelines = ws.writePipelines(s.example().resolve("pipelines"), receiver.url(), sftp.port());
            ws.writeSecrets(Map.of(TOKEN_SECRET, token, PASSWORD_SECRET, password));
            ws.writeKnownHosts(sftp.knownHostsLine());
            EmbeddedPostgres postgres = push(opened, pg.join());
            createWarehouse(postgres.dataSource(), s.example().resolve("warehouse.sql"));
            say.accept("starting the local runtime (queue, Redis, the six task functions)");
            ConfigurableApplicationContext app = push(opened, SluiceLocalApplication.run(springArguments(ws, s, port, run, postgres, receiver, sftp).toArray(String[]::new)));
            return new DemoStack(opened, s.redisUrl() != null, run, written, pipelines, postgres, sftp, receiver, app);
        } catch (IOException e) {
            closeAll(pg, opened);
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            closeAll(pg, opened);
            throw e instanceof CompletionException c && c.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private static EmbeddedPostgres postgres(String url, DemoWorkspace ws) {
        Map<String, String> named = url == null ? Map.of() : Map.of(EmbeddedPostgres.URL_VARIABLE, url);
        return EmbeddedPostgres.configuredOrStarted(named, EmbeddedPostgres.Settings.temporary());
    }

    /** The runtime's settings; its log goes where {@link #LOGGING} says when the system property {@code sluice.demo.log} is set. */
    private static List<String> springArguments(DemoWorkspace ws, Settings s, int port, String run, EmbeddedPostgres postgres,
                                                DemoReceiver receiver, DemoSftpServer sftp) {
        // No shutdown hook of Spring's own: the demo's hook stops everything, the app included, in order.
        List<String> args = new ArrayList<>(List.of("--server.port=" + port, "--spring.main.register-shutdown-hook=false",
                "--server.tomcat.basedir=" + ws.root().resolve("tomcat"),
                "--sluice.queue=redis", "--sluice.sqs.url=", "--sluice.queue-prefix=demo-" + run,
                // The demo's Redis lives in its workspace, which the demo removes; it keeps nothing (an empty state-dir would bind
                // as unset, that is .sluice of the current folder).
                "--sluice.state-dir=" + ws.root().resolve("state"), "--sluice.redis.persistence=none",
                "--sluice.redis.url=" + (s.redisUrl() == null ? "" : s.redisUrl()), "--sluice.redis.key-prefix=" + keyPrefix(run),
                "--sluice.demo-functions=false", "--sluice.pipelines-dir=" + ws.pipelines(),
                "--sluice.config-dir=" + ws.root().resolve("configs"), "--sluice.scripts-dir=" + s.example().resolve("jobs"),
                "--sluice.data-dir=" + ws.data(), "--sluice.job-runs-dir=" + ws.root().resolve("job-runs"),
                "--sluice.secrets-dir=" + ws.secrets(), "--sluice.export.known-hosts=" + ws.knownHosts(),
                "--sluice.alerts.webhook-url=" + receiver.url() + "/alerts", "--sluice.pg.url=" + postgres.jdbcUrl(),
                // The export targets are the partner's servers on loopback: allowed by address and port, nothing else.
                "--sluice.integrations.http.allowed-hosts=" + String.join(",", DemoWorkspace.allowedHosts(receiver.url(), sftp.port()))));
        if (System.getProperty("sluice.demo.log") != null) {
            args.add("--logging.config=classpath:" + LOGGING);
        }
        return args;
    }

    /** Runs the example's DDL: one statement at a time, comment lines left out. */
    public static void createWarehouse(DataSource dataSource, Path ddl) throws IOException {
        StringBuilder sql = new StringBuilder();
        for (String line : Files.readAllLines(ddl, StandardCharsets.UTF_8)) {
            if (!line.strip().startsWith("--")) {
                sql.append(line).append('\n');
            }
        }
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            for (String statement : sql.toString().split(";")) {
                if (!statement.isBlank()) {
                    st.execute(statement);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not create the warehouse tables of " + ddl + ": " + e.getMessage(), e);
        }
    }

    /** The first segment of the demo's Redis keys, unique to the run. */
    public static String keyPrefix(String run) {
        return "sluice-demo:" + run;
    }

    private static String secret() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    public String run() {
        return run;
    }

    public RetailData.Written written() {
        return written;
    }

    public List<String> pipelines() {
        return pipelines;
    }

    public EmbeddedPostgres postgres() {
        return postgres;
    }

    public DemoSftpServer sftp() {
        return sftp;
    }

    public DemoReceiver receiver() {
        return receiver;
    }

    public ConfigurableApplicationContext app() {
        return app;
    }

    /**
     * Stops the runtime (first deleting its keys from a Redis the demo did not start), the partner's
     * servers and an embedded PostgreSQL. Tables written to a configured PostgreSQL stay, to be looked at.
     */
    @Override
    public void close() {
        if (externalRedis) {
            String prefix = keyPrefix(run);
            try {
                app.getBean(LocalBackends.class).redisson().getKeys().deleteByPattern(prefix + ":*");
            } catch (RuntimeException e) {
                System.err.println("sluice demo: could not delete its Redis keys (" + prefix + ":*): " + e.getMessage());
            }
        }
        closeAll(null, opened);
    }

    private static <T extends AutoCloseable> T push(Deque<AutoCloseable> opened, T resource) {
        opened.push(resource);
        return resource;
    }

    private static void closeAll(CompletableFuture<EmbeddedPostgres> pending, Deque<AutoCloseable> opened) {
        if (pending != null) {
            try {
                EmbeddedPostgres pg = pending.join();
                if (!opened.contains(pg)) {
                    opened.addLast(pg);
                }
            } catch (RuntimeException e) {
                // It did not start, so there is nothing to stop.
            }
        }
        while (!opened.isEmpty()) {
            try {
                opened.pop().close();
            } catch (Exception e) {
                System.err.println("sluice demo: while stopping: " + e.getMessage());
            }
        }
    }
}
