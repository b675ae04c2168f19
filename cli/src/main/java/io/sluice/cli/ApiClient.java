package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

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

    private static final int CONNECT_TIMEOUT_MS = 3_000;
    private static final int READ_TIMEOUT_MS = 30_000;

    private final URI base;
    private final String apiKey;

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
        if (!"http".equalsIgnoreCase(base.getScheme()) && !"https".equalsIgnoreCase(base.getScheme()) || base.getHost() == null) {
            throw new SluiceCli.UsageException("the server URL '" + baseUrl + "' is not an http:// or https:// URL");
        }
    }

    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    Response get(String path) {
        return send("GET", path, null);
    }

    Response delete(String path) {
        return send("DELETE", path, null);
    }

    Response post(String path, JsonNode body) {
        return send("POST", path, Json.write(body));
    }

    /**
     * One request over {@link HttpURLConnection}: for an {@code http://} server it sets up no TLS, which the JDK's
     * {@code HttpClient} does whatever the scheme (about 0.2 s of a short command's start; bench/README.md, "CLI start").
     * Redirects are not followed.
     */
    private Response send(String method, String path, String body) {
        try {
            HttpURLConnection c = (HttpURLConnection) base.resolve(base.getPath() + path).toURL().openConnection();
            c.setRequestMethod(method);
            c.setInstanceFollowRedirects(false);
            c.setConnectTimeout(CONNECT_TIMEOUT_MS);
            c.setReadTimeout(READ_TIMEOUT_MS);
            c.setRequestProperty("Accept", "application/json");
            if (apiKey != null) {
                c.setRequestProperty("Authorization", "Bearer " + apiKey);
            }
            if (body != null) {
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                c.setDoOutput(true);
                c.setRequestProperty("Content-Type", "application/json");
                c.setFixedLengthStreamingMode(bytes.length);
                try (OutputStream out = c.getOutputStream()) {
                    out.write(bytes);
                }
            }
            int status = c.getResponseCode();
            String text;
            try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
                text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            JsonNode parsed = null;
            if (!text.isBlank()) {
                try {
                    parsed = Json.parse(text);
                } catch (IllegalArgumentException e) {
                    throw new Unreachable(base + " answered " + status + " with something that is not JSON; is it a Sluice server?");
                }
            }
            return new Response(status, parsed);
        } catch (ConnectException e) {
            throw new Unreachable("no Sluice server answers at " + base + "; start one with ./sluice serve, or point SLUICE_URL (or --url) at it");
        } catch (IOException e) {
            throw new Unreachable("talking to " + base + " failed: " + e.getMessage());
        }
    }
}
