package io.sluice.functions.integration.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * {@code arn:aws:states:::http:invoke}: a real HTTP call with Step Functions' request shape
 * ({@code ApiEndpoint}, {@code Method}, {@code Headers}, {@code QueryParameters}, {@code RequestBody},
 * {@code Transform.RequestBodyEncoding} NONE or URL_ENCODED with {@code RequestEncodingOptions.ArrayFormat}
 * INDICES, REPEAT, COMMAS or BRACKETS) and response shape ({@code StatusCode}, {@code StatusText},
 * {@code Headers}, {@code ResponseBody}: parsed when it is JSON, else text). A status outside 2xx fails the
 * task with {@code States.Http.StatusCode.<code>}; a call that does not complete with {@code States.Http.Socket}.
 *
 * <p>Authentication: on AWS an EventBridge connection; here the connection's name (the segment after
 * {@code connection/} of {@code Authentication.ConnectionArn}) names a secret of the pipeline's tenant,
 * resolved at the moment of the call and handed only to the request: a JSON
 * {@code {"ApiKeyName", "ApiKeyValue"}} (a header), {@code {"Username", "Password"}} (Basic), or any other text,
 * sent as the {@code Authorization} header. Neither the secret nor the header enters the result, the error
 * or a log. Which hosts can be called is {@link HttpSettings}' word (none by default), enforced by the client's
 * {@link OutboundPolicy} on the address the connection is made to ({@link OutboundHttp}).
 */
public final class HttpInvokeHandler implements IntegrationHandler {
    public static final String SOCKET = "States.Http.Socket";
    public static final String STATUS_PREFIX = "States.Http.StatusCode.";
    public static final String CONNECTION_NOT_FOUND = "Sluice.ConnectionSecretNotFound";
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");
    /** Headers a caller cannot set (the client sets them, or they would let the request lie about itself). */
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade",
            "transfer-encoding", "te", "trailer", "keep-alive", "proxy-connection");
    public static final String CALLER = "http:invoke";

    private final OutboundHttp client;
    private final HttpSettings settings;
    private final ScopedSecrets secrets;

    /** @param client holds the calls to its {@link OutboundPolicy}: the allowed hosts are the client's */
    public HttpInvokeHandler(OutboundHttp client, HttpSettings settings, ScopedSecrets secrets) {
        this.client = client;
        this.settings = settings;
        this.secrets = secrets;
    }

    /**
     * The client of {@code settings}: the policy of its allowed hosts ({@value OutboundPolicy#SETTING}), checked on the
     * address each connection is made to; no redirects (a redirect could leave the allowed hosts).
     */
    public static OutboundHttp defaultClient(HttpSettings settings) {
        return new OutboundHttp(OutboundPolicy.allowing(settings.allowedHosts()), CALLER, settings.timeout());
    }

    @Override
    public Set<String> actions() {
        return Set.of("http:invoke");
    }

    @Override
    public JsonNode call(IntegrationCall call) {
        JsonNode p = call.parameters();
        URI endpoint = endpoint(call);
        String method = call.text("Method") == null ? "" : call.text("Method").toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw invalid("Method must be one of " + String.join(", ", METHODS.stream().sorted().toList()) + "; it is '"
                    + call.text("Method") + "'.");
        }
        String arrayFormat = p.path("Transform").path("RequestEncodingOptions").path("ArrayFormat").asText("INDICES");
        URI uri = withQuery(endpoint, p.get("QueryParameters"), arrayFormat);
        client.policy().checkName(CALLER, uri.getHost(), port(uri)); // refused before a header or secret is prepared
        List<Map.Entry<String, String>> request = new ArrayList<>();
        BiConsumer<String, String> header = (name, value) -> request.add(Map.entry(name, value));
        boolean contentType = headers(header, p.get("Headers"));
        byte[] body = null;
        JsonNode requestBody = p.get("RequestBody");
        if (requestBody != null && !requestBody.isNull()) {
            boolean form = "URL_ENCODED".equals(p.path("Transform").path("RequestBodyEncoding").asText("NONE"));
            String text = form ? formEncode(requestBody, arrayFormat) : requestBody.isTextual() ? requestBody.asText() : Json.write(requestBody);
            body = text.getBytes(StandardCharsets.UTF_8);
            if (!contentType) {
                header.accept("Content-Type", form ? "application/x-www-form-urlencoded" : "application/json");
            }
        }
        authenticate(call, header);
        OutboundHttp.Response response;
        try {
            response = client.send(method, uri, request, body, settings.timeout(), settings.maxResponseBytes());
        } catch (IOException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new TaskError(SOCKET, "The worker stopped during the call to " + hostOf(uri) + ".", true);
            }
            throw new TaskError(SOCKET, "The call to " + hostOf(uri) + " did not complete: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")") + ".", true);
        }
        ObjectNode out = describe(response);
        int status = response.status();
        if (status < 200 || status > 299) {
            ObjectNode cause = Json.object();
            cause.put("StatusCode", status);
            cause.put("StatusText", out.path("StatusText").asText());
            cause.set("ResponseBody", out.get("ResponseBody"));
            throw new TaskError(STATUS_PREFIX + status, Json.write(cause), status >= 500 || status == 429);
        }
        return out;
    }

    private ObjectNode describe(OutboundHttp.Response response) {
        byte[] bytes = response.body();
        if (response.truncated()) {
            throw new TaskError("States.DataLimitExceeded", "The response" + response.header("content-length").map(n -> " of " + n + " bytes")
                    .orElse("") + " is larger than the " + settings.maxResponseBytes() + " bytes a task result may be.", false);
        }
        ObjectNode headers = Json.object();
        response.headers().forEach((name, values) -> {
            ArrayNode list = Json.NODES.arrayNode();
            values.forEach(list::add);
            headers.set(name, list);
        });
        String text = new String(bytes, StandardCharsets.UTF_8);
        JsonNode responseBody = Json.NODES.textNode(text);
        String type = response.header("content-type").orElse("");
        if (type.toLowerCase(Locale.ROOT).contains("json") && !text.isBlank()) {
            try {
                responseBody = Json.parse(text);
            } catch (IllegalArgumentException e) {
                // not JSON after all: the text, as Step Functions gives it
            }
        }
        ObjectNode out = Json.object();
        out.set("Headers", headers);
        out.set("ResponseBody", responseBody);
        out.put("StatusCode", response.status());
        out.put("StatusText", reason(response.status()));
        return out;
    }

    private URI endpoint(IntegrationCall call) {
        String text = call.text("ApiEndpoint");
        if (text == null) {
            throw invalid("ApiEndpoint is required: the URL to call.");
        }
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.getRawUserInfo() != null) {
                throw invalid("ApiEndpoint '" + text + "' must be an http or https URL with a host and no user info.");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw invalid("ApiEndpoint '" + text + "' is not a URL: " + e.getReason() + ".");
        }
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }

    private static String hostOf(URI uri) {
        return uri.getHost() + (uri.getPort() >= 0 ? ":" + uri.getPort() : "");
    }

    private static boolean headers(BiConsumer<String, String> request, JsonNode headers) {
        boolean contentType = false;
        if (headers == null || !headers.isObject()) return false;
        for (Iterator<Map.Entry<String, JsonNode>> it = headers.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = e.getKey();
            if (RESTRICTED.contains(name.toLowerCase(Locale.ROOT)) || name.equalsIgnoreCase("authorization")) {
                throw invalid("Header '" + name + "' cannot be set in Headers" + (name.equalsIgnoreCase("authorization")
                        ? "; authentication comes from Authentication.ConnectionArn." : "."));
            }
            if (!OutboundHttp.validName(name)) {
                throw invalid("Header '" + name + "' is not a valid header name.");
            }
            List<String> values = new ArrayList<>();
            if (e.getValue().isArray()) e.getValue().forEach(v -> values.add(v.asText()));
            else values.add(e.getValue().isTextual() ? e.getValue().asText() : Json.write(e.getValue()));
            for (String v : values) {
                if (v.indexOf('\r') >= 0 || v.indexOf('\n') >= 0 || v.indexOf(0) >= 0) {
                    throw invalid("Header '" + name + "' has a value with a line break.");
                }
                request.accept(name, v);
            }
            contentType |= name.equalsIgnoreCase("content-type");
        }
        return contentType;
    }

    private void authenticate(IntegrationCall call, BiConsumer<String, String> request) {
        String arn = call.parameters().path("Authentication").path("ConnectionArn").asText(null);
        if (arn == null) return;
        int at = arn.indexOf(":connection/");
        String rest = at < 0 ? arn : arn.substring(at + ":connection/".length());
        String name = rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest;
        String value = secrets.resolve(call.task().owner(), name).orElseThrow(() -> new TaskError(CONNECTION_NOT_FOUND,
                "Authentication.ConnectionArn names connection '" + name + "', and this runtime has no secret of that name for the"
                        + " pipeline: create the secret '" + name + "' (an Authorization header value, {\"ApiKeyName\", \"ApiKeyValue\"}"
                        + " or {\"Username\", \"Password\"}).", false));
        JsonNode parsed = null;
        if (value.stripLeading().startsWith("{")) {
            try {
                parsed = Json.parse(value);
            } catch (IllegalArgumentException e) {
                parsed = null;
            }
        }
        if (parsed != null && parsed.hasNonNull("ApiKeyName") && parsed.hasNonNull("ApiKeyValue")) {
            request.accept(parsed.get("ApiKeyName").asText(), parsed.get("ApiKeyValue").asText());
        } else if (parsed != null && parsed.hasNonNull("Username") && parsed.hasNonNull("Password")) {
            String pair = parsed.get("Username").asText() + ":" + parsed.get("Password").asText();
            request.accept("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        } else {
            request.accept("Authorization", value.strip());
        }
    }

    private static URI withQuery(URI endpoint, JsonNode query, String arrayFormat) {
        if (query == null || !query.isObject() || query.isEmpty()) return endpoint;
        String encoded = formEncode(query, arrayFormat);
        String base = endpoint.toString();
        return URI.create(base + (endpoint.getRawQuery() == null ? "?" : "&") + encoded);
    }

    /** An object as {@code a=1&b=2}; arrays as INDICES {@code a[0]=x}, REPEAT {@code a=x&a=y}, COMMAS {@code a=x,y} or BRACKETS {@code a[]=x}. */
    static String formEncode(JsonNode object, String arrayFormat) {
        if (!object.isObject()) {
            return object.isTextual() ? object.asText() : Json.write(object);
        }
        List<String> parts = new ArrayList<>();
        object.fields().forEachRemaining(e -> add(parts, e.getKey(), e.getValue(), arrayFormat));
        return String.join("&", parts);
    }

    private static void add(List<String> parts, String name, JsonNode v, String arrayFormat) {
        if (v.isArray()) {
            if (arrayFormat.equals("COMMAS")) {
                List<String> values = new ArrayList<>();
                v.forEach(x -> values.add(scalar(x)));
                parts.add(enc(name) + "=" + enc(String.join(",", values)));
                return;
            }
            for (int i = 0; i < v.size(); i++) {
                String key = switch (arrayFormat) {
                    case "REPEAT" -> name;
                    case "BRACKETS" -> name + "[]";
                    default -> name + "[" + i + "]";
                };
                add(parts, key, v.get(i), arrayFormat);
            }
        } else if (v.isObject()) {
            v.fields().forEachRemaining(e -> add(parts, name + "[" + e.getKey() + "]", e.getValue(), arrayFormat));
        } else {
            parts.add(enc(name) + "=" + enc(scalar(v)));
        }
    }

    private static String scalar(JsonNode v) {
        return v.isValueNode() ? v.asText() : Json.write(v);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static TaskError invalid(String cause) {
        return new TaskError("States.Runtime", "http:invoke: " + cause, false);
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 202 -> "Accepted";
            case 204 -> "No Content";
            case 301 -> "Moved Permanently";
            case 302 -> "Found";
            case 304 -> "Not Modified";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 409 -> "Conflict";
            case 422 -> "Unprocessable Entity";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "";
        };
    }
}
