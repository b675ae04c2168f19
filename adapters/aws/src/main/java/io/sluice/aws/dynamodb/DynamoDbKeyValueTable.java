package io.sluice.aws.dynamodb;

import static io.sluice.aws.dynamodb.KeyValueItemsTable.ITEM;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.NAMESPACE;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.PARTITION;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.PREVIOUS;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.SCOPE;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.SORT;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.TABLE;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.VERSION;
import static io.sluice.aws.dynamodb.KeyValueItemsTable.WRITER;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.KeyValueTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * {@link KeyValueTable} on one DynamoDB table ({@link KeyValueItemsTable}): the items the {@code dynamodb:*}
 * integrations write are real DynamoDB items — the item's attribute-value JSON stored as a DynamoDB map with every
 * attribute its own type — under the tenant's namespace and the table the state names. Compare-and-set is one
 * conditional PutItem ({@code attribute_not_exists} for a new key, {@code version = :expected} otherwise): DynamoDB
 * applies it atomically to the one item, across any number of Lambdas, with no transaction (which dynalite lacks).
 * Reads are strongly consistent, so a task reads its own write.
 */
public final class DynamoDbKeyValueTable implements KeyValueTable {
    private static final String KEY_PREFIX = "#";

    private final DynamoDbClient dynamo;
    private final String table;

    public DynamoDbKeyValueTable(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @Override
    public Optional<Stored> get(String namespace, String name, ItemKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(b -> b.tableName(table).key(key(namespace, name, key)).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(stored(item));
    }

    @Override
    public boolean write(String namespace, String name, ItemKey key, long expectedVersion, Write write) {
        Map<String, AttributeValue> item = new HashMap<>(key(namespace, name, key));
        item.put(NAMESPACE, Attributes.s(namespace));
        item.put(TABLE, Attributes.s(name));
        item.put(PARTITION, Attributes.s(key.partition()));
        item.put(VERSION, Attributes.n(expectedVersion + 1));
        if (write.item() != null) {
            item.put(ITEM, AttributeValue.fromM(AttributeValueJson.item(write.item())));
        }
        if (write.writer() != null) {
            item.put(WRITER, Attributes.s(write.writer()));
        }
        if (write.previous() != null) {
            item.put(PREVIOUS, AttributeValue.fromM(AttributeValueJson.item(write.previous())));
        }
        try {
            if (expectedVersion == 0) {
                dynamo.putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(#s)")
                        .expressionAttributeNames(Map.of("#s", SCOPE)));
            } else {
                dynamo.putItem(b -> b.tableName(table).item(item).conditionExpression("#v = :v")
                        .expressionAttributeNames(Map.of("#v", VERSION))
                        .expressionAttributeValues(Map.of(":v", Attributes.n(expectedVersion))));
            }
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Override
    public List<Stored> partition(String namespace, String name, String partition) {
        List<Stored> out = new ArrayList<>();
        dynamo.queryPaginator(b -> b.tableName(table).consistentRead(true)
                        .keyConditionExpression("#s = :s").filterExpression("attribute_exists(#i)")
                        .expressionAttributeNames(Map.of("#s", SCOPE, "#i", ITEM))
                        .expressionAttributeValues(Map.of(":s", Attributes.s(scope(namespace, name, partition)))))
                .items().forEach(i -> out.add(stored(i)));
        return out;
    }

    private static Map<String, AttributeValue> key(String namespace, String name, ItemKey key) {
        return Map.of(SCOPE, Attributes.s(scope(namespace, name, key.partition())), SORT, Attributes.s(KEY_PREFIX + key.sort()));
    }

    /** The hash key: a JSON array, so no namespace, table or key value can run into another. */
    private static String scope(String namespace, String name, String partition) {
        return Json.write(Json.NODES.arrayNode().add(namespace).add(name).add(partition));
    }

    private static Stored stored(Map<String, AttributeValue> item) {
        ItemKey key = new ItemKey(Attributes.text(item, PARTITION), Attributes.text(item, SORT).substring(KEY_PREFIX.length()));
        AttributeValue value = item.get(ITEM);
        AttributeValue previous = item.get(PREVIOUS);
        return new Stored(key, Attributes.number(item, VERSION), value == null ? null : AttributeValueJson.json(value.m()),
                Attributes.text(item, WRITER), previous == null ? null : AttributeValueJson.json(previous.m()));
    }

    @Override
    public String toString() {
        return "DynamoDbKeyValueTable[" + table + "]";
    }
}
