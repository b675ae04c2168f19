package io.sluice.stubs.azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stub of the three Data Factory operations of the ARM REST API ({@code createRun}, {@code queryPipelineRuns}
 * with continuation tokens, {@code pipelineruns/{id}}) on a loopback port, for tests: no Data Factory runs here.
 * Its pipelines: {@code contract-succeeds} and {@code contract-fails}, whose runs report {@code InProgress} on the
 * first read and end on the second; any other pipeline is 404 {@code PipelineNotFound}, as is an unknown run.
 * {@link #pipelines} declares more pipelines whose runs succeed that way, {@link #onStart} what a created run does
 * (the parity suite writes the files the real pipeline would).
 * It refuses requests without the bearer token or the api-version the client must send. Its answers follow
 * the documented shapes; they are not recordings of a real factory.
 */
public final class FakeDataFactory implements AutoCloseable {
    public static final String PATH = "/subscriptions/sub-1/resourceGroups/rg-1/providers/Microsoft.DataFactory/factories/adf-1";
    public static final String TOKEN = "fake-arm-token";
    /** The Data Factory REST API's version (learn.microsoft.com/rest/api/datafactory, "2018-06-01"): a request without it is refused. */
    public static final String API_VERSION = "2018-06-01";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PAGE = 2;

    private record Run(String id, String pipeline, Map<String, String> parameters, Instant start, AtomicInteger reads) {}

    private final HttpServer server;
    private final Map<String, Run> runs = new ConcurrentHashMap<>();
    private final AtomicInteger createRuns = new AtomicInteger();
    private final java.util.Set<String> declared = ConcurrentHashMap.newKeySet();
    private volatile java.util.function.BiConsumer<String, Map<String, String>> onStart = (pipeline, parameters) -> { };

    public FakeDataFactory() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Pipelines besides {@code contract-*} whose runs succeed on their second read. */
    public FakeDataFactory pipelines(java.util.Collection<String> names) {
        declared.addAll(names);
        return this;
    }

    /** What each created run does when createRun is called: {@code work} gets the pipeline and the run's parameters. */
    public FakeDataFactory onStart(java.util.function.BiConsumer<String, Map<String, String>> work) {
        onStart = work;
        return this;
    }

    /** How many runs of {@code pipeline} createRun created. */
    public long runsOf(String pipeline) {
        return runs.values().stream().filter(r -> r.pipeline().equals(pipeline)).count();
    }

    public URI management() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** How many createRun calls it has answered. */
    public int createRuns() {
        return createRuns.get();
    }

    /** A run created behind the launcher's back (a worker that died after createRun). */
    public String existingRun(String pipeline, Map<String, String> parameters) {
        String id = UUID.randomUUID().toString();
        runs.put(id, new Run(id, pipeline, Map.copyOf(parameters), Instant.now(), new AtomicInteger()));
        return id;
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath();
            if (!("Bearer " + TOKEN).equals(x.getRequestHeaders().getFirst("Authorization"))) {
                reply(x, 401, error("AuthenticationFailed", "no bearer token"));
            } else if (!String.valueOf(x.getRequestURI().getQuery()).equals("api-version=" + API_VERSION)) {
                reply(x, 400, error("InvalidApiVersionParameter", "api-version is required"));
            } else if (!path.startsWith(PATH)) {
                reply(x, 404, error("ResourceNotFound", "no such factory"));
            } else {
                byte[] body = x.getRequestBody().readAllBytes();
                route(x, path.substring(PATH.length()), JSON.readTree(body.length == 0 ? "{}".getBytes(StandardCharsets.UTF_8) : body));
            }
        }
    }

    private void route(HttpExchange x, String path, JsonNode body) throws IOException {
        String method = x.getRequestMethod();
        if (method.equals("POST") && path.matches("/pipelines/[^/]+/createRun")) {
            String pipeline = path.split("/")[2];
            if (!pipeline.startsWith("contract-") && !declared.contains(pipeline)) {
                reply(x, 404, error("PipelineNotFound", "Entity " + pipeline + " not found"));
                return;
            }
            createRuns.incrementAndGet();
            Map<String, String> parameters = new java.util.HashMap<>();
            body.properties().forEach(e -> parameters.put(e.getKey(), e.getValue().asText()));
            String id = existingRun(pipeline, parameters);
            onStart.accept(pipeline, Map.copyOf(parameters));
            reply(x, 200, JSON.createObjectNode().put("runId", id));
        } else if (method.equals("POST") && path.equals("/queryPipelineRuns")) {
            String pipeline = body.path("filters").path(0).path("values").path(0).asText();
            List<Run> matching = runs.values().stream().filter(r -> r.pipeline().equals(pipeline))
                    .sorted(java.util.Comparator.comparing(Run::id)).toList();
            int from = body.path("continuationToken").isTextual() ? Integer.parseInt(body.get("continuationToken").asText()) : 0;
            ObjectNode page = JSON.createObjectNode();
            ArrayNode value = page.putArray("value");
            for (Run r : matching.subList(Math.min(from, matching.size()), Math.min(from + PAGE, matching.size()))) {
                value.add(describe(r, false));
            }
            if (from + PAGE < matching.size()) {
                page.put("continuationToken", Integer.toString(from + PAGE));
            }
            reply(x, 200, page);
        } else if (method.equals("GET") && path.startsWith("/pipelineruns/")) {
            Run r = runs.get(path.substring("/pipelineruns/".length()));
            if (r == null) {
                reply(x, 404, error("PipelineRunNotFound", "no such run"));
            } else {
                reply(x, 200, describe(r, true));
            }
        } else {
            reply(x, 405, error("MethodNotAllowed", method + " " + path));
        }
    }

    private static ObjectNode describe(Run r, boolean read) {
        int reads = read ? r.reads().incrementAndGet() : r.reads().get();
        boolean ended = reads >= 2;
        ObjectNode o = JSON.createObjectNode().put("runId", r.id()).put("pipelineName", r.pipeline())
                .put("runStart", r.start().toString()).put("lastUpdated", r.start().toString());
        ObjectNode parameters = o.putObject("parameters");
        r.parameters().forEach(parameters::put);
        if (!ended) {
            return o.put("status", "InProgress").put("message", "");
        }
        o.put("runEnd", r.start().plusSeconds(3).toString());
        return r.pipeline().equals("contract-fails")
                ? o.put("status", "Failed").put("message", "Operation on target Copy failed: source file not found")
                : o.put("status", "Succeeded").put("message", "");
    }

    private static ObjectNode error(String code, String message) {
        ObjectNode o = JSON.createObjectNode();
        o.putObject("error").put("code", code).put("message", message);
        return o;
    }

    private static void reply(HttpExchange x, int status, JsonNode body) throws IOException {
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
