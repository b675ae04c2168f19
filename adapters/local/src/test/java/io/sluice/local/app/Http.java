package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** A plain HTTP client for the API under test. */
public record Http(String base) {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    public record Response(int status, String contentType, JsonNode body, java.net.http.HttpHeaders headers) {
        /** The problem's {@code detail}, for assertion messages. */
        public String detail() {
            return body == null ? "" : body.path("detail").asText();
        }
    }

    public Response get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    public Response post(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Posts with curl's default content type for {@code -d}. */
    Response postForm(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A request to {@code path} with {@code headers} (name, value, name, value, ...) and a JSON body, or none when {@code null}. */
    Response post(String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body == null ? "" : body));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    Response get(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).GET();
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    Response delete(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).DELETE();
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = r.body().isBlank() ? null : Json.parse(r.body());
            return new Response(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), body, r.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
