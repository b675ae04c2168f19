package io.sluice.aws.dynamodb;

import static io.sluice.aws.dynamodb.LedgerTables.BATCH;
import static io.sluice.aws.dynamodb.LedgerTables.TARGET;

import io.sluice.orchestration.port.ExportLedger;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * {@link ExportLedger} on a DynamoDB table keyed by (target, batch): a record is a PutItem on the condition
 * that the key is absent, so the first record stays and a second is the expected {@code false}; reads are
 * strongly consistent.
 */
public final class DynamoDbExportLedger implements ExportLedger {
    private static final String RECEIPT = "receipt";
    private static final String BYTES = "bytes";
    private static final String PUSHED_AT = "pushedAt";

    private final DynamoDbClient dynamo;
    private final String table;

    public DynamoDbExportLedger(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @Override
    public Optional<ExportRecord> find(String target, String batchId) {
        Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName(table).key(key(target, batchId)).consistentRead(true)).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        Long bytes = Attributes.number(item, BYTES);
        return Optional.of(new ExportRecord(target, batchId, Attributes.text(item, RECEIPT), bytes == null ? 0 : bytes,
                Attributes.instant(item, PUSHED_AT)));
    }

    @Override
    public boolean record(ExportRecord record) {
        Map<String, AttributeValue> item = new HashMap<>(key(record.target(), record.batchId()));
        if (record.receipt() != null) {
            item.put(RECEIPT, Attributes.s(record.receipt()));
        }
        item.put(BYTES, Attributes.n(record.bytes()));
        if (record.pushedAt() != null) {
            item.put(PUSHED_AT, Attributes.instant(record.pushedAt()));
        }
        try {
            dynamo.putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(#t)")
                    .expressionAttributeNames(Map.of("#t", TARGET)));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    private static Map<String, AttributeValue> key(String target, String batchId) {
        return Map.of(TARGET, Attributes.s(target), BATCH, Attributes.s(batchId));
    }

    @Override
    public String toString() {
        return "DynamoDbExportLedger[" + table + "]";
    }
}
