package io.sluice.azure;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sluice.integrations.http.*} on Azure, as on Lambda: the hosts {@code http:invoke} Task states may call (none
 * by default: a call elsewhere is refused before it is made) and how long a call may take.
 */
@ConfigurationProperties("sluice.integrations.http")
public record AzureHttpIntegrationProperties(List<String> allowedHosts, @DefaultValue("30s") Duration timeout) {
    public AzureHttpIntegrationProperties {
        allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("sluice.integrations.http.timeout: expected a positive duration such as 30s, not " + timeout);
        }
    }
}
