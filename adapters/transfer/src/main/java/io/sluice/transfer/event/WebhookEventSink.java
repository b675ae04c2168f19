package io.sluice.transfer.event;

import io.sluice.orchestration.port.EventSink;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.logging.Logger;

/**
 * POSTs each execution event to a webhook in CloudEvents' structured mode ({@code Content-Type:
 * application/cloudevents+json}, the event as the body). A 2xx is delivered; a 5xx, a 408, a 429 or an
 * unreachable receiver is tried again, up to {@code attempts} times with doubling waits from {@code backoff},
 * and then thrown, so the event comes back from its queue later; any other 4xx is the receiver refusing the
 * event for good: logged and dropped, never retried.
 */
public final class WebhookEventSink implements EventSink {
    private static final Logger LOG = Logger.getLogger(WebhookEventSink.class.getName());
    public static final String CONTENT_TYPE = "application/cloudevents+json; charset=utf-8";

    private final URI url;
    private final HttpClient client;
    private final Settings settings;
    private final Map<String, String> headers;

    /**
     * @param attempts tries per delivery, at least 1
     * @param backoff  the wait after the first failed try, doubled after each further one
     */
    public record Settings(Duration timeout, int attempts, Duration backoff) {
        public Settings {
            if (attempts < 1) {
                throw new IllegalArgumentException("sluice.events.webhook attempts: expected at least 1, got " + attempts);
            }
        }

        public static Settings defaults() {
            return new Settings(Duration.ofSeconds(10), 3, Duration.ofMillis(200));
        }
    }

    /** @param headers sent with every request (a token, say); never logged */
    public WebhookEventSink(URI url, HttpClient client, Settings settings, Map<String, String> headers) {
        this.url = url;
        this.client = client;
        this.settings = settings;
        this.headers = Map.copyOf(headers);
    }

    @Override
    public void deliver(CloudEvent event) {
        String last = null;
        Duration wait = settings.backoff();
        for (int attempt = 1; attempt <= settings.attempts(); attempt++) {
            if (attempt > 1) {
                pause(wait);
                wait = wait.multipliedBy(2);
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(settings.timeout())
                    .header("Content-Type", CONTENT_TYPE)
                    .POST(HttpRequest.BodyPublishers.ofString(event.json()));
            headers.forEach(request::header);
            int status;
            try {
                status = client.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (IOException e) {
                last = "could not be reached (" + e.getClass().getSimpleName() + ")";
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while sending event " + event.id() + " to " + url.getHost(), e);
            }
            if (status / 100 == 2) {
                return;
            }
            if (status / 100 == 4 && status != 408 && status != 429) {
                LOG.warning("the event webhook " + url.getHost() + " refused event " + event.id() + " (" + event.type() + ") with HTTP "
                        + status + "; dropped, not retried");
                return;
            }
            last = "answered HTTP " + status;
        }
        throw new IllegalStateException("The event webhook " + url.getHost() + " " + last + " to event " + event.id() + " after "
                + settings.attempts() + " attempt(s); it will be delivered again");
    }

    private static void pause(Duration wait) {
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted between event deliveries", e);
        }
    }
}
