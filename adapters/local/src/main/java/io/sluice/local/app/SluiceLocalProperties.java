package io.sluice.local.app;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the local runtime, bound by Spring from {@code application.properties}, command-line
 * arguments and the environment ({@code SLUICE_REDIS_URL} binds {@code sluice.redis.url},
 * {@code SLUICE_SQS_URL} binds {@code sluice.sqs.url}). Nothing below this record reads the environment.
 *
 * @param pipelinesDir   where the {@code <id>.asl.json} pipelines are
 * @param queuePrefix    first part of every queue name ({@code <prefix>-orchestrator}, {@code <prefix>-task-<function>}, ...)
 * @param demoFunctions  whether the built-in demo functions ({@code echo}, {@code fail}, {@code wait-callback}) run
 */
@ConfigurationProperties("sluice")
public record SluiceLocalProperties(@DefaultValue("./pipelines") Path pipelinesDir, @DefaultValue("sluice") String queuePrefix,
                                    @DefaultValue("true") boolean demoFunctions, @DefaultValue Sqs sqs, @DefaultValue Redis redis) {

    /**
     * @param url         an SQS-compatible endpoint; blank to start ElasticMQ in this JVM
     * @param port        the embedded ElasticMQ's port on 127.0.0.1; {@code 0} for any free port
     * @param maxReceives receives before a message goes to its queue's dead-letter queue
     */
    public record Sqs(String url, @DefaultValue("9324") int port, @DefaultValue("us-east-1") String region,
                      @DefaultValue("5") int maxReceives) {}

    /**
     * @param url       {@code redis://[user:password@]host:port}; blank to start a Redis on a free loopback port
     * @param keyPrefix first segment of every key
     * @param binary    the Redis program to start, looked up on {@code PATH}; {@code none} for the embedded-redis jar
     */
    public record Redis(String url, @DefaultValue("sluice") String keyPrefix, @DefaultValue("redis-server") String binary) {}
}
