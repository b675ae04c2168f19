package io.sluice.local.app;

import io.sluice.testkit.redis.RedisTestServer;
import java.util.UUID;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The app on real servers: the testkit's Redis, holding the queues too (the default queue), under a
 * key prefix and queue prefix of this JVM's own. Every subclass shares one context.
 * {@link TenantAppTest} runs the app on SQS (an ElasticMQ it starts itself) instead.
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(TestFunctions.class)
public abstract class LocalAppTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    @LocalServerPort
    protected int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> "sluice-test:local:" + RUN);
        // The context lives as long as the JVM (Spring caches it): its keys go when the JVM does.
        io.sluice.testkit.redis.RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), "sluice-test:local:" + RUN);
        registry.add("sluice.queue-prefix", () -> "t" + RUN);
        registry.add("sluice.pipelines-dir", () -> TestPipelines.directory().toString());
        // The API tests need no PostgreSQL: the six data functions are wired in DataFunctionsAppTest.
        registry.add("sluice.data-functions", () -> false);
        registry.add("server.tomcat.basedir", () -> "target/tomcat-" + RUN);
        // The Step Functions API on any free port, not 8083, which a runtime of the developer may hold.
        registry.add("sluice.sfn-api.port", () -> 0);
    }

    protected Http http() {
        return new Http("http://127.0.0.1:" + port);
    }

    protected String url() {
        return "http://127.0.0.1:" + port;
    }

    /** A name no other test uses. */
    protected static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
