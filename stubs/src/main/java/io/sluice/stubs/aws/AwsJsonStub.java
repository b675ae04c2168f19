package io.sluice.stubs.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A stub of an AWS service that speaks the AWS JSON 1.0/1.1 protocol (Glue, Redshift Data API, Secrets Manager):
 * {@code POST /} with the operation in {@code X-Amz-Target: <prefix>.<Operation>} and a JSON body, answered by the
 * handler registered for the operation. On 127.0.0.1 and a free port; reached through the SDK's endpointOverride.
 * Every request is recorded, so a test can assert what reached the service. A handler throws {@link Fault} for an
 * AWS error ({@code __type} and {@code message}, as the SDK parses them).
 */
public class AwsJsonStub implements AutoCloseable {
    /** One request as it arrived. */
    public record Call(String operation, JsonNode body) {}

    /** An AWS error: its type (the SDK's exception class name), message and HTTP status. */
    public static final class Fault extends RuntimeException {
        private final String type;
        private final int status;

        public Fault(String type, String message, int status) {
            super(message);
            this.type = type;
            this.status = status;
        }

        public Fault(String type, String message) {
            this(type, message, 400);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(16);
    private final Map<String, Function<JsonNode, JsonNode>> operations = new ConcurrentHashMap<>();
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final String contentType;

    protected AwsJsonStub(String jsonVersion) {
        this.contentType = "application/x-amz-json-" + jsonVersion;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    /** Answers {@code operation} (such as {@code StartJobRun}) with {@code handler}. */
    public final void on(String operation, Function<JsonNode, JsonNode> handler) {
        operations.put(operation, handler);
    }

    public final URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public final List<Call> calls() {
        return List.copyOf(calls);
    }

    public final List<Call> calls(String operation) {
        return calls.stream().filter(c -> c.operation().equals(operation)).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            String operation = target == null ? "" : target.substring(target.lastIndexOf('.') + 1);
            String text = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            JsonNode body = text.isBlank() ? Json.object() : Json.parse(text);
            calls.add(new Call(operation, body));
            Function<JsonNode, JsonNode> handler = operations.get(operation);
            int status = 200;
            JsonNode answer;
            try {
                if (handler == null) {
                    throw new Fault("UnknownOperationException", "the stub does not answer " + target);
                }
                answer = handler.apply(body);
            } catch (Fault f) {
                status = f.status;
                answer = Json.object().put("__type", f.type).put("message", f.getMessage());
                exchange.getResponseHeaders().add("x-amzn-ErrorType", f.type);
            } catch (RuntimeException e) {
                status = 500;
                answer = Json.object().put("__type", "InternalServerException").put("message", "stub failure: " + e);
                e.printStackTrace();
            }
            byte[] out = Json.write(answer).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", contentType);
            exchange.sendResponseHeaders(status, out.length);
            exchange.getResponseBody().write(out);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
