package io.sluice.aws;

import io.sluice.api.bundle.BundledPipelines;
import io.sluice.functions.retention.Retention;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Retention on Lambda, as the local runtime has it: each {@code schedule-tick} moves the finished executions whose
 * retention passed ({@code sluice.retention}, a day by default) into the archive on S3 ({@code archive/executions/} under
 * the deployment's {@code sluice.s3.bucket} and prefix), then out of Redis (the reaper is the runtime's:
 * {@code RuntimeBuilder.archiveTo}, in {@link AwsFunctions}); an execution's name stays reserved for
 * {@code sluice.name-reuse} (90 days); the HTTP API reads and lists archived executions there ({@code HttpApiPorts}).
 * Without a bucket nothing is reaped.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("sluice.s3.bucket")
public class AwsRetention {
    /** When a finished execution may leave Redis: the orchestrator stamps it on the execution as it finishes. */
    @Bean
    public Retention retention(@Value("${sluice.retention:" + Retention.DEFAULT_RETENTION_SETTING + "}") Duration retention,
                               @Value("${sluice.name-reuse:" + Retention.DEFAULT_NAME_REUSE_SETTING + "}") Duration nameReuse,
                               BundledPipelines pipelines) {
        // A pipeline's own "retention" in its bundled <id>.pipeline.json wins, as locally.
        return Retention.of(retention, nameReuse, pipelines::retention);
    }
}
