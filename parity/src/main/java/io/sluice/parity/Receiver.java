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
 * {@code /alerts} (every host's alert webhook), {@code /events/<host>} and {@code /eventbridge/aws} (the hosts' execution
 * events). Records each body by path; answers 200.
 */
public final class Receiver implements AutoCloseable {
    private static final String EVENTS = "/events";
    private static final String EVENTBRIDGE = "/eventbridge";
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
                String path = exchange.getRequestURI().getPath();
                bodies.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>()).add(body);
                if (path.startsWith(EVENTBRIDGE)) {
                    // EventBridge's PutEvents answer (awsJson1.1): every entry put. The AWS host's events go here.
                    byte[] answer = "{\"FailedEntryCount\": 0, \"Entries\": [{\"EventId\": \"parity\"}]}".getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.1");
                    exchange.sendResponseHeaders(200, answer.length);
                    exchange.getResponseBody().write(answer);
                } else {
                    exchange.sendResponseHeaders(200, -1);
                }
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

    /**
     * Where a host's execution events go: the local runtime's events webhook, the Azure app's Event Grid topic, and (under
     * {@link #EVENTBRIDGE}) the AWS host's EventBridge endpoint, which this receiver answers as PutEvents does.
     */
    public String eventsUrl(String host) {
        return url((host.equals("aws") ? EVENTBRIDGE : EVENTS) + "/" + host);
    }

    /** The bodies each host's events arrived in (a CloudEvent, an Event Grid batch, a PutEvents request), in order. */
    public List<String> events() {
        List<String> all = new java.util.ArrayList<>();
        bodies.forEach((path, list) -> {
            if (path.startsWith(EVENTS) || path.startsWith(EVENTBRIDGE)) {
                all.addAll(list);
            }
        });
        return all;
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
