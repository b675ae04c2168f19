package io.sluice.aws;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of a Sluice Lambda, bound from the environment at the edge (e.g. {@code SLUICE_REDIS_URL},
 * {@code SLUICE_REGION}); nothing below reads the environment itself.
 *
 * @param redisUrl       execution state, claims, timers: {@code rediss://...} for ElastiCache or MemoryDB
 * @param redisAuthSecretArn the Secrets Manager secret holding Redis's AUTH password ({@code SLUICE_REDIS_AUTH_SECRET_ARN}, set by
 *                       the Terraform module), read once at initialisation; none for a Redis without a password
 * @param redisKeyPrefix first segment of every Redis key of this deployment
 * @param region         the AWS region (on Lambda, {@code AWS_REGION})
 * @param sqsEndpoint    an SQS-compatible endpoint for local runs; empty on AWS
 * @param queuePrefix    prefix of the deployment's queue names
 * @param maxReceives    the queues' {@code maxReceiveCount} before dead-lettering
 * @param taskFunctions  the task functions this deployment has queues for ({@code SLUICE_TASKFUNCTIONS}, the Terraform module's
 *                       {@code task_functions}): a Task calling a Lambda function not among them goes to {@code integrations},
 *                       which calls it with the Lambda SDK ({@link #lambdaRouting()}); empty: every function has its queue
 */
@ConfigurationProperties("sluice")
public record SluiceAwsProperties(String redisUrl, String redisAuthSecretArn, String redisKeyPrefix, String region, URI sqsEndpoint, String queuePrefix,
                                  Integer maxReceives, java.util.List<String> taskFunctions) {
    public SluiceAwsProperties {
        if (redisUrl == null || redisUrl.isBlank()) {
            throw new IllegalArgumentException("sluice.redis-url (SLUICE_REDIS_URL) must name the Redis that holds execution state, e.g. rediss://my-memorydb:6379");
        }
        redisKeyPrefix = redisKeyPrefix == null ? "sluice" : redisKeyPrefix;
        region = region == null ? "us-east-1" : region;
        queuePrefix = queuePrefix == null ? "sluice" : queuePrefix;
        maxReceives = maxReceives == null ? 5 : maxReceives;
        taskFunctions = taskFunctions == null ? java.util.List.of() : java.util.List.copyOf(taskFunctions);
    }

    /** Where a Task calling a Lambda function goes: outside {@link #taskFunctions()}, to {@code integrations}. */
    public io.sluice.functions.messaging.LambdaRouting lambdaRouting() {
        return taskFunctions.isEmpty() ? io.sluice.functions.messaging.LambdaRouting.BY_NAME
                : io.sluice.functions.messaging.LambdaRouting.outside(new java.util.HashSet<>(taskFunctions));
    }
}
