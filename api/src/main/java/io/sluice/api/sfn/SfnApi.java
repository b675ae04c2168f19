package io.sluice.api.sfn;

import io.sluice.orchestration.path.RandomSource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Step Functions API (AWS JSON 1.0): {@code POST /} with {@code X-Amz-Target: AWSStepFunctions.<Operation>} and a
 * JSON body; the answer is the operation's output, or an error body {@code {"__type", "message"}} with the service's
 * HTTP status. It is platform-neutral: a host hands it an {@link SfnRequest} and sends back the {@link SfnResponse}.
 * The operations are mapped onto the runtime's ports; nothing of the engine is done again here.
 */
public final class SfnApi {
    private static final Logger LOG = Logger.getLogger(SfnApi.class.getName());
    static final String TARGET_PREFIX = "AWSStepFunctions.";
    static final String CONTENT_TYPE = "application/x-amz-json-1.0";

    /** One operation: the caller and the request's members in, the output members out. */
    @FunctionalInterface
    public interface Operation {
        JsonNode apply(Caller caller, JsonNode request);
    }

    /** Who sent a request (from its signature, or the local mode's anyone); throws an {@link SfnException} to refuse it. */
    @FunctionalInterface
    public interface Authenticator {
        Caller authenticate(SfnRequest request);
    }

    private final Map<String, Operation> operations;
    private final Authenticator authenticator;
    private final int maxBodyBytes;
    private final java.util.Set<String> paths;
    private final RandomSource random;
    private final SfnRequestMetrics metrics;

    /** @param random where each answer's request id is drawn from */
    public SfnApi(Map<String, Operation> operations, Authenticator authenticator, int maxBodyBytes, RandomSource random) {
        this(operations, authenticator, maxBodyBytes, java.util.Set.of("/"), random, null);
    }

    private SfnApi(Map<String, Operation> operations, Authenticator authenticator, int maxBodyBytes, java.util.Set<String> paths,
                   RandomSource random, SfnRequestMetrics metrics) {
        this.random = java.util.Objects.requireNonNull(random, "random");
        this.operations = Map.copyOf(operations);
        this.authenticator = authenticator;
        this.maxBodyBytes = maxBodyBytes;
        this.paths = java.util.Set.copyOf(paths);
        this.metrics = metrics;
    }

    /**
     * This API answering at {@code paths} rather than {@code /} alone: a host that serves it under a route prefix
     * (Azure Functions' {@code /api}) is given that path as it came, since a SigV4 signature covers the path.
     */
    public SfnApi at(String... paths) {
        return new SfnApi(operations, authenticator, maxBodyBytes, java.util.Set.of(paths), random, metrics);
    }

    /**
     * This API timing its requests into {@code registry} ({@link SfnRequestMetrics}: by operation, method and status), as
     * the HTTP API's are; {@code null}: untimed (a host without metrics).
     */
    public SfnApi timedBy(io.micrometer.core.instrument.MeterRegistry registry) {
        return new SfnApi(operations, authenticator, maxBodyBytes, paths, random,
                registry == null ? null : new SfnRequestMetrics(registry, operations.keySet()));
    }

    /** The largest request body this API accepts, in bytes: what a host that reads the body itself reads at most. */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /** The operations this API answers, by name. */
    public java.util.Set<String> operations() {
        return new java.util.TreeSet<>(operations.keySet());
    }

    public SfnResponse handle(SfnRequest request) {
        if (metrics == null) {
            return answer(request);
        }
        long started = metrics.start();
        SfnResponse response = answer(request);
        metrics.record(started, request, response.status());
        return response;
    }

    private SfnResponse answer(SfnRequest request) {
        String requestId = random.uuid().toString();
        try {
            return answer(200, requestId, dispatch(request));
        } catch (SfnException e) {
            ObjectNode body = Json.object();
            body.put("__type", e.error().code()).put("message", e.getMessage());
            return answer(e.error().status(), requestId, body);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Step Functions API request " + requestId + " failed", e);
            ObjectNode body = Json.object();
            body.put("__type", SfnError.INTERNAL.code()).put("message", "The request failed inside Sluice (request " + requestId
                    + "); its log says why.");
            return answer(500, requestId, body);
        }
    }

    private JsonNode dispatch(SfnRequest request) {
        if (!"POST".equals(request.method()) || !paths.contains(request.path())) {
            throw SfnError.UNKNOWN_OPERATION.with("The Step Functions API answers POST " + String.join(" or ", new java.util.TreeSet<>(paths))
                    + " only (with X-Amz-Target: "
                    + TARGET_PREFIX + "<Operation>); this was " + request.method() + " " + Arns.shown(request.path()) + ".");
        }
        String target = request.header("X-Amz-Target");
        if (target == null || !target.startsWith(TARGET_PREFIX)) {
            throw SfnError.UNKNOWN_OPERATION.with("X-Amz-Target must be " + TARGET_PREFIX + "<Operation>; it is "
                    + (target == null ? "missing" : "'" + Arns.shown(target) + "'") + ".");
        }
        Operation operation = operations.get(target.substring(TARGET_PREFIX.length()));
        if (operation == null) {
            throw SfnError.UNKNOWN_OPERATION.with("Operation '" + Arns.shown(target.substring(TARGET_PREFIX.length()))
                    + "' is not one Sluice serves; it serves " + String.join(", ", new TreeMap<>(operations).keySet()) + ".");
        }
        String contentType = request.header("Content-Type");
        if (contentType != null && !contentType.startsWith(CONTENT_TYPE) && !contentType.startsWith("application/json")) {
            throw SfnError.SERIALIZATION.with("Content-Type must be " + CONTENT_TYPE + "; it is '" + Arns.shown(contentType) + "'.");
        }
        if (request.body().length > maxBodyBytes) {
            throw SfnError.VALIDATION.with("The request body is " + request.body().length + " bytes; at most " + maxBodyBytes + " are accepted.");
        }
        Caller caller = authenticator.authenticate(request);
        return operation.apply(caller, body(request.body()));
    }

    private static JsonNode body(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return Json.object();
        }
        JsonNode body;
        try {
            body = Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw SfnError.SERIALIZATION.with("The request body is not JSON: " + e.getMessage());
        }
        if (!body.isObject()) {
            throw SfnError.SERIALIZATION.with("The request body must be a JSON object of the operation's members; it is "
                    + Json.typeName(body) + ".");
        }
        return body;
    }

    private static SfnResponse answer(int status, String requestId, JsonNode body) {
        return new SfnResponse(status, Map.of("Content-Type", CONTENT_TYPE, "x-amzn-RequestId", requestId),
                Json.write(body).getBytes(StandardCharsets.UTF_8));
    }
}
