package io.sluice.parity;

import io.sluice.orchestration.port.AlertSink;
import io.sluice.transfer.alert.WebhookAlertSink;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;

/**
 * The AWS and Azure hosts' alerts (their {@link AlertSink} bean, in place of the log's) POSTed to the suite's webhook
 * ({@code parity.alerts-url}), as the local runtime's go to {@code sluice.alerts.webhook-url}.
 */
@Configuration(proxyBeanMethods = false)
public class ParityAlerts {
    @Bean
    @Primary
    public AlertSink parityAlerts(Environment environment) {
        return new WebhookAlertSink(URI.create(environment.getRequiredProperty("parity.alerts-url")), HttpClient.newHttpClient(),
                Duration.ofSeconds(10), Map.of());
    }
}
