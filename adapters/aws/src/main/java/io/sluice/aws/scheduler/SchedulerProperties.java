package io.sluice.aws.scheduler;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sluice.scheduler.*}: where the schedule reconciler keeps the pipelines' schedules.
 *
 * @param group     the schedule group (the deployment's alone)
 * @param targetArn the {@code scheduled-start} function's ARN
 * @param roleArn   the role Scheduler assumes to invoke it
 * @param endpoint  an endpoint override for Scheduler alone
 */
@ConfigurationProperties("sluice.scheduler")
public record SchedulerProperties(String group, String targetArn, String roleArn, URI endpoint) {}
