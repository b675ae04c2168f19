package io.sluice.local.app;

import io.sluice.api.tenant.ApiKeys;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The app with tenants: a pipelines folder of its own with a {@code tenants.json} (keys made for this
 * JVM, stored hashed) for two tenants, {@code finance} and {@code ops}, and one signed webhook. Its own
 * key prefix and queue prefix; every subclass shares one context.
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import({TestFunctions.class, TenantAppTest.Secrets.class})
public abstract class TenantAppTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    protected static final String FIN_OPERATOR = ApiKeys.generate();
    protected static final String FIN_READER = ApiKeys.generate();
    protected static final String OPS_OPERATOR = ApiKeys.generate();
    protected static final String CAPPED_OPERATOR = ApiKeys.generate();
    static final String HOOK_SECRET = "whsec-" + UUID.randomUUID();
    private static final String PASS = "{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}";
    private static final String HOLD = """
            {"StartAt": "Hold", "States": {"Hold": {"Type": "Task", "Resource": "sluice:function:wait-callback.waitForTaskToken",
              "Parameters": {"token.$": "$$.Task.Token"}, "End": true}}}""";
    private static Path directory;

    @LocalServerPort
    protected int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> "sluice-test:tenants:" + RUN);
        // The context lives as long as the JVM (Spring caches it): its keys go when the JVM does.
        io.sluice.testkit.redis.RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), "sluice-test:tenants:" + RUN);
        registry.add("sluice.queue-prefix", () -> "u" + RUN);
        // The SQS queue, so the app's wiring of it stays tested: an ElasticMQ the app starts on a free port.
        registry.add("sluice.queue", () -> "sqs");
        registry.add("sluice.sqs.port", () -> 0);
        registry.add("sluice.pipelines-dir", () -> directory().toString());
        registry.add("sluice.sfn-api.port", () -> 0); // a free port: never the shared default 8083
        registry.add("sluice.api.require-tenants", () -> true);
        registry.add("sluice.data-functions", () -> false); // no PostgreSQL or job engine: the API is under test
        registry.add("server.tomcat.basedir", () -> "target/tomcat-" + RUN);
        // Ten starts, then next to none: the 11th is refused whatever the speed of the machine.
        registry.add("sluice.api.tenant-starts.capped.per-second", () -> 0.001);
        registry.add("sluice.api.tenant-starts.capped.burst", () -> 10);
    }

    /** The webhook secret the signed pipeline names, as the app's secret resolver finds it. */
    @TestConfiguration(proxyBeanMethods = false)
    static class Secrets {
        @Bean
        @Primary
        SecretResolver testSecrets() {
            return name -> "hook".equals(name) ? Optional.of(HOOK_SECRET) : Optional.empty();
        }
    }

    static synchronized Path directory() {
        if (directory != null) {
            return directory;
        }
        try {
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "tenant-pipelines-");
            for (String id : new String[] {"fin-orders", "fin-down", "ops-orders", "signed", "signed-too", "no-secret", "capped-orders"}) {
                Files.writeString(dir.resolve(id + ".asl.json"), PASS);
            }
            Files.writeString(dir.resolve("fin-hold.asl.json"), HOLD);
            Files.writeString(dir.resolve("ops-hold.asl.json"), HOLD);
            Files.writeString(dir.resolve("signed.pipeline.json"), "{\"webhook\": {\"secret\": \"hook\", \"toleranceSeconds\": 60}}");
            // Shares the secret of 'signed': a request signed for one must not start the other.
            Files.writeString(dir.resolve("signed-too.pipeline.json"), "{\"webhook\": {\"secret\": \"hook\"}}");
            // Signed, and its definition cannot run: every start fails, and must not use the request up.
            Files.writeString(dir.resolve("signed-broken.asl.json"), "{\"StartAt\": \"Nowhere\", \"States\": {}}");
            Files.writeString(dir.resolve("signed-broken.pipeline.json"), "{\"webhook\": {\"secret\": \"hook\"}}");
            Files.writeString(dir.resolve("no-secret.pipeline.json"), "{\"webhook\": {\"secret\": \"never-set\"}}");
            Files.writeString(dir.resolve("fin-down.pipeline.json"), "{\"dependsOn\": [\"ops-orders\"]}");
            Files.writeString(dir.resolve("tenants.json"), tenants());
            directory = dir;
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String tenants() {
        return """
                {"tenants": {
                  "finance": {"pipelines": ["fin-orders", "fin-hold", "fin-down", "signed", "signed-too", "signed-broken", "no-secret"],
                              "keys": [{"id": "ci", "sha256": "%s", "role": "operator"},
                                       {"id": "dashboard", "sha256": "%s", "role": "reader"}]},
                  "ops": {"pipelines": ["ops-orders", "ops-hold"], "keys": [{"id": "ops-ci", "sha256": "%s", "role": "operator"}]},
                  "capped": {"pipelines": ["capped-orders"], "keys": [{"id": "capped-ci", "sha256": "%s", "role": "operator"}]}}}
                """.formatted(ApiKeys.hashHex(FIN_OPERATOR), ApiKeys.hashHex(FIN_READER).toUpperCase(), ApiKeys.hashHex(OPS_OPERATOR),
                ApiKeys.hashHex(CAPPED_OPERATOR));
    }

    protected Http http() {
        return new Http("http://127.0.0.1:" + port);
    }

    /** The header pair that presents {@code key}. */
    static String[] as(String key) {
        return new String[] {"Authorization", "Bearer " + key};
    }

    static Map<String, String> keys() {
        return Map.of("finance", FIN_OPERATOR, "ops", OPS_OPERATOR);
    }

    protected static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
