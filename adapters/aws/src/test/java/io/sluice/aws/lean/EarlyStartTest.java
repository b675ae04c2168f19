package io.sluice.aws.lean;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.DefaultBootstrapContext;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.core.env.StandardEnvironment;

/** The wiring that starts with Spring Boot's run, on a real Redis and ElasticMQ: taken when the settings match, else closed. */
class EarlyStartTest {
    private static ElasticMqServer sqs;
    private Map<String, String> settings;

    @BeforeAll
    static void servers() {
        sqs = ElasticMqServer.start();
    }

    @AfterAll
    static void stop() {
        sqs.close();
    }

    @BeforeEach
    void properties() {
        settings = Map.of("sluice.redis-url", RedisTestServer.shared().url(), "sluice.sqs-endpoint", sqs.endpoint().toString(),
                "sluice.region", ElasticMqServer.REGION, "sluice.queue-prefix", "sluice",
                "sluice.redis-key-prefix", "early-" + UUID.randomUUID().toString().substring(0, 8));
        settings.forEach(System::setProperty);
    }

    @AfterEach
    void clear() throws Exception {
        settings.forEach(System::setProperty);
        SnapStartHooks left = EarlyStart.take(OrchestratorSettings.of(new StandardEnvironment()));
        if (left != null) {
            left.close();
        }
        settings.keySet().forEach(System::clearProperty);
    }

    private static void springStarts(Class<?>... sources) {
        new EarlyStart().onApplicationEvent(new ApplicationStartingEvent(new DefaultBootstrapContext(), new SpringApplication(sources), new String[0]));
    }

    @Test
    void theOrchestratorsRunStartsTheWiringThatItsInitializerTakes() throws Exception {
        springStarts(OrchestratorLambda.class);

        SnapStartHooks hooks = EarlyStart.take(OrchestratorSettings.of(new StandardEnvironment()));

        assertThat(hooks).isNotNull();
        assertThat(hooks.handler().apply(SnapStartHooks.primingEvent()).getBatchItemFailures()).isEmpty();
        hooks.close();
        assertThat(EarlyStart.take(OrchestratorSettings.of(new StandardEnvironment()))).as("taken once").isNull();
    }

    @Test
    void aWiringForOtherSettingsIsNotTaken() {
        // The wiring binds the system properties as they were when Spring's run started, not as they are later.
        springStarts(OrchestratorLambda.class);
        System.setProperty("sluice.redis-key-prefix", "other-" + UUID.randomUUID().toString().substring(0, 8));

        assertThat(EarlyStart.take(OrchestratorSettings.of(new StandardEnvironment()))).isNull();
    }

    @Test
    void aWiringForAnotherMetricsNamespaceIsNotTaken() {
        // The namespace its EMF lines go to (the Terraform module's Sluice/<name>) is one of the settings the wiring binds.
        springStarts(OrchestratorLambda.class);
        System.setProperty("sluice.metrics.namespace", "Sluice/other");
        try {
            assertThat(EarlyStart.take(OrchestratorSettings.of(new StandardEnvironment()))).isNull();
        } finally {
            System.clearProperty("sluice.metrics.namespace");
        }
    }

    @Test
    void anyOtherApplicationIsLeftAlone() {
        springStarts(Object.class);

        assertThat(EarlyStart.take(OrchestratorSettings.of(new StandardEnvironment()))).isNull();
    }
}
