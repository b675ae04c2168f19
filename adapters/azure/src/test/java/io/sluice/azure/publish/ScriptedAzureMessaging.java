package io.sluice.azure.publish;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small loopback HTTP stub of the two REST calls the Azure publisher makes, because neither Service Bus nor Event
 * Grid (nor an emulator of either) can run on these machines: Service Bus "Send Message"
 * ({@code POST /<entity>/messages}, 201; 401 unless the SAS signature verifies with the stub's key; 404 for an
 * entity it does not have) and an Event Grid topic's {@code POST /eventgrid/<topic>/api/events} (200; 401 unless
 * {@code aeg-sas-key} is the topic's key; 404 for another topic). It records every request, and can be scripted to
 * answer the next requests with a failure status.
 */
public final class ScriptedAzureMessaging implements AutoCloseable {
    public static final String KEY_NAME = "RootManageSharedAccessKey";
    public static final String KEY = "c2x1aWNlLXRlc3Qta2V5";
    public static final String EVENT_GRID_KEY = "eg-test-key";

    /** A request as it arrived: path, headers (names lower case) and body. */
    public record Request(String path, Map<String, String> headers, String body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final HttpServer server;
    private final Set<String> entities = ConcurrentHashMap.newKeySet();
    private final Set<String> topics = ConcurrentHashMap.newKeySet();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile int failureStatus;

    public ScriptedAzureMessaging() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "scripted-azure-messaging");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", this::handle);
        server.start();
    }

    public ScriptedAzureMessaging entity(String name) {
        entities.add(name);
        return this;
    }

    public ScriptedAzureMessaging eventGridTopic(String name) {
        topics.add(name);
        return this;
    }

    /** The next {@code count} requests are answered {@code status}. */
    public void failNext(int status, int count) {
        failureStatus = status;
        failures.set(count);
    }

    public URI serviceBusEndpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    public URI eventGridEndpoint(String topic) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/eventgrid/" + topic + "/api/events");
    }

    public String connectionString() {
        return "Endpoint=sb://127.0.0.1/;SharedAccessKeyName=" + KEY_NAME + ";SharedAccessKey=" + KEY;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The messages Service Bus accepted for {@code entity}. */
    public List<Request> messages(String entity) {
        return requests.stream().filter(r -> r.path().equals("/" + entity + "/messages")).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        Map<String, String> headers = new HashMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = exchange.getRequestURI().getPath();
        int status;
        if (failures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            status = failureStatus;
        } else if (!exchange.getRequestMethod().equals("POST")) {
            status = 405;
        } else if (path.startsWith("/eventgrid/")) {
            String topic = path.split("/")[2];
            status = !topics.contains(topic) ? 404 : EVENT_GRID_KEY.equals(headers.get("aeg-sas-key")) ? 200 : 401;
        } else if (path.endsWith("/messages")) {
            String entity = path.substring(1, path.length() - "/messages".length());
            status = !entities.contains(entity) ? 404 : signed(headers.get("authorization"), entity) ? 201 : 401;
        } else {
            status = 404;
        }
        if (status / 100 == 2) {
            requests.add(new Request(path, Map.copyOf(headers), body));
        }
        byte[] answer = (status / 100 == 2 ? "" : "<Error><Code>" + status + "</Code><Detail>scripted stub answer</Detail></Error>")
                .getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, answer.length == 0 ? -1 : answer.length);
        if (answer.length > 0) exchange.getResponseBody().write(answer);
        exchange.close();
    }

    /** Whether the SAS verifies: the resource is this entity, the key name ours, the signature HMAC-SHA256 of "sr\nse" under our key. */
    private boolean signed(String header, String entity) {
        if (header == null || !header.startsWith("SharedAccessSignature ")) return false;
        Map<String, String> fields = new HashMap<>();
        for (String part : header.substring("SharedAccessSignature ".length()).split("&")) {
            int eq = part.indexOf('=');
            if (eq > 0) fields.put(part.substring(0, eq), part.substring(eq + 1));
        }
        String resource = URLDecoder.decode(fields.getOrDefault("sr", ""), StandardCharsets.UTF_8);
        String expected = Authorization.hmac(KEY, fields.get("sr") + "\n" + fields.get("se"));
        return KEY_NAME.equals(fields.get("skn")) && resource.endsWith("/" + entity.toLowerCase(Locale.ROOT))
                && URLEncoder.encode(expected, StandardCharsets.UTF_8).equals(fields.get("sig"));
    }

    /** The JSON of a request's body. */
    public static com.fasterxml.jackson.databind.JsonNode json(Request r) {
        return Json.parse(r.body());
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    static List<String> paths(List<Request> requests) {
        List<String> out = new ArrayList<>();
        requests.forEach(r -> out.add(r.path()));
        return out;
    }
}
