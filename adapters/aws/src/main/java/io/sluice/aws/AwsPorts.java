package io.sluice.aws;

import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The ports of a Sluice Lambda: Redis for state, claims, timers and definitions; SQS for queues. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceAwsProperties.class)
public class AwsPorts {

    @Bean(destroyMethod = "close")
    public RedisAdapters redisAdapters(SluiceAwsProperties properties) {
        return RedisAdapters.open(SluiceRedisProperties.of(properties.redisUrl()).withKeyPrefix(properties.redisKeyPrefix()));
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
