package io.sluice.aws.dynamodb;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The layouts of the ledger tables, for tests, LocalStack and as the Terraform module's reference:
 * the export ledger keyed by ({@value #TARGET}, {@value #BATCH}), the upstream ledger by
 * ({@value #DEPENDENT}, {@value #PARTITION}) with its expiry in {@value #EXPIRES_AT} (epoch seconds, the
 * attribute to name in the table's TTL setting). The warehouse's load ledger is not here: it must commit in
 * the same transaction as the rows it describes, so it lives in the warehouse (see RedshiftDataWarehouse).
 */
public final class LedgerTables {
    static final String TARGET = "target";
    static final String BATCH = "batchId";
    static final String DEPENDENT = "dependent";
    static final String PARTITION = "partition";
    static final String UPSTREAMS = "upstreams";
    public static final String EXPIRES_AT = "expiresAt";

    private LedgerTables() {}

    public static CreateTableRequest exportLedger(String table) {
        return keyed(table, TARGET, BATCH);
    }

    public static CreateTableRequest upstreamLedger(String table) {
        return keyed(table, DEPENDENT, PARTITION);
    }

    private static CreateTableRequest keyed(String table, String hash, String range) {
        return CreateTableRequest.builder().tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(KeySchemaElement.builder().attributeName(hash).keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName(range).keyType(KeyType.RANGE).build())
                .attributeDefinitions(AttributeDefinition.builder().attributeName(hash).attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName(range).attributeType(ScalarAttributeType.S).build())
                .build();
    }
}
