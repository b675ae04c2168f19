package io.sluice.aws.dynamodb;

import static io.sluice.aws.dynamodb.LedgerTables.DEPENDENT;
import static io.sluice.aws.dynamodb.LedgerTables.EXPIRES_AT;
import static io.sluice.aws.dynamodb.LedgerTables.PARTITION;
import static io.sluice.aws.dynamodb.LedgerTables.UPSTREAMS;

import io.sluice.orchestration.port.UpstreamLedger;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * {@link UpstreamLedger} on a DynamoDB table keyed by (dependent, partition): one UpdateItem adds the
 * upstream to a string set and returns the set after it ({@code ADD} is atomic on the item, so of several
 * upstreams recorded at once each sees a different, growing set, and exactly one sees them all). The
 * expiry, in {@value LedgerTables#EXPIRES_AT} for the table's TTL, is the latest write's; DynamoDB's TTL
 * deletes an expired item within days, not at once, which only keeps a record longer than asked.
 */
public final class DynamoDbUpstreamLedger implements UpstreamLedger {
    private final DynamoDbClient dynamo;
    private final String table;

    public DynamoDbUpstreamLedger(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @Override
    public Set<String> succeeded(String dependent, String partition, String upstream, Instant keepUntil) {
        Map<String, AttributeValue> after = dynamo.updateItem(b -> b.tableName(table)
                .key(Map.of(DEPENDENT, Attributes.s(dependent), PARTITION, Attributes.s(partition)))
                .updateExpression("ADD #u :u SET #e = :e")
                .expressionAttributeNames(Map.of("#u", UPSTREAMS, "#e", EXPIRES_AT))
                .expressionAttributeValues(Map.of(":u", AttributeValue.fromSs(java.util.List.of(upstream)),
                        ":e", Attributes.n(keepUntil.getEpochSecond())))
                .returnValues(ReturnValue.ALL_NEW)).attributes();
        return Set.copyOf(after.get(UPSTREAMS).ss());
    }

    @Override
    public String toString() {
        return "DynamoDbUpstreamLedger[" + table + "]";
    }
}
