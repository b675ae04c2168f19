package io.sluice.aws.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.functions.task.status.WriteStatus;
import java.time.Clock;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB behind the ports, each when its table is named: the status store ({@code sluice.dynamodb.status-table},
 * with the {@code write-status} task function on it), the export ledger and the upstream ledger. The tables are the
 * deployment's (Terraform creates them); nothing here creates one.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({DynamoDbProperties.class, AwsServicesProperties.class})
public class DynamoDbConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnExpression("'${sluice.dynamodb.status-table:}${sluice.dynamodb.export-ledger-table:}"
            + "${sluice.dynamodb.upstream-ledger-table:}' != ''")
    public DynamoDbClient sluiceDynamoDbClient(DynamoDbProperties dynamo, AwsServicesProperties aws) {
        return AwsClients.build(DynamoDbClient.builder(), aws.settings(dynamo.endpoint()));
    }

    @Bean
    @ConditionalOnProperty("sluice.dynamodb.status-table")
    public DynamoDbStatusStore statusStore(DynamoDbClient client, DynamoDbProperties dynamo) {
        return new DynamoDbStatusStore(client, dynamo.statusTable());
    }

    /** The write-status task function, writing the DynamoDB status table. */
    @Bean(WriteStatus.NAME)
    @ConditionalOnProperty("sluice.dynamodb.status-table")
    public Function<JsonNode, JsonNode> writeStatus(DynamoDbStatusStore statusStore, Clock clock) {
        return new WriteStatus(statusStore, clock);
    }

    @Bean
    @ConditionalOnProperty("sluice.dynamodb.export-ledger-table")
    public DynamoDbExportLedger exportLedger(DynamoDbClient client, DynamoDbProperties dynamo) {
        return new DynamoDbExportLedger(client, dynamo.exportLedgerTable());
    }

    @Bean
    @ConditionalOnProperty("sluice.dynamodb.upstream-ledger-table")
    public DynamoDbUpstreamLedger upstreamLedger(DynamoDbClient client, DynamoDbProperties dynamo) {
        return new DynamoDbUpstreamLedger(client, dynamo.upstreamLedgerTable());
    }
}
