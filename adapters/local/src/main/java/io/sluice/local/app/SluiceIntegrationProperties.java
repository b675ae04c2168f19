package io.sluice.local.app;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the service integrations this runtime runs ({@code sluice.integrations.*}).
 *
 * @param tables the DynamoDB tables Task states may name, by name, with their keys
 *               ({@code --sluice.integrations.tables.orders.partition-key=id}); a table not declared here is
 *               {@code DynamoDB.ResourceNotFoundException}, as on AWS. Each tenant has its own table of each name
 * @param http   where {@code http:invoke} may call, and where push-export targets may be
 * @param topics SNS topic names Task states may publish to; empty: any name
 * @param queues SQS queue names; empty: any name
 * @param buses  EventBridge bus names; empty: any name
 */
@ConfigurationProperties("sluice.integrations")
public record SluiceIntegrationProperties(Map<String, Table> tables, @DefaultValue Http http, List<String> topics,
                                          List<String> queues, List<String> buses) {
    public SluiceIntegrationProperties {
        tables = tables == null ? Map.of() : Map.copyOf(tables);
        topics = topics == null ? List.of() : List.copyOf(topics);
        queues = queues == null ? List.of() : List.copyOf(queues);
        buses = buses == null ? List.of() : List.copyOf(buses);
    }

    /** @param sortKey blank for a table with a partition key only */
    public record Table(String partitionKey, String sortKey) {}

    /**
     * @param allowedHosts hosts ({@code api.example.com}), host:port ({@code 127.0.0.1:8089}) or {@code *.example.com};
     *                     none by default, so no Task calls out until the operator says where. The one outbound
     *                     allow-list: {@code http:invoke} and every push-export target (HTTP and SFTP) are held to it
     *                     ({@code io.sluice.functions.egress.OutboundPolicy}); loopback, link-local and private addresses
     *                     are reached only by an entry naming that very address (or {@code localhost})
     * @param timeout      how long a call may take
     */
    public record Http(List<String> allowedHosts, @DefaultValue("30s") Duration timeout) {
        public Http {
            allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
        }
    }
}
