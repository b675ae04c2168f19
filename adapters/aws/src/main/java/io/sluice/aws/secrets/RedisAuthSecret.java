package io.sluice.aws.secrets;

import io.sluice.redis.SluiceRedisProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The Redis AUTH password of a deployment, read once when a Lambda initialises from the Secrets Manager secret that
 * {@code SLUICE_REDIS_AUTH_SECRET_ARN} names (the Terraform module creates the secret, gives the password to
 * MemoryDB or ElastiCache, and sets the variable on every function). It goes through {@link SecretsManagerSecretResolver}
 * like every secret, and from there only into the Redis client: it is never logged, never in an error, never in
 * execution state. Without the variable the URL is used as it is (a local or test Redis without a password).
 */
public final class RedisAuthSecret {
    static final String VARIABLE = "SLUICE_REDIS_AUTH_SECRET_ARN";
    private static final Duration TTL = Duration.ofMinutes(5);

    private RedisAuthSecret() {}

    /**
     * {@code redis} with the password of secret {@code secretArn}, read through a client from {@code client} (closed
     * afterwards, and not even built without a secret); {@code redis} itself when {@code secretArn} is empty.
     *
     * @throws IllegalArgumentException when {@code secretArn} is not a secret's ARN
     * @throws IllegalStateException    when the secret cannot be read, does not exist or is empty, naming the variable
     */
    public static SluiceRedisProperties apply(SluiceRedisProperties redis, String secretArn, Supplier<SecretsManagerClient> client,
                                              Clock clock) {
        if (secretArn == null || secretArn.isBlank()) {
            return redis;
        }
        if (!SecretsManagerSecretResolver.ARN.matcher(secretArn).matches()) {
            throw new IllegalArgumentException(VARIABLE + " (sluice.redis-auth-secret-arn) must be the ARN of the Secrets Manager secret"
                    + " holding the Redis password, arn:aws:secretsmanager:<region>:<account>:secret:<name>, not '" + secretArn + "'");
        }
        Optional<String> password;
        try (SecretsManagerClient secrets = client.get()) {
            password = SecretsManagerSecretResolver.forArns(secrets, TTL, clock).resolve(secretArn);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot read the Redis password from the secret " + VARIABLE + " names (" + secretArn + "): "
                    + e.getMessage(), e);
        }
        return redis.withPassword(password.filter(p -> !p.isEmpty()).orElseThrow(() -> new IllegalStateException(VARIABLE + " names "
                + secretArn + ", which Secrets Manager does not have (or it holds no value): the Redis password must be that secret's value")));
    }
}
