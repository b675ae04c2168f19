package io.sluice.azure.keyvault;

import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.SluiceRedisProperties;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Redis access key of a deployment, read once at start from the Key Vault secret that
 * {@code SLUICE_REDIS_AUTH_SECRET_URI} names (the Terraform module writes the Managed Redis key there and sets the
 * variable to the secret's versionless id). It is read through the deployment's {@link KeyVaultSecretResolver} (the
 * vault of {@code SLUICE_AZURE_KEYVAULT_URL}), like every secret, and goes only into the Redis client: never logged,
 * never in an error, never in execution state. Without the variable the URL is used as it is.
 */
public final class RedisAccessKey {
    static final String VARIABLE = "SLUICE_REDIS_AUTH_SECRET_URI";
    /** A versionless secret id: {@code https://<vault host>/secrets/<name>}. */
    private static final Pattern SECRET_ID = Pattern.compile("https://([^/]+)/secrets/([A-Za-z0-9-]{1,127})/?");

    private RedisAccessKey() {}

    /**
     * {@code redis} with the value of secret {@code secretUri}, resolved by {@code vault}, the resolver of the vault at
     * {@code vaultUrl}; {@code redis} itself when {@code secretUri} is empty.
     *
     * @throws IllegalArgumentException when {@code secretUri} is no versionless secret id of that vault
     * @throws IllegalStateException    when the secret cannot be read, does not exist or is empty, naming the variable
     */
    public static SluiceRedisProperties apply(SluiceRedisProperties redis, String secretUri, String vaultUrl, Optional<SecretResolver> vault) {
        if (secretUri == null || secretUri.isBlank()) {
            return redis;
        }
        Matcher id = SECRET_ID.matcher(secretUri.trim());
        if (!id.matches()) {
            throw new IllegalArgumentException(VARIABLE + " (sluice.redis-auth-secret-uri) must be a Key Vault secret's versionless id,"
                    + " https://<vault>.vault.azure.net/secrets/<name>, not '" + secretUri + "'");
        }
        if (vault.isEmpty() || vaultUrl == null || vaultUrl.isBlank()) {
            throw new IllegalStateException(VARIABLE + " names a Key Vault secret, but SLUICE_AZURE_KEYVAULT_URL (sluice.azure.keyvault.url),"
                    + " the vault it is read through, is not set");
        }
        String host = URI.create(vaultUrl.trim()).getHost();
        if (host == null || !host.toLowerCase(Locale.ROOT).equals(id.group(1).toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(VARIABLE + " names a secret in vault " + id.group(1) + ", but SLUICE_AZURE_KEYVAULT_URL is "
                    + vaultUrl + ": the Redis key must be in the deployment's vault");
        }
        String name = id.group(2);
        Optional<String> key;
        try {
            key = vault.get().resolve(name);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot read the Redis access key from the secret " + VARIABLE + " names (" + secretUri + "): "
                    + e.getMessage(), e);
        }
        return redis.withPassword(key.filter(k -> !k.isEmpty()).orElseThrow(() -> new IllegalStateException(VARIABLE + " names "
                + secretUri + ", which the vault does not have (or it holds no value): the Redis access key must be that secret's value")));
    }
}
