package io.sluice.azure.keyvault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.azure.host.AzureRuntime;
import io.sluice.azure.host.SluiceAzureHostProperties;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * How the Azure host logs in to the deployment's Redis: {@link AzureRuntime#redisAdapters} with the app settings the
 * Terraform module sets ({@code SLUICE_REDIS_URL}, {@code SLUICE_REDIS_AUTH_SECRET_URI}, {@code SLUICE_AZURE_KEYVAULT_URL},
 * bound by Spring from those very names), against a real {@code redis-server} with {@code requirepass}. Key Vault cannot
 * run here: the {@link KeyVaultSecretResolver} reads a hand-written {@link VaultSecrets} stub (a map, counting reads),
 * which cannot show Entra authentication or RBAC (the REST client itself is covered by {@code KeyVaultSecretResolverTest}).
 */
class RedisAccessKeyTest {
    private static final String KEY = "Acc3ss+Key/=" + UUID.randomUUID();
    private static final String VAULT = "https://kv-sluice-test-a1b2c3.vault.azure.net/";
    private static final String SECRET = "https://kv-sluice-test-a1b2c3.vault.azure.net/secrets/redis-access-key";
    private static EmbeddedRedis redis;
    private final Map<String, String> vault = new HashMap<>(Map.of("redis-access-key", KEY, "empty-key", ""));
    private final List<String> reads = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        redis = EmbeddedRedis.start(new EmbeddedRedis.Options("redis-server", System.getenv().getOrDefault("PATH", ""), null,
                EmbeddedRedis.Persistence.NONE, KEY));
    }

    @AfterAll
    static void stop() {
        if (redis != null) redis.close();
    }

    private ObjectProvider<SecretResolver> keyVault() {
        return keyVault(name -> {
            reads.add(name);
            return Optional.ofNullable(vault.get(name));
        });
    }

    /** The deployment's resolver on {@code secrets}, as the app context hands it to the host. */
    private static ObjectProvider<SecretResolver> keyVault(VaultSecrets secrets) {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("secretResolver", new KeyVaultSecretResolver(secrets, Duration.ofMinutes(5),
                new ManualClock(Instant.parse("2026-12-01T00:00:00Z"))));
        return beans.getBeanProvider(SecretResolver.class);
    }

    /** The host's settings bound from app settings, as the Function App has them. */
    private static SluiceAzureHostProperties appSettings(String secretUri) {
        Map<String, Object> settings = new HashMap<>(Map.of("SLUICE_REDIS_URL", "redis://127.0.0.1:" + redis.port(),
                "SLUICE_REDIS_KEY_PREFIX", "sluice-auth-" + UUID.randomUUID().toString().substring(0, 8)));
        if (secretUri != null) {
            settings.put("SLUICE_REDIS_AUTH_SECRET_URI", secretUri);
        }
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new SystemEnvironmentPropertySource("app-settings", settings));
        return Binder.get(environment).bind("sluice", SluiceAzureHostProperties.class).get();
    }

    @Test
    void theHostLogsInWithTheAccessKeyOfTheSecretTheSettingNames() {
        SluiceAzureHostProperties host = appSettings(SECRET);
        assertThat(host.redisAuthSecretUri()).isEqualTo(SECRET);
        try (RedisAdapters adapters = new AzureRuntime().redisAdapters(host, keyVault(), VAULT)) {
            String key = host.redisKeyPrefix() + ":probe";
            adapters.redisson().getBucket(key).set("logged in");
            assertThat(adapters.redisson().<String>getBucket(key).get()).isEqualTo("logged in");
            adapters.redisson().getBucket(key).delete();
        }
        assertThat(reads).containsExactly("redis-access-key");
    }

    @Test
    void withoutTheSecretTheSameServerRefusesTheHost() {
        SluiceAzureHostProperties host = appSettings(null);
        assertThatThrownBy(() -> {
            try (RedisAdapters adapters = new AzureRuntime().redisAdapters(host, keyVault(), VAULT)) {
                adapters.redisson().getBucket(host.redisKeyPrefix() + ":probe").set("x");
            }
        }).rootCause().hasMessageContaining("NOAUTH");
        assertThat(reads).isEmpty();
    }

    @Test
    void aMissingEmptyOrForeignSecretFailsTheStartNamingTheSetting() {
        assertThatThrownBy(() -> new AzureRuntime().redisAdapters(appSettings(SECRET.replace("redis-access-key", "absent")), keyVault(), VAULT))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SLUICE_REDIS_AUTH_SECRET_URI names " + SECRET.replace("redis-access-key", "absent")
                        + ", which the vault does not have");
        assertThatThrownBy(() -> new AzureRuntime().redisAdapters(appSettings(SECRET.replace("redis-access-key", "empty-key")), keyVault(), VAULT))
                .hasMessageContaining("holds no value");
        assertThatThrownBy(() -> new AzureRuntime().redisAdapters(appSettings(SECRET), keyVault(), ""))
                .hasMessageContaining("SLUICE_AZURE_KEYVAULT_URL (sluice.azure.keyvault.url), the vault it is read through, is not set");
        assertThatThrownBy(() -> new AzureRuntime().redisAdapters(appSettings(SECRET.replace("kv-sluice-test", "kv-other")), keyVault(), VAULT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be in the deployment's vault");
        assertThatThrownBy(() -> new AzureRuntime().redisAdapters(appSettings(SECRET + "/0123456789abcdef"), keyVault(), VAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SLUICE_REDIS_AUTH_SECRET_URI (sluice.redis-auth-secret-uri) must be a Key Vault secret's versionless id");
        assertThatThrownBy(() -> new AzureRuntime().redisAdapters(appSettings(SECRET), keyVault(name -> {
            throw new com.azure.core.exception.HttpResponseException("Forbidden", null);
        }), VAULT)).hasMessageContaining("cannot read the Redis access key from the secret SLUICE_REDIS_AUTH_SECRET_URI names")
                .hasMessageContaining("Key Vault could not read secret 'redis-access-key'").hasMessageNotContaining(KEY);
    }
}
