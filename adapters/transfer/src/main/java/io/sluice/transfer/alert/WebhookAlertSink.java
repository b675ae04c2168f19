package io.sluice.transfer.alert;

import io.sluice.functions.alert.AlertJson;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.AlertSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * POSTs each alert as JSON ({@code incidentKey}, {@code severity}, {@code title}, {@code detail}) to
 * a webhook. Anything but a 2xx throws, so the deduplication in front of it lets the alert's next
 * attempt fire it again.
 */
public final class WebhookAlertSink implements AlertSink {
    private final URI url;
    private final HttpClient client;
    private final Duration timeout;
    private final Map<String, String> headers;

    /** @param headers sent with every request (a token, say); never logged */
    public WebhookAlertSink(URI url, HttpClient client, Duration timeout, Map<String, String> headers) {
        this.url = url;
        this.client = client;
        this.timeout = timeout;
        this.headers = Map.copyOf(headers);
    }

    @Override
    public void fire(Alert alert) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(AlertJson.of(alert))));
        headers.forEach(request::header);
        HttpResponse<Void> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new UncheckedIOException("The alert webhook " + url.getHost() + " could not be reached", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while sending an alert to " + url.getHost(), e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException("The alert webhook " + url.getHost() + " answered HTTP " + response.statusCode()
                    + " to incident " + alert.incidentKey());
        }
    }
}
