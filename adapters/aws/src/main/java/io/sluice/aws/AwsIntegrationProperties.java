package io.sluice.aws;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sluice.integrations.*}: the service integrations a Sluice Lambda runs, on when {@code enabled=true}
 * (off by default, so a Lambda that runs none builds none of their clients at cold start).
 *
 * @param itemTable      the DynamoDB table ({@link io.sluice.aws.dynamodb.KeyValueItemsTable}) the {@code dynamodb:*}
 *                       integrations keep their items in; without it those actions cannot run here
 * @param tables         the tables Task states may name, with their keys, as locally; another name is
 *                       {@code DynamoDB.ResourceNotFoundException}
 * @param accountId      the account of the SNS topics a Task names ({@code arn:aws:sns:<region>:<account>:<topic>})
 * @param topics         SNS topic names Task states may publish to; empty: any
 * @param queues         SQS queue names; empty: any
 * @param buses          EventBridge bus names; empty: any
 * @param eventsEndpoint an endpoint override for EventBridge alone (tests)
 * @param http           where {@code http:invoke} may call (no host by default)
 * @param sdkEndpoints   an endpoint override per AWS SDK service the integrations call by name ({@code sqs}, {@code glue}; tests)
 */
@ConfigurationProperties("sluice.integrations")
public record AwsIntegrationProperties(boolean enabled, String itemTable, Map<String, Table> tables, String accountId,
                                       List<String> topics, List<String> queues, List<String> buses, URI eventsEndpoint,
                                       @DefaultValue Http http, Map<String, URI> sdkEndpoints) {
    public AwsIntegrationProperties {
        tables = tables == null ? Map.of() : Map.copyOf(tables);
        topics = topics == null ? List.of() : List.copyOf(topics);
        queues = queues == null ? List.of() : List.copyOf(queues);
        buses = buses == null ? List.of() : List.copyOf(buses);
        sdkEndpoints = sdkEndpoints == null ? Map.of() : Map.copyOf(sdkEndpoints);
    }

    /** @param sortKey blank for a table with a partition key only */
    public record Table(String partitionKey, String sortKey) {}

    public record Http(List<String> allowedHosts, @DefaultValue("30s") Duration timeout) {
        public Http {
            allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
        }
    }
}
