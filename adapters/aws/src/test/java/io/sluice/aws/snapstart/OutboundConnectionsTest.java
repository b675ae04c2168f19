package io.sluice.aws.snapstart;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.task.export.ExportTargets;
import io.sluice.orchestration.port.Exporter;
import io.sluice.testkit.fake.InMemoryRateLimiter;
import io.sluice.transfer.export.HttpExportTargets;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The SnapStart hooks of the integrations' HTTP client ({@code http:invoke}) and push-export's, driven as Lambda's SnapStart drives
 * {@code org.crac} resources (this JVM has no CRaC, so the test calls beforeCheckpoint and afterRestore itself;
 * https://docs.aws.amazon.com/lambda/latest/dg/snapstart-runtime-hooks-java.html), against a real HTTP server that is
 * stopped between the hooks and started again on the same address: the connection the client pooled before the snapshot
 * is closed by the checkpoint hook, and the first call after the restore opens a new one to the new server.
 */
class OutboundConnectionsTest {
    private HttpServer server;
    /** The client port of each request the server answered: one port, one connection. */
    private final List<Integer> connections = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
    }

    @Test
    void pooledConnectionsAreClosedBeforeTheSnapshotAndTheRestoredClientReachesTheServerAnew() throws Exception {
        server = serve(0, "before");
        int port = server.getAddress().getPort();
        try (OutboundHttp http = new OutboundHttp(OutboundPolicy.allowing(List.of("127.0.0.1:" + port)), "http:invoke", Duration.ofSeconds(2))) {
            RestoreHooks hooks = new RestoreHooks(List.of(new OutboundConnections(http::dropConnections)));
            assertThat(get(http, port)).isEqualTo("before");
            assertThat(get(http, port)).isEqualTo("before");
            assertThat(connections).as("kept alive: one pooled connection").hasSize(2).containsOnly(connections.get(0));

            hooks.beforeCheckpoint(null);
            hooks.afterRestore(null);
            assertThat(get(http, port)).isEqualTo("before");
            assertThat(connections).hasSize(3);
            assertThat(connections.get(2)).as("the same server, but a new connection: the pooled one was closed before the snapshot")
                    .isNotEqualTo(connections.get(0));

            hooks.beforeCheckpoint(null);
            server.stop(0);
            server = serve(port, "after");
            hooks.afterRestore(null);

            assertThat(get(http, port)).as("the first call after a restore that finds another server").isEqualTo("after");
            assertThat(connections).hasSize(4);
        }
    }

    @Test
    void pushExportsConnectionsAreClosedBeforeTheSnapshotToo() throws Exception {
        server = serve(0, "delivered");
        int port = server.getAddress().getPort();
        HttpExportTargets targets = new HttpExportTargets("AWS Lambda", OutboundPolicy.allowing(List.of("127.0.0.1:" + port)),
                new InMemoryRateLimiter(), Clock.systemUTC(), d -> { });
        RestoreHooks hooks = new RestoreHooks(List.of(new OutboundConnections(targets::dropConnections)));
        hooks.beforeCheckpoint(null); // before any export: no client was made, nothing to close
        Exporter exporter = targets.exporter(new ExportTargets.Target("partner", "http", "http://127.0.0.1:" + port + "/in", null, 100));

        assertThat(exporter.deliver(new Exporter.Export("b-1", "b-1.csv", "text/csv", "a,b\n".getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(Exporter.Delivery.Delivered.class);
        assertThat(exporter.deliver(new Exporter.Export("b-2", "b-2.csv", "text/csv", "a,b\n".getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(Exporter.Delivery.Delivered.class);
        assertThat(connections).as("kept alive: one pooled connection").hasSize(2).containsOnly(connections.get(0));

        hooks.beforeCheckpoint(null);
        hooks.afterRestore(null);
        assertThat(exporter.deliver(new Exporter.Export("b-3", "b-3.csv", "text/csv", "a,b\n".getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(Exporter.Delivery.Delivered.class);
        assertThat(connections).hasSize(3);
        assertThat(connections.get(2)).as("a new connection: the pooled one was closed before the snapshot").isNotEqualTo(connections.get(0));
    }

    private HttpServer serve(int port, String answer) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        s.createContext("/", exchange -> {
            connections.add(exchange.getRemoteAddress().getPort());
            byte[] out = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        s.start();
        return s;
    }

    private static String get(OutboundHttp http, int port) throws IOException {
        OutboundHttp.Response r = http.send("GET", URI.create("http://127.0.0.1:" + port + "/"), List.of(), null, Duration.ofSeconds(5), 1024);
        return new String(r.body(), StandardCharsets.UTF_8);
    }
}
