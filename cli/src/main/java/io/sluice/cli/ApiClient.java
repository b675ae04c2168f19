package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Talks to a running {@code sluice serve} over its HTTP API. */
final class ApiClient {
    static final String DEFAULT_URL = "http://127.0.0.1:8080";

    /** A response: its status and its JSON body ({@code null} when it had none). */
    record Response(int status, JsonNode body) {
        boolean ok() {
            return status / 100 == 2;
        }

        /** A problem response's detail, or what there is. */
        String problem() {
            if (body != null && body.hasNonNull("detail")) {
                return body.get("detail").asText();
            }
            return "the server answered " + status + (body == null ? "" : ": " + Json.write(body));
        }
    }

    /** The server could not be reached; the message says what to do. */
    static final class Unreachable extends RuntimeException {
        Unreachable(String message) {
            super(message);
        }
    }

    private final URI base;
    private final String apiKey;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

    ApiClient(String baseUrl) {
        this(baseUrl, null);
    }

    /** @param apiKey a tenant's key, sent as a bearer token; {@code null} for none (a server in local mode) */
    ApiClient(String baseUrl, String apiKey) {
        this.apiKey = apiKey;
        String url = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        try {
            this.base = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new SluiceCli.UsageException("the server URL '" + baseUrl + "' is not a URL");
        }
    }

    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(base.getPath() + path)).GET());
    }

    Response delete(String path) {
        return send(HttpRequest.newBuilder(base.resolve(base.getPath() + path)).DELETE());
    }

    Response post(String path, JsonNode body) {
        return send(HttpRequest.newBuilder(base.resolve(base.getPath() + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))));
    }

    private Response send(HttpRequest.Builder request) {
        try {
            if (apiKey != null) {
                request.header("Authorization", "Bearer " + apiKey);
            }
            HttpResponse<String> r = http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            String text = r.body();
            JsonNode body = null;
            if (text != null && !text.isBlank()) {
                try {
                    body = Json.parse(text);
                } catch (IllegalArgumentException e) {
                    throw new Unreachable(base + " answered " + r.statusCode() + " with something that is not JSON; is it a Sluice server?");
                }
            }
            return new Response(r.statusCode(), body);
        } catch (ConnectException e) {
            throw new Unreachable("no Sluice server answers at " + base + "; start one with ./sluice serve, or point SLUICE_URL (or --url) at it");
        } catch (IOException e) {
            throw new Unreachable("talking to " + base + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unreachable("interrupted while waiting for " + base);
        }
    }
}
