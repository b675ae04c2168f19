package io.sluice.azure.publish;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** One POST to a messaging service's REST endpoint: its status and the start of its answer (for error messages). */
final class HttpPost {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int SNIPPET = 300;

    record Answer(int status, String body) {
        boolean ok() {
            return status / 100 == 2;
        }

        String snippet() {
            return body.length() > SNIPPET ? body.substring(0, SNIPPET) + "..." : body;
        }
    }

    private final HttpClient client;

    HttpPost(HttpClient client) {
        this.client = client;
    }

    static HttpClient defaultClient() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** Posts {@code body}; an I/O failure or an interruption is thrown as a (retryable) {@link IllegalStateException} naming {@code what}. */
    Answer post(URI uri, Map<String, String> headers, String body, Authorization auth, URI resource, String what) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        headers.forEach(request::header);
        String[] authorization = auth.header(resource);
        request.header(authorization[0], authorization[1]);
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Answer(response.statusCode(), response.body() == null ? "" : response.body());
        } catch (IOException e) {
            throw new IllegalStateException(what + " could not be reached: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending to " + what, e);
        }
    }
}
