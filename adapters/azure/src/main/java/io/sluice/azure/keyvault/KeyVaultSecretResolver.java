package io.sluice.azure.keyvault;

import com.azure.core.exception.HttpResponseException;
import io.sluice.orchestration.port.SecretResolver;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link SecretResolver} on Azure Key Vault. Names are mapped by {@link KeyVaultSecretNames}, so the
 * tenant scoping that {@code ScopedSecrets} does ({@code finance/partner-token}) stays a scoping in the
 * vault ({@code finance--partner-token}). Each answer, a value or "there is none", is cached for {@code ttl}
 * (a rotated secret is seen within it), so a warm function reads the vault once per secret and period.
 *
 * <p>Values are never logged, put in an exception message or shown by {@link #toString()}: a vault error
 * becomes an {@link IllegalStateException} naming the secret and the HTTP status only.
 */
public final class KeyVaultSecretResolver implements SecretResolver {
    private final VaultSecrets vault;
    private final Duration ttl;
    private final Clock clock;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(Optional<String> value, Instant until) {
        @Override
        public String toString() {
            return "Cached[value hidden, until " + until + "]";
        }
    }

    public KeyVaultSecretResolver(VaultSecrets vault, Duration ttl, Clock clock) {
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("the cache time must not be negative, was " + ttl);
        }
        this.vault = vault;
        this.ttl = ttl;
        this.clock = clock;
    }

    @Override
    public Optional<String> resolve(String name) {
        String vaultName = KeyVaultSecretNames.of(name);
        Instant now = clock.instant();
        Cached cached = cache.get(vaultName);
        if (cached != null && now.isBefore(cached.until())) {
            return cached.value();
        }
        Optional<String> value;
        try {
            value = vault.value(vaultName);
        } catch (HttpResponseException e) {
            int status = e.getResponse() == null ? -1 : e.getResponse().getStatusCode();
            throw new IllegalStateException("Key Vault could not read secret '" + name + "' (HTTP " + status + ")", null);
        }
        cache.put(vaultName, new Cached(value, now.plus(ttl)));
        return value;
    }

    @Override
    public String toString() {
        return "KeyVaultSecretResolver[values never shown, cached " + ttl + "]";
    }
}
