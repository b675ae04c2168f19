package io.sluice.azure.host;

import com.azure.core.credential.TokenCredential;
import io.sluice.azure.AzureHttpIntegrationProperties;
import io.sluice.azure.AzureIntegrationProperties;
import io.sluice.azure.AzurePorts;
import io.sluice.azure.SluiceAzureProperties;
import io.sluice.azure.publish.AzurePublishTargets;
import io.sluice.azure.publish.AzurePublishing;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.dynamodb.TableSchema;
import io.sluice.functions.integration.http.HttpInvokeHandler;
import io.sluice.functions.integration.http.HttpSettings;
import io.sluice.functions.integration.publish.PublishHandler;
import io.sluice.functions.integration.publish.SendOncePublisher;
import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.port.Publisher;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTopics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The handlers that let a Step Functions definition written for AWS call DynamoDB, SNS, SQS and EventBridge on Azure
 * unchanged, for the {@code integrations} task function ({@link AzureTaskFunctions}): {@code dynamodb:*} over the
 * {@link KeyValueTable} on Table storage (with the tables {@code sluice.integrations.tables} declares), and
 * {@code sns:publish} / {@code sqs:sendMessage} / {@code events:putEvents} over a {@link Publisher} that sends to
 * the Service Bus topics and queues and Event Grid topics {@code sluice.integrations.topics/queues/buses} name
 * (any other name is AWS's not-found error), once per message id (claims in Redis), recording what it sent in a
 * Redis stream per target for reading back; and {@code http:invoke} to the hosts {@code sluice.integrations.http.allowed-hosts}
 * names, its auth from the run's tenant's secrets in Key Vault.
 */
@Configuration(proxyBeanMethods = false)
public class AzureIntegrationHandlers {

    @Bean
    public AzurePublishTargets azurePublishTargets(AzureIntegrationProperties integrations, SluiceAzureProperties azure,
                                                   ObjectProvider<TokenCredential> credential, Clock clock) {
        return AzurePublishing.targets(integrations, azure.servicebus(), credential::getObject, clock);
    }

    @Bean
    public Publisher azurePublisher(AzurePublishTargets targets, RedisAdapters redis, SluiceAzureHostProperties host, Clock clock) {
        return new SendOncePublisher(targets, redis.idempotencyStore(), new RedisTopics(redis.redisson(), host.redisKeyPrefix()), clock,
                "azure-" + ProcessHandle.current().pid());
    }

    @Bean
    public IntegrationHandler publishHandler(Publisher publisher, AzurePublishTargets targets, Clock clock) {
        return new PublishHandler(publisher, clock, targets.declared());
    }

    @Bean
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public IntegrationHandler dynamoDbHandler(KeyValueTable table, AzureIntegrationProperties integrations) {
        List<TableSchema> tables = new ArrayList<>();
        integrations.tables().forEach((name, t) -> tables.add(new TableSchema(name, t.partitionKey(), t.sortKey())));
        return new DynamoDbHandler(table, tables);
    }

    @Bean
    public IntegrationHandler httpInvokeHandler(AzureHttpIntegrationProperties http, ObjectProvider<SecretResolver> secrets, Tenancy tenancy) {
        HttpSettings settings = new HttpSettings(http.allowedHosts(), http.timeout(), 256 * 1024);
        SecretResolver resolver = secrets.getIfAvailable(() -> name -> Optional.empty());
        return new HttpInvokeHandler(HttpInvokeHandler.defaultClient(settings), settings, new ScopedSecrets(resolver));
    }
}
