package io.sluice.azure.host;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the Sluice host on Azure Functions, bound from the app settings at the edge
 * ({@code SLUICE_REDIS_URL}, {@code SLUICE_QUEUE_PREFIX}, ...); nothing below reads the environment.
 *
 * @param redisUrl       execution state, claims, timers: {@code rediss://<name>.<region>.redis.azure.net:10000}
 * @param redisAuthSecretUri the Key Vault secret holding Redis's access key ({@code SLUICE_REDIS_AUTH_SECRET_URI}, set by the
 *                       Terraform module: {@code https://<vault>.vault.azure.net/secrets/<name>}), read once at start through
 *                       the vault of {@code SLUICE_AZURE_KEYVAULT_URL}; none for a Redis without a password
 * @param redisKeyPrefix first segment of every Redis key of this deployment
 * @param queuePrefix    prefix of the deployment's queue names ({@code <prefix>-orchestrator}, {@code <prefix>-task-<function>}, ...)
 * @param lease          how long a task or a group's message is held by one invocation before another may take it
 */
@ConfigurationProperties("sluice")
public record SluiceAzureHostProperties(String redisUrl, String redisAuthSecretUri, String redisKeyPrefix, String queuePrefix, Duration lease) {
    public SluiceAzureHostProperties {
        if (redisUrl == null || redisUrl.isBlank()) {
            throw new IllegalArgumentException("sluice.redis-url (SLUICE_REDIS_URL) must name the Redis that holds execution state,"
                    + " e.g. rediss://sluice-prod.westeurope.redis.azure.net:10000");
        }
        redisKeyPrefix = redisKeyPrefix == null || redisKeyPrefix.isBlank() ? "sluice" : redisKeyPrefix;
        queuePrefix = queuePrefix == null || queuePrefix.isBlank() ? "sluice" : queuePrefix;
        lease = lease == null ? Duration.ofMinutes(5) : lease;
    }
}
