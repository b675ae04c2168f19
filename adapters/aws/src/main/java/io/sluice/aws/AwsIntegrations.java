package io.sluice.aws;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.dynamodb.DynamoDbKeyValueTable;
import io.sluice.aws.dynamodb.DynamoDbProperties;
import io.sluice.aws.dynamodb.NamedTables;
import io.sluice.aws.remote.AwsLambdaCaller;
import io.sluice.aws.sdk.AwsSdkHandler;
import io.sluice.aws.sdk.SdkServices;
import io.sluice.aws.glue.GlueJobLauncher;
import io.sluice.aws.glue.GlueProperties;
import io.sluice.aws.publish.AwsPublishTargets;
import io.sluice.aws.publish.AwsServicePublisher;
import io.sluice.aws.s3.S3Buckets;
import io.sluice.aws.s3.S3Properties;
import io.sluice.aws.sns.SnsProperties;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.dynamodb.TableSchema;
import io.sluice.aws.snapstart.OutboundConnections;
import io.sluice.aws.snapstart.RestoreHooks;
import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.integration.http.HttpInvokeHandler;
import io.sluice.functions.integration.http.HttpSettings;
import io.sluice.functions.integration.jobs.GlueHandler;
import io.sluice.functions.integration.objects.ObjectStoreHandler;
import io.sluice.functions.integration.publish.PublishHandler;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.port.Publisher;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTopics;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The {@code integrations} task function on Lambda, the same registry every host runs, over AWS's own services:
 * {@code dynamodb:*} on the DynamoDB table a Task names for the platform's runs, and for a tenant's run on its own tables
 * in the item table ({@link NamedTables}, {@link DynamoDbKeyValueTable} when {@code sluice.integrations.item-table} is set),
 * {@code sns:publish} / {@code sqs:sendMessage} / {@code events:putEvents} on SNS, SQS and EventBridge
 * ({@link AwsServicePublisher}), {@code aws-sdk:s3:*} on the S3 buckets the Task names ({@link S3Buckets}, with the deployment's S3 client), {@code glue:startJobRun} on
 * Glue (when {@code sluice.glue.enabled}), {@code http:invoke} to the allowed hosts with Secrets Manager's secrets, and every
 * other {@code aws-sdk:<service>:<action>} as the SDK call Step Functions makes ({@link AwsSdkHandler}, the generic integration).
 * On with {@code sluice.integrations.enabled=true}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "sluice.integrations", name = "enabled", havingValue = "true")
@EnableConfigurationProperties({AwsIntegrationProperties.class, DynamoDbProperties.class, SnsProperties.class, AwsServicesProperties.class})
public class AwsIntegrations {

    @Bean
    public Publisher awsServicePublisher(AwsIntegrationProperties integrations, SluiceAwsProperties lambda, AwsServicesProperties aws,
                                         SnsProperties sns, RedisAdapters redis, Clock clock) {
        SqsQueueSettings queues = lambda.sqsEndpoint() == null
                ? SqsQueueSettings.aws(lambda.region(), lambda.maxReceives())
                : SqsQueueSettings.local(lambda.sqsEndpoint(), lambda.region(), lambda.maxReceives());
        SqsClient sqs = SqsClients.create(queues);
        AwsPublishTargets targets = new AwsPublishTargets(AwsClients.build(SnsClient.builder(), aws.settings(sns.endpoint())), sqs,
                AwsClients.build(EventBridgeClient.builder(), aws.settings(integrations.eventsEndpoint())), aws.region(),
                integrations.accountId() == null ? "000000000000" : integrations.accountId());
        return new AwsServicePublisher(targets, redis.idempotencyStore(), new RedisTopics(redis.redisson(), lambda.redisKeyPrefix()), clock,
                "lambda-" + ProcessHandle.current().pid());
    }

    @Bean(Integrations.NAME)
    public Function<JsonNode, JsonNode> integrations(AwsIntegrationProperties properties, Publisher publisher, DynamoDbProperties dynamo,
                                                     AwsServicesProperties aws, ObjectProvider<DynamoDbClient> dynamoClient,
                                                     ObjectProvider<S3Client> s3, ObjectProvider<GlueJobLauncher> glue,
                                                     ObjectProvider<GlueProperties> glueProperties, ObjectProvider<JobCompletions> completions,
                                                     ObjectProvider<SecretResolver> secrets, ObjectProvider<S3Properties> s3Properties,
                                                     ObjectProvider<io.sluice.aws.s3.S3ConfigStore> configs, OutboundHttp integrationsHttp,
                                                     SdkServices sdk, Clock clock) {
        List<IntegrationHandler> handlers = new ArrayList<>();
        handlers.add(new PublishHandler(publisher, clock, declared(properties)));
        DynamoDbHandler emulated = null;
        if (properties.itemTable() != null && !properties.itemTable().isBlank()) {
            DynamoDbClient client = dynamoClient.getIfAvailable(() -> AwsClients.build(DynamoDbClient.builder(), aws.settings(dynamo.endpoint())));
            List<TableSchema> tables = new ArrayList<>();
            properties.tables().forEach((name, t) -> tables.add(new TableSchema(name, t.partitionKey(), t.sortKey())));
            emulated = new DynamoDbHandler(new DynamoDbKeyValueTable(client, properties.itemTable()), tables);
        }
        handlers.add(new NamedTables(new AwsSdkHandler(sdk, DYNAMODB), emulated));
        s3.ifAvailable(client -> handlers.add(new ObjectStoreHandler(new S3Buckets(client, S3Buckets.deployment(s3Properties.getIfAvailable())))));
        glue.ifAvailable(launcher -> {
            GlueProperties g = glueProperties.getObject();
            handlers.add(new GlueHandler(new GlueLaunch(launcher, completions.getObject(), new Backoff(g.pollInitial(), 2.0, g.pollMax(), 0), clock,
                    io.sluice.aws.glue.GlueConfiguration.configsOf(configs))));
        });
        SecretResolver resolver = secrets.getIfAvailable(() -> name -> Optional.empty());
        handlers.add(new HttpInvokeHandler(integrationsHttp, httpSettings(properties), new ScopedSecrets(resolver)));
        // lambda:invoke and Lambda ARNs of functions outside the bundle (the orchestrator routes them here: AwsFunctions.lambdaRouting).
        return new Integrations(new IntegrationRegistry(Platform.AWS, handlers, AwsSdkHandler.generic(sdk)),
                AwsLambdaCaller.create(aws.settings(properties.sdkEndpoints().get("lambda"))));
    }

    /**
     * The AWS SDK clients the integrations call by name ({@code aws-sdk:*}, {@code dynamodb:*}), each built on first use
     * with the function's role and region, or the endpoint override its service has: {@code sluice.dynamodb.endpoint},
     * {@code sluice.sns.endpoint}, {@code sluice.lambda.sqs-endpoint}, {@code sluice.integrations.events-endpoint},
     * {@code sluice.s3.endpoint}, any service's {@code sluice.integrations.sdk-endpoints.<service>}, then
     * {@code sluice.aws-endpoint}.
     */
    @Bean(destroyMethod = "close")
    public SdkServices integrationsSdk(AwsIntegrationProperties integrations, SluiceAwsProperties lambda, AwsServicesProperties aws,
                                       DynamoDbProperties dynamo, SnsProperties sns, ObjectProvider<S3Properties> s3Properties) {
        return new SdkServices(service -> {
            URI own = integrations.sdkEndpoints().get(service);
            if (own == null) {
                S3Properties s3 = s3Properties.getIfAvailable();
                own = switch (service) {
                    case "dynamodb" -> dynamo.endpoint();
                    case "sns" -> sns.endpoint();
                    case "sqs" -> lambda.sqsEndpoint();
                    case "eventbridge" -> integrations.eventsEndpoint();
                    case "s3" -> s3 == null ? null : s3.endpoint();
                    default -> null;
                };
            }
            return aws.settings(own);
        });
    }

    /** The catalog's DynamoDB actions, optimised and SDK forms: the named tables answer them. */
    private static final Set<String> DYNAMODB = IntegrationCatalog.mapped().keySet().stream()
            .filter(k -> k.startsWith("dynamodb:") || k.startsWith("aws-sdk:dynamodb:")).collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** {@code http:invoke}'s client, made at init: a bean, so that SnapStart's hooks drop its connections before the snapshot. */
    @Bean
    public OutboundHttp integrationsHttp(AwsIntegrationProperties properties) {
        return HttpInvokeHandler.defaultClient(httpSettings(properties));
    }

    @Bean
    public RestoreHooks.Restorable integrationsHttpRestore(OutboundHttp integrationsHttp) {
        return new OutboundConnections(integrationsHttp::dropConnections);
    }

    private static HttpSettings httpSettings(AwsIntegrationProperties properties) {
        return new HttpSettings(properties.http().allowedHosts(), properties.http().timeout(), 256 * 1024);
    }

    private static Map<Target.Kind, Set<String>> declared(AwsIntegrationProperties properties) {
        Map<Target.Kind, Set<String>> declared = new HashMap<>();
        if (!properties.topics().isEmpty()) declared.put(Target.Kind.TOPIC, new HashSet<>(properties.topics()));
        if (!properties.queues().isEmpty()) declared.put(Target.Kind.QUEUE, new HashSet<>(properties.queues()));
        if (!properties.buses().isEmpty()) declared.put(Target.Kind.BUS, new HashSet<>(properties.buses()));
        return declared;
    }
}
