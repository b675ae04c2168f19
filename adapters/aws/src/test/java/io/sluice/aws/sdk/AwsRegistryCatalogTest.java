package io.sluice.aws.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.aws.AwsIntegrations;
import io.sluice.aws.SluiceAwsProperties;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.glue.GlueConfiguration;
import io.sluice.aws.s3.S3Configuration;
import io.sluice.functions.integration.Integrations;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * What runs on AWS, as the AWS host builds it, agrees with {@link IntegrationCatalog}: the registry of the
 * {@code integrations} function (wired by {@link AwsIntegrations} with S3 and Glue on) has a handler for every
 * mapped action and the generic integration, and the generic integration's services
 * ({@link IntegrationCatalog#AWS_SDK_SERVICES}) are exactly the AWS SDK service modules this host's pom puts on its
 * main classpath.
 */
class AwsRegistryCatalogTest {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties({SluiceAwsProperties.class, AwsServicesProperties.class})
    static class Properties {}

    @Test
    void theRegistryTheAwsHostBuildsAgreesWithTheCatalog() {
        RedisAdapters redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url())
                .withKeyPrefix("sluice-registry-" + UUID.randomUUID().toString().substring(0, 8)));
        try {
            new ApplicationContextRunner().withUserConfiguration(Properties.class, AwsIntegrations.class, S3Configuration.class,
                            GlueConfiguration.class)
                    .withBean(Clock.class, Clock::systemUTC).withBean(RedisAdapters.class, () -> redis)
                    .withPropertyValues("sluice.region=us-east-1", "sluice.redis-url=" + RedisTestServer.shared().url(), "sluice.integrations.enabled=true", "sluice.s3.bucket=deployment",
                            "sluice.s3.endpoint=http://127.0.0.1:9", "sluice.glue.enabled=true", "sluice.glue.endpoint=http://127.0.0.1:9",
                            "sluice.sqs-endpoint=http://127.0.0.1:9")
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        Integrations integrations = (Integrations) context.getBean(Integrations.NAME);
                        assertThat(integrations.registry().disagreementsWithCatalog()).isEmpty();
                        assertThat(integrations.registry().hasGeneric()).isTrue();
                    });
        } finally {
            redis.close();
        }
    }

    @Test
    void theGenericIntegrationsServicesAreTheSdkModulesOnTheHostsMainClasspath() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher dependency = Pattern.compile("<dependency>\\s*<groupId>software\\.amazon\\.awssdk</groupId>\\s*<artifactId>([a-z0-9-]+)</artifactId>"
                + "(.*?)</dependency>", Pattern.DOTALL).matcher(pom);
        TreeSet<String> onMainClasspath = new TreeSet<>();
        SdkServices services = new SdkServices(name -> { throw new AssertionError("no client is built here"); });
        while (dependency.find()) {
            boolean main = !dependency.group(2).contains("<scope>test</scope>");
            if (main && services.carries(dependency.group(1))) {
                onMainClasspath.add(dependency.group(1));
            }
        }
        assertThat(onMainClasspath).containsExactlyElementsOf(new TreeSet<>(IntegrationCatalog.AWS_SDK_SERVICES));
    }
}
