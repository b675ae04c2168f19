package io.sluice.parity;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The suite's side of the hosts' outbound HTTP, on loopback: {@code /partner/<case>} (the export's partner API) and
 * {@code /alerts} (every host's alert webhook). Records each body by path; answers 200.
 */
public final class Receiver implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, List<String>> bodies = new ConcurrentHashMap<>();

    public Receiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            try (exchange) {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                bodies.computeIfAbsent(exchange.getRequestURI().getPath(), p -> new CopyOnWriteArrayList<>()).add(body);
                exchange.sendResponseHeaders(200, -1);
            }
        });
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /**
     * The outbound allow-list entry ({@code sluice.integrations.http.allowed-hosts}) a host needs to push the export to
     * this receiver: its loopback address and port, which the runtime reaches only by an entry naming them.
     */
    public String allowListEntry() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    public String alertsUrl() {
        return url("/alerts");
    }

    public List<String> received(String path) {
        return List.copyOf(bodies.getOrDefault(path, List.of()));
    }

    public List<String> alerts() {
        return received("/alerts");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
