package io.sluice.aws.glue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.redis.RedisAdapters;
import java.time.Clock;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.glue.GlueClient;

/**
 * Glue behind the JobLauncher port when {@code sluice.glue.enabled=true}: the launcher (claims in the deployment's
 * Redis), the in-process {@link JobCompletions} its job-state events feed, and the {@code glue-launch} task
 * function on them, which polls GetJobRun with capped backoff ({@code sluice.glue.poll-initial}, doubling to
 * {@code poll-max}) where no event wakes it. The {@code glue-job-state} function is {@link GlueJobStateFunction}'s.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "sluice.glue", name = "enabled", havingValue = "true")
@EnableConfigurationProperties({GlueProperties.class, AwsServicesProperties.class})
public class GlueConfiguration {

    @Bean(destroyMethod = "close")
    public GlueClient sluiceGlueClient(GlueProperties glue, AwsServicesProperties aws) {
        return AwsClients.build(GlueClient.builder(), aws.settings(glue.endpoint()));
    }

    @Bean
    public GlueJobLauncher glueJobLauncher(GlueClient client, RedisAdapters redis, GlueProperties glue, Clock clock) {
        GlueLauncherSettings defaults = GlueLauncherSettings.defaults();
        GlueLauncherSettings settings = new GlueLauncherSettings(glue.lookupPages(), glue.claimLease(), defaults.claimWait(),
                defaults.retention());
        return new GlueJobLauncher(client, redis.idempotencyStore(), settings, clock, Sleeper.REAL,
                "lambda-" + ProcessHandle.current().pid());
    }

    @Bean
    @ConditionalOnMissingBean
    public JobCompletions jobCompletions() {
        return new JobCompletions();
    }

    @Bean("glue-launch")
    public Function<JsonNode, JsonNode> glueLaunch(GlueJobLauncher launcher, JobCompletions completions, GlueProperties glue, Clock clock,
                                                   org.springframework.beans.factory.ObjectProvider<io.sluice.aws.s3.S3ConfigStore> configs) {
        // A tenant's run launches only the jobs its pipeline's config names (none without a config store).
        return new GlueLaunch(launcher, completions, new Backoff(glue.pollInitial(), 2.0, glue.pollMax(), 0), clock, configsOf(configs));
    }

    /** The deployment's config store, or none (a tenant's run then launches no job). */
    public static io.sluice.orchestration.port.ConfigStore configsOf(
            org.springframework.beans.factory.ObjectProvider<io.sluice.aws.s3.S3ConfigStore> configs) {
        io.sluice.orchestration.port.ConfigStore store = configs.getIfAvailable();
        return store != null ? store : name -> java.util.Optional.empty();
    }
}
