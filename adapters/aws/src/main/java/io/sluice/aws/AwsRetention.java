package io.sluice.aws;

import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.aws.trigger.BundledPipelines;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.retention.ExecutionReaper;
import io.sluice.functions.retention.Retention;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.redis.RedisAdapters;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The retention reaper on Lambda, as the local runtime runs it: each {@code schedule-tick} moves the finished
 * executions whose retention passed ({@code sluice.retention}, a day by default) into the archive on S3
 * ({@code archive/executions/} under the deployment's {@code sluice.s3.bucket} and prefix), then out of Redis;
 * an execution's name stays reserved for {@code sluice.name-reuse} (90 days). Without a bucket nothing is reaped.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("sluice.s3.bucket")
public class AwsRetention {
    /** How long a finished execution stays in Redis unless its pipeline says ({@code sluice.retention}). */
    public static final String DEFAULT_RETENTION = "1d";
    /** How long an archived execution's name stays reserved ({@code sluice.name-reuse}). */
    public static final String DEFAULT_NAME_REUSE = "90d";

    /** When a finished execution may leave Redis: the orchestrator stamps it on the execution as it finishes. */
    @Bean
    public Retention retention(@Value("${sluice.retention:" + DEFAULT_RETENTION + "}") Duration retention,
                               @Value("${sluice.name-reuse:" + DEFAULT_NAME_REUSE + "}") Duration nameReuse,
                               BundledPipelines pipelines) {
        // A pipeline's own "retention" in its bundled <id>.pipeline.json wins, as locally.
        return Retention.of(retention).withNameReuse(nameReuse).withPipelines(pipelines::retention);
    }

    /** The archive on S3: the reaper writes it, the HTTP API's reads and lists find archived executions in it. */
    @Bean
    public ExecutionArchive executionArchive(S3ObjectStore objects) {
        return new ExecutionArchive(objects);
    }

    /** With the status table, each archived run also has its row there: the index that lists span the archive by. */
    @Bean
    public ExecutionReaper executionReaper(RedisAdapters redis, ExecutionArchive archive, Retention retention,
                                           ObjectProvider<StatusStore> status) {
        return new ExecutionReaper(redis.executionStore(), archive, retention, status.getIfAvailable());
    }
}
