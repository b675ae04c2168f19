package io.sluice.azure.invoke;

import com.microsoft.azure.functions.HttpMethod;
import com.microsoft.azure.functions.HttpRequestMessage;
import com.microsoft.azure.functions.HttpResponseMessage;
import com.microsoft.azure.functions.HttpStatus;
import com.microsoft.azure.functions.HttpStatusType;
import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** An HTTP trigger's request as the worker hands it to a function (method, URL, headers, body), and the responses it builds. */
public record RecordedHttpRequest(HttpMethod method, URI uri, Map<String, String> headers, Optional<String> body)
        implements HttpRequestMessage<Optional<String>> {

    public RecordedHttpRequest {
        headers = Map.copyOf(headers);
    }

    @Override public URI getUri() { return uri; }
    @Override public HttpMethod getHttpMethod() { return method; }
    @Override public Map<String, String> getHeaders() { return headers; }

    @Override
    public Map<String, String> getQueryParameters() {
        Map<String, String> out = new LinkedHashMap<>();
        if (uri.getQuery() != null) {
            for (String pair : uri.getQuery().split("&")) {
                int eq = pair.indexOf('=');
                out.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
            }
        }
        return out;
    }

    @Override public Optional<String> getBody() { return body; }
    @Override public HttpResponseMessage.Builder createResponseBuilder(HttpStatus status) { return new Response.Builder(status); }
    @Override public HttpResponseMessage.Builder createResponseBuilder(HttpStatusType status) { return new Response.Builder(status); }

    /** A built response: status, headers, body. */
    public record Response(HttpStatusType status, Map<String, String> headers, Object body) implements HttpResponseMessage {
        @Override public HttpStatusType getStatus() { return status; }
        @Override public String getHeader(String key) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(key)).map(Map.Entry::getValue).findFirst().orElse(null);
        }
        @Override public Object getBody() { return body; }

        static final class Builder implements HttpResponseMessage.Builder {
            private HttpStatusType status;
            private final Map<String, String> headers = new HashMap<>();
            private Object body;

            Builder(HttpStatusType status) { this.status = status; }
            @Override public HttpResponseMessage.Builder status(HttpStatusType status) { this.status = status; return this; }
            @Override public HttpResponseMessage.Builder header(String key, String value) { headers.put(key, value); return this; }
            @Override public HttpResponseMessage.Builder body(Object body) { this.body = body; return this; }
            @Override public HttpResponseMessage build() { return new Response(status, Map.copyOf(headers), body); }
        }
    }
}
