package io.sluice.aws.secrets;

import io.sluice.orchestration.port.SecretResolver;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueResponse;
import software.amazon.awssdk.services.secretsmanager.model.ResourceNotFoundException;
import software.amazon.awssdk.services.secretsmanager.model.SecretsManagerException;

/**
 * {@link SecretResolver} on AWS Secrets Manager: secret {@code name} is the secret {@code <prefix><name>}
 * (its current version's SecretString, or its SecretBinary read as UTF-8). Tenants are scoped above this
 * resolver, as on every host: {@code ScopedSecrets} asks for {@code finance/partner-token} on behalf of a
 * pipeline of tenant {@code finance}, which is the secret {@code <prefix>finance/partner-token} here, and refuses
 * a tenant's name with a {@code /}, so no tenant reaches another's secrets.
 *
 * <p>Values (and absences) are cached for {@code ttl}, so a warm Lambda does not call Secrets Manager on every
 * task and a rotated secret is picked up within {@code ttl}. Nothing here logs or prints a value: errors name
 * the secret and Secrets Manager's error code only, and {@link #toString()} shows no values.
 */
public final class SecretsManagerSecretResolver implements SecretResolver {
    /** What Secrets Manager accepts in a secret's name. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9/_+=.@-]{1,512}");
    /** A secret's full ARN, which {@link #forArns} resolvers take instead of names. */
    static final Pattern ARN = Pattern.compile("arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\\d{12}:secret:[A-Za-z0-9/_+=.@-]{1,512}");

    private record Cached(Optional<String> value, Instant until) {}

    private final SecretsManagerClient secrets;
    private final String prefix;
    private final Pattern accepted;
    private final Duration ttl;
    private final Clock clock;
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    /** @param prefix prepended to every name, such as {@code sluice/prod/} ({@code ""} for none) */
    public SecretsManagerSecretResolver(SecretsManagerClient secrets, String prefix, Duration ttl, Clock clock) {
        this(secrets, prefix == null ? "" : prefix, NAME, ttl, clock);
    }

    private SecretsManagerSecretResolver(SecretsManagerClient secrets, String prefix, Pattern accepted, Duration ttl, Clock clock) {
        this.secrets = secrets;
        this.prefix = prefix;
        this.accepted = accepted;
        this.ttl = ttl;
        this.clock = clock;
    }

    /**
     * A resolver whose names are whole secret ARNs ({@code arn:aws:secretsmanager:<region>:<account>:secret:<name>-AbCdEf}),
     * for the secrets a deployment names itself, such as the Redis password of {@code SLUICE_REDIS_AUTH_SECRET_ARN}; never
     * the pipelines' resolver, whose names stay under its prefix.
     */
    public static SecretsManagerSecretResolver forArns(SecretsManagerClient secrets, Duration ttl, Clock clock) {
        return new SecretsManagerSecretResolver(secrets, "", ARN, ttl, clock);
    }

    @Override
    public Optional<String> resolve(String name) {
        String id = prefix + name;
        if (name == null || name.isEmpty() || !accepted.matcher(id).matches()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Cached cached = cache.get(id);
        if (cached != null && now.isBefore(cached.until())) {
            return cached.value();
        }
        Optional<String> value = fetch(id, name);
        cache.put(id, new Cached(value, now.plus(ttl)));
        return value;
    }

    private Optional<String> fetch(String id, String name) {
        GetSecretValueResponse response;
        try {
            response = secrets.getSecretValue(b -> b.secretId(id));
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        } catch (SecretsManagerException e) {
            // Secrets Manager's messages name secrets, never values; the sentence here names the code.
            throw new IllegalStateException("cannot read secret '" + name + "' from Secrets Manager: "
                    + (e.awsErrorDetails() == null ? "HTTP " + e.statusCode() : e.awsErrorDetails().errorCode()), e);
        }
        if (response.secretString() != null) {
            return Optional.of(response.secretString());
        }
        if (response.secretBinary() != null) {
            return Optional.of(response.secretBinary().asString(StandardCharsets.UTF_8));
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "SecretsManagerSecretResolver[prefix " + prefix + ", cached for " + ttl + ", values never shown]";
    }
}
