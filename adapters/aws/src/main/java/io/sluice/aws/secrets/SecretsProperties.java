package io.sluice.aws.secrets;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sluice.secrets.*}: secrets come from Secrets Manager when {@code enabled}.
 *
 * @param prefix   prepended to every secret name ({@code sluice/})
 * @param ttl      how long a value (or its absence) is cached (5 minutes)
 * @param endpoint an endpoint override for Secrets Manager alone
 */
@ConfigurationProperties("sluice.secrets")
public record SecretsProperties(boolean enabled, String prefix, Duration ttl, URI endpoint) {
    public SecretsProperties {
        prefix = prefix == null ? "sluice/" : prefix;
        ttl = ttl == null ? Duration.ofMinutes(5) : ttl;
    }
}
