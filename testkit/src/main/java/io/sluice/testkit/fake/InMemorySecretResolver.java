package io.sluice.testkit.fake;

import io.sluice.orchestration.port.SecretResolver;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Secrets in memory; counts nothing, shows no value. */
public final class InMemorySecretResolver implements SecretResolver {
    private final Map<String, String> secrets = new ConcurrentHashMap<>();

    public InMemorySecretResolver put(String name, String value) {
        secrets.put(name, value);
        return this;
    }

    @Override
    public Optional<String> resolve(String name) {
        return Optional.ofNullable(secrets.get(name));
    }

    @Override
    public String toString() {
        return "InMemorySecretResolver" + secrets.keySet();
    }
}
