package io.sluice.azure;

import java.net.URI;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sluice.integrations.*} on Azure: what the Step Functions service integrations of the bundle's definitions
 * reach, so that a definition written for AWS runs unchanged. Every name a Task may use is declared here; any other
 * is AWS's not-found error, and nothing in a payload picks an Azure resource.
 *
 * @param itemTable          the Table storage table the {@code dynamodb:*} items live in ({@code sluiceItems})
 * @param tables             the DynamoDB tables Task states may name, with their keys; another name is
 *                           {@code DynamoDB.ResourceNotFoundException}
 * @param topics             SNS topic name → Service Bus topic ({@code sns:publish}); an empty value: the same name
 * @param queues             SQS queue name → Service Bus queue ({@code sqs:sendMessage}); an empty value: the same name
 * @param buses              EventBridge bus name → Event Grid topic ({@code events:putEvents})
 * @param servicebusEndpoint where Service Bus's REST API is, when not at {@code https://<sluice.azure.servicebus.namespace>/}
 *                           (a loopback stub in tests)
 */
@ConfigurationProperties("sluice.integrations")
public record AzureIntegrationProperties(String itemTable, Map<String, Table> tables, Map<String, String> topics, Map<String, String> queues,
                                         Map<String, Bus> buses, URI servicebusEndpoint) {
    public AzureIntegrationProperties {
        itemTable = itemTable == null || itemTable.isBlank() ? "sluiceItems" : itemTable;
        tables = tables == null ? Map.of() : Map.copyOf(tables);
        topics = sameNameIfBlank(topics);
        queues = sameNameIfBlank(queues);
        buses = buses == null ? Map.of() : Map.copyOf(buses);
    }

    /** @param sortKey blank for a table with a partition key only */
    public record Table(String partitionKey, String sortKey) {}

    /**
     * @param endpoint  the topic's endpoint, {@code https://<topic>.<region>-1.eventgrid.azure.net/api/events}
     * @param schema    {@code cloudevents} (default) or {@code eventgrid}: the topic's input schema
     * @param accessKey the topic's access key; without it the Function app's identity (Event Grid Data Sender)
     */
    public record Bus(URI endpoint, String schema, String accessKey) {
        public Bus {
            if (endpoint == null) {
                throw new IllegalArgumentException("sluice.integrations.buses.<name>.endpoint: the Event Grid topic's endpoint is required");
            }
            schema = schema == null || schema.isBlank() ? "cloudevents" : schema;
            if (!schema.equals("cloudevents") && !schema.equals("eventgrid")) {
                throw new IllegalArgumentException("sluice.integrations.buses.<name>.schema: 'cloudevents' or 'eventgrid', not '" + schema + "'");
            }
        }

        @Override
        public String toString() {
            return "Bus[" + endpoint + ", " + schema + (accessKey == null ? "" : ", access key set") + "]";
        }
    }

    private static Map<String, String> sameNameIfBlank(Map<String, String> names) {
        if (names == null) {
            return Map.of();
        }
        Map<String, String> out = new java.util.HashMap<>();
        names.forEach((k, v) -> out.put(k, v == null || v.isBlank() ? k : v));
        return Map.copyOf(out);
    }
}
