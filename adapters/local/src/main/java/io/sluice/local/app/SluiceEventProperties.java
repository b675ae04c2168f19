package io.sluice.local.app;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the execution events go ({@code sluice.events.*}); none of them set: nowhere, and the runtime emits none.
 *
 * @param webhookUrl a URL each event is POSTed to as a CloudEvent (structured JSON)
 * @param topic      a local topic (the Redis streams of {@code sns:publish}) each event is published to, in the namespace
 *                   of the pipeline's tenant
 * @param source     the CloudEvents {@code source} of this host; each event's is {@code <source>/pipelines/<pipeline>}
 * @param attempts   tries per webhook delivery before the event is left to come back from the events queue
 * @param backoff    the wait after a failed webhook try, doubled after each further one
 */
@ConfigurationProperties("sluice.events")
public record SluiceEventProperties(String webhookUrl, String topic, @DefaultValue("/sluice/local") String source,
                                    @DefaultValue("3") int attempts, @DefaultValue("200ms") Duration backoff,
                                    @DefaultValue("10s") Duration timeout) {}
