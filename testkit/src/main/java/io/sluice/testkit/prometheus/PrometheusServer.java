package io.sluice.testkit.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.testkit.Requires;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.awaitility.Awaitility;

/**
 * A real Prometheus server (Debian's {@code prometheus} package: {@code apt-get install -y prometheus}), started by the
 * test on a free loopback port with a configuration and storage of its own in a temporary folder, scraping one loopback
 * target every second; stopped (its process, which this class started) and its folder removed by {@link #close()}. The
 * system service is never used. {@link #require()} skips a test where the binary is missing, and fails it under
 * {@code CI=true} ({@link Requires}).
 */
public final class PrometheusServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final Path folder;
    private final int port;

    private PrometheusServer(Process process, Path folder, int port) {
        this.process = process;
        this.folder = folder;
        this.port = port;
    }

    /** The binary: {@code SLUICE_PROMETHEUS} if set, else {@code prometheus} on the PATH; skips or (under CI) fails without it. */
    public static Path require() {
        Optional<Path> binary = binary();
        Requires.tool(binary.isPresent(), () -> "no prometheus binary (apt-get install -y prometheus, or set SLUICE_PROMETHEUS)");
        return binary.orElseThrow();
    }

    private static Optional<Path> binary() {
        String named = System.getenv("SLUICE_PROMETHEUS");
        if (named != null && !named.isBlank()) {
            return Optional.of(Path.of(named)).filter(Files::isExecutable);
        }
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .filter(d -> !d.isBlank()).map(d -> Path.of(d, "prometheus")).filter(Files::isExecutable).findFirst();
    }

    /**
     * Starts Prometheus scraping {@code http://127.0.0.1:<targetPort><metricsPath>} every second ({@code bearer}, if not null,
     * sent as its bearer token), and waits until it is ready.
     */
    public static PrometheusServer scraping(int targetPort, String metricsPath, String bearer) throws IOException {
        Path binary = require();
        Path folder = Files.createTempDirectory("sluice-prometheus-");
        int port = freePort();
        String auth = bearer == null ? "" : "    authorization:\n      credentials: '" + bearer + "'\n";
        Files.writeString(folder.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: sluice
                    metrics_path: '%s'
                %s    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(metricsPath, auth, targetPort));
        Process process = new ProcessBuilder(binary.toString(), "--config.file=" + folder.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + folder.resolve("data"), "--web.listen-address=127.0.0.1:" + port, "--log.level=warn")
                .redirectErrorStream(true).redirectOutput(folder.resolve("prometheus.log").toFile()).start();
        PrometheusServer server = new PrometheusServer(process, folder, port);
        try {
            Awaitility.await("prometheus ready on " + port).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("prometheus exited: " + Files.readString(folder.resolve("prometheus.log")));
                        }
                        try {
                            return server.get("/-/ready").statusCode() == 200;
                        } catch (UncheckedIOException notListeningYet) {
                            return false; // it opens its port a moment after it starts, later on a busy machine
                        }
                    });
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The {@code data.result} of an instant PromQL query over Prometheus' HTTP API ({@code /api/v1/query}). */
    public JsonNode query(String promql) {
        HttpResponse<String> r = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        try {
            JsonNode body = JSON.readTree(r.body());
            if (!"success".equals(body.path("status").asText())) {
                throw new IllegalStateException("PromQL query " + promql + " failed: " + r.body());
            }
            return body.path("data").path("result");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The state of the scrape target as Prometheus reports it ({@code /api/v1/targets}): for a failure message. */
    public String targets() {
        return get("/api/v1/targets").body();
    }

    private HttpResponse<String> get(String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is no failure
        }
    }
}
