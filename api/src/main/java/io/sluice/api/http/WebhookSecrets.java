package io.sluice.api.http;

import io.sluice.orchestration.port.SecretResolver;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The bytes of a pipeline's webhook secret, by the secret's name. */
record WebhookSecrets(SecretResolver resolver) {
    Optional<byte[]> find(String name) {
        return resolver.resolve(name).filter(s -> !s.isEmpty()).map(s -> s.getBytes(StandardCharsets.UTF_8));
    }
}
