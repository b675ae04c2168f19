package io.sluice.aws.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.aws.AwsPorts;
import io.sluice.stubs.aws.SecretsManagerStub;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * How a Lambda logs in to the deployment's AUTH-protected Redis: {@link AwsPorts} as Spring binds it from the very
 * environment variables the Terraform module sets ({@code SLUICE_REDIS_URL}, {@code SLUICE_REDIS_AUTH_SECRET_ARN}),
 * against a real {@code redis-server} with {@code requirepass} (and one that speaks TLS only, for {@code rediss://}).
 * Secrets Manager cannot run here: it is {@link SecretsManagerStub}, a stub of GetSecretValue, which cannot show IAM
 * or KMS decryption of the secret.
 */
class RedisAuthSecretTest {
    // Characters a URL would otherwise break on: the password is percent-encoded into the client's URL.
    private static final String PASSWORD = "p@ss:w/rd%+ #?é-" + UUID.randomUUID();
    private static final String ARN = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:sluice-test/redis-auth-AbCdEf";
    private static final String MISSING = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:sluice-test/other-XyZ123";
    private static EmbeddedRedis redis;
    private static SecretsManagerStub secrets;

    @BeforeAll
    static void start() {
        redis = EmbeddedRedis.start(new EmbeddedRedis.Options("redis-server", System.getenv().getOrDefault("PATH", ""), null,
                EmbeddedRedis.Persistence.NONE, PASSWORD));
        secrets = new SecretsManagerStub().put(ARN, PASSWORD).put(MISSING.replace("other", "empty"), "");
    }

    @AfterAll
    static void stop() {
        if (secrets != null) secrets.close();
        if (redis != null) redis.close();
    }

    /** AwsPorts alone, its settings given as a Lambda's environment variables are. */
    private static ApplicationContextRunner lambda(String redisUrl, String secretArn) {
        Map<String, Object> environment = new HashMap<>(Map.of("SLUICE_REDIS_URL", redisUrl,
                "SLUICE_REDIS_KEY_PREFIX", "sluice-auth-" + UUID.randomUUID().toString().substring(0, 8),
                "SLUICE_REGION", "eu-west-1", "SLUICE_SQS_ENDPOINT", "http://127.0.0.1:9", "SLUICE_SECRETS_ENDPOINT", secrets.endpoint().toString()));
        if (secretArn != null) {
            environment.put("SLUICE_REDIS_AUTH_SECRET_ARN", secretArn);
        }
        return new ApplicationContextRunner().withUserConfiguration(AwsPorts.class).withInitializer(context -> context.getEnvironment()
                .getPropertySources().addFirst(new SystemEnvironmentPropertySource("lambda-environment", environment)));
    }

    private static long reads(String arn) {
        return secrets.calls("GetSecretValue").stream().filter(c -> c.body().path("SecretId").asText().equals(arn)).count();
    }

    /** Writes and reads one key through the host's own client, then deletes it. */
    private static void roundTrip(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        RedissonClient client = context.getBean(RedisAdapters.class).redisson();
        String key = context.getEnvironment().getProperty("SLUICE_REDIS_KEY_PREFIX") + ":probe";
        client.getBucket(key).set("logged in");
        assertThat(client.<String>getBucket(key).get()).isEqualTo("logged in");
        client.getBucket(key).delete();
    }

    /** The server refuses a client without the password: at start, or at its first command (Redisson may connect lazily). */
    private static void refused(AssertableApplicationContext context) {
        if (context.getStartupFailure() == null) {
            assertThatThrownBy(() -> context.getBean(RedisAdapters.class).redisson().getBucket("sluice-auth:probe").set("x"))
                    .hasMessageContaining("NOAUTH");
        } else {
            assertThat(context).getFailure().rootCause().hasMessageContaining("NOAUTH");
        }
    }

    @Test
    void theHostLogsInWithThePasswordOfTheSecretTheVariableNames() {
        String url = "redis://127.0.0.1:" + redis.port();
        long before = reads(ARN);
        lambda(url, ARN).run(RedisAuthSecretTest::roundTrip);
        assertThat(reads(ARN) - before).as("the secret is read once, at initialisation").isEqualTo(1);
        lambda(url, null).run(RedisAuthSecretTest::refused); // without the secret the same server refuses the host
    }

    @Test
    void aMemoryDbStyleUrlKeepsItsUserName() {
        // MemoryDB's URL names the ACL user (rediss://sluice-prod-app@host); the server here has only the default user.
        SluiceRedisProperties withUser = SluiceRedisProperties.of("rediss://sluice-prod-app@my-cluster.memorydb.amazonaws.com:6379/0")
                .withPassword(PASSWORD);
        assertThat(withUser.url()).startsWith("rediss://sluice-prod-app:").endsWith("@my-cluster.memorydb.amazonaws.com:6379/0");
        assertThat(withUser.toString()).doesNotContain("w/rd").contains("rediss://***@my-cluster.memorydb.amazonaws.com:6379/0");
        lambda("redis://default@127.0.0.1:" + redis.port(), ARN).run(RedisAuthSecretTest::roundTrip);
    }

    @Test
    void aMissingOrEmptySecretFailsTheStartNamingTheVariableAndNoValue() {
        String url = "redis://127.0.0.1:" + redis.port();
        lambda(url, MISSING).run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                .hasMessageContaining("SLUICE_REDIS_AUTH_SECRET_ARN names " + MISSING + ", which Secrets Manager does not have")
                .message().doesNotContain(PASSWORD));
        lambda(url, MISSING.replace("other", "empty")).run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                .hasMessageContaining("SLUICE_REDIS_AUTH_SECRET_ARN names").hasMessageContaining("holds no value"));
        lambda(url, "sluice-test/redis-auth").run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SLUICE_REDIS_AUTH_SECRET_ARN (sluice.redis-auth-secret-arn) must be the ARN of the Secrets Manager secret"));
        String denied = ARN.replace("redis-auth", "denied");
        secrets.deny(denied);
        lambda(url, denied).run(context -> assertThat(context).hasFailed().getFailure().hasStackTraceContaining(
                "cannot read the Redis password from the secret SLUICE_REDIS_AUTH_SECRET_ARN names (" + denied + "): cannot read secret '"
                        + denied + "' from Secrets Manager: AccessDeniedException"));
    }

    @Test
    void aPasswordGivenTwiceIsRefused() {
        lambda("redis://:other@127.0.0.1:" + redis.port(), ARN).run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                .hasMessageContaining("carries a password already").message().doesNotContain("other@"));
    }

    @Test
    void overTlsTooWhenTheUrlIsRediss() throws Exception {
        var missing = TlsRedisServer.unavailable();
        io.sluice.testkit.Requires.tool(missing.isEmpty(), () -> "no TLS Redis here, " + missing.orElse(""));
        Map<String, String> saved = new HashMap<>();
        try (TlsRedisServer tls = TlsRedisServer.start(PASSWORD)) {
            // Redisson trusts the JVM's trust store, as on Lambda (Amazon's CA); here that is the server's own certificate.
            for (var e : Map.of("javax.net.ssl.trustStore", tls.trustStore().toString(), "javax.net.ssl.trustStorePassword", "changeit",
                    "javax.net.ssl.trustStoreType", "PKCS12").entrySet()) {
                saved.put(e.getKey(), System.getProperty(e.getKey()));
                System.setProperty(e.getKey(), e.getValue());
            }
            lambda(tls.url(), ARN).run(RedisAuthSecretTest::roundTrip);
            lambda(tls.url(), null).run(RedisAuthSecretTest::refused);
        } finally {
            saved.forEach((k, v) -> {
                if (v == null) System.clearProperty(k);
                else System.setProperty(k, v);
            });
        }
    }
}
