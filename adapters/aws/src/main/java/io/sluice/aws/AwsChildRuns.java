package io.sluice.aws;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.s3.S3Buckets;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.functions.maprun.MapRunCoordinator;
import io.sluice.functions.maprun.MapRunFunction;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.nested.StartExecution;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisExecutionLinks;
import io.sluice.orchestration.port.MapRunStore;
import java.time.Clock;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Child executions ({@code states:startExecution[.sync[:2]]}) and distributed Maps on Lambda, wired as every host
 * wires them ({@link ChildRuns}): the {@code executions} and {@code map-run} task functions, map runs and
 * parent-child links in the deployment's Redis beside the executions, children queued on SQS like any execution,
 * a StateMachineArn's name a bundled pipeline, a Map's {@code Bucket} an S3 bucket (through the deployment's S3
 * client; none without one). A child's end reaches its parent through the {@code events} function, which adds
 * {@link ChildRuns#handlers()} to its completion handlers.
 */
@Configuration(proxyBeanMethods = false)
public class AwsChildRuns {

    @Bean
    public ChildRuns childRuns(RedisAdapters redis, io.sluice.runtime.RuntimePorts ports, MapRunStore mapRuns, SluiceAwsProperties properties, SqsTaskQueue queue, QueueNames names, Clock clock,
                               Orchestrator orchestrator, BundledPipelines pipelines, ObjectProvider<S3Client> s3,
                               Tenancy tenancy, ObjectProvider<io.sluice.aws.s3.S3Properties> s3Properties, ListableBeanFactory beans) {
        Buckets buckets = bucket -> {
            S3Client client = s3.getIfAvailable();
            if (client == null) {
                throw new IllegalArgumentException("bucket '" + bucket + "' cannot be read: this deployment has no S3 client"
                        + " (set sluice.s3.bucket)");
            }
            return Buckets.folders(new S3Buckets(client, S3Buckets.deployment(s3Properties.getIfAvailable()))).bucket(bucket);
        };
        return ChildRuns.wire(new ChildRuns.Wiring(mapRuns,
                new RedisExecutionLinks(redis.redisson(), properties.redisKeyPrefix()), ports.executions(), queue, names, buckets,
                pipelines, orchestrator::start, tenancy,
                // looked up when first used: the bundle's functions include the two made here
                name -> AwsFunctions.taskFunctions(beans).find(name), clock, MapRunCoordinator.Settings.defaults()));
    }

    @Bean(StartExecution.NAME)
    public Function<JsonNode, JsonNode> executions(ChildRuns children) {
        return children.executions();
    }

    @Bean(MapRunFunction.NAME)
    public Function<JsonNode, JsonNode> mapRun(ChildRuns children) {
        return children.mapRun();
    }
}
