package io.sluice.cli.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The other side of the demo's HTTP calls, a JDK HTTP server on 127.0.0.1 (a free port):
 * {@code POST /inbound/<name>} is the partner's API (a bearer token, an {@code Idempotency-Key}; a key
 * seen before is answered 200 and not stored again; each new extract is kept as a file), and
 * {@code POST /alerts} is the on-call webhook (each alert kept).
 */
public final class DemoReceiver implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final Path inbox;
    private final String token;
    private final Map<String, Path> received = new ConcurrentHashMap<>();
    private final List<JsonNode> alerts = new CopyOnWriteArrayList<>();

    private DemoReceiver(Path inbox, String token) throws IOException {
        this.inbox = Files.createDirectories(inbox);
        this.token = token;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/inbound/", this::inbound);
        server.createContext("/alerts", this::alert);
        server.setExecutor(executor);
        server.start();
    }

    /** Starts receiving; extracts land in {@code inbox}, and only requests with {@code token} as bearer are accepted. */
    public static DemoReceiver start(Path inbox, String token) {
        try {
            return new DemoReceiver(inbox, token);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the demo's HTTP receiver", e);
        }
    }

    /** {@code http://127.0.0.1:<port>} */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The extracts received, by idempotency key. */
    public Map<String, Path> received() {
        return Map.copyOf(received);
    }

    public List<JsonNode> alerts() {
        return List.copyOf(alerts);
    }

    private void inbound(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
            if (!"POST".equals(exchange.getRequestMethod())) {
                answer(exchange, 405, "POST an extract here.");
            } else if (!("Bearer " + token).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                answer(exchange, 401, "A bearer token is needed, and this one is not it.");
            } else if (key == null || key.isBlank()) {
                answer(exchange, 400, "An Idempotency-Key header is needed.");
            } else {
                Path file = inbox.resolve(key.replaceAll("[^A-Za-z0-9._-]", "_") + ".csv");
                if (received.putIfAbsent(key, file) != null) {
                    answer(exchange, 200, "Already received " + key + ".");
                    return;
                }
                Files.write(file, body);
                answer(exchange, 201, "Received " + body.length + " bytes as " + key + ".");
            }
        }
    }

    private void alert(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            try {
                alerts.add(Json.parse(new String(body, StandardCharsets.UTF_8)));
                answer(exchange, 204, null);
            } catch (IllegalArgumentException e) {
                answer(exchange, 400, "An alert is a JSON object.");
            }
        }
    }

    private static void answer(HttpExchange exchange, int status, String text) throws IOException {
        if (text == null) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
