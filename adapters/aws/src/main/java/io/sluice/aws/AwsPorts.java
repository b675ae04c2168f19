package io.sluice.aws;

import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.secrets.RedisAuthSecret;
import io.sluice.aws.secrets.SecretsProperties;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/** The ports of a Sluice Lambda: Redis for state, claims, timers and definitions; SQS for queues. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({SluiceAwsProperties.class, AwsServicesProperties.class, SecretsProperties.class})
public class AwsPorts {

    /**
     * The one Redis client of a Lambda: {@code SLUICE_REDIS_URL} ({@code rediss://} for TLS), logged in with the password
     * of the secret {@code SLUICE_REDIS_AUTH_SECRET_ARN} names, read here once (Secrets Manager's endpoint is
     * {@code sluice.secrets.endpoint} or {@code sluice.aws-endpoint} when set).
     */
    @Bean(destroyMethod = "close")
    public RedisAdapters redisAdapters(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets, Clock clock) {
        SluiceRedisProperties redis = RedisAuthSecret.apply(
                SluiceRedisProperties.of(properties.redisUrl()).withKeyPrefix(properties.redisKeyPrefix()), properties.redisAuthSecretArn(),
                () -> AwsClients.build(SecretsManagerClient.builder(), aws.settings(secrets.endpoint())), clock);
        // A Lambda instance handles one invocation at a time: a small pool, opened with one connection.
        return RedisAdapters.open(redis, RedisAdapters.Pool.FUNCTION);
    }

    @Bean(destroyMethod = "close")
    public SqsTaskQueue taskQueue(SluiceAwsProperties properties) {
        SqsQueueSettings settings = properties.sqsEndpoint() == null
                ? SqsQueueSettings.aws(properties.region(), properties.maxReceives())
                : SqsQueueSettings.local(properties.sqsEndpoint(), properties.region(), properties.maxReceives());
        return SqsTaskQueue.connect(settings);
    }

    @Bean
    public QueueNames queueNames(SluiceAwsProperties properties) {
        return new QueueNames(properties.queuePrefix());
    }

    @Bean
    public Clock clock() {
        return Clock.systemUTC();
    }
}
