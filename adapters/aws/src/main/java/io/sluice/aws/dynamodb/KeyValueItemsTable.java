package io.sluice.aws.dynamodb;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The layout of the table the DynamoDB-shaped integrations keep their items in ({@link DynamoDbKeyValueTable}):
 * hash key {@value #SCOPE} (namespace, table and the item's partition key value, as a JSON array, so no value
 * can be mistaken for a separator), range key {@value #SORT} ({@code #} and the sort key value: DynamoDB takes no
 * empty key). Beside them: {@value #VERSION}, {@value #ITEM} (the item as a DynamoDB map, every attribute its own
 * type; absent on a tombstone), {@value #WRITER}, {@value #PREVIOUS}, and the parts of the scope for reading.
 */
public final class KeyValueItemsTable {
    static final String SCOPE = "scope";
    static final String SORT = "sortKey";
    static final String VERSION = "version";
    static final String ITEM = "item";
    static final String WRITER = "writer";
    static final String PREVIOUS = "previous";
    static final String NAMESPACE = "namespace";
    static final String TABLE = "tableName";
    static final String PARTITION = "partitionKey";

    private KeyValueItemsTable() {}

    /** The table, for tests, LocalStack and as the Terraform module's reference. */
    public static CreateTableRequest definition(String table) {
        return CreateTableRequest.builder().tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(KeySchemaElement.builder().attributeName(SCOPE).keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName(SORT).keyType(KeyType.RANGE).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName(SCOPE).attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName(SORT).attributeType(ScalarAttributeType.S).build())
                .build();
    }
}
