package io.sluice.aws.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.orchestration.port.KeyValueTable.ItemKey;
import io.sluice.orchestration.port.KeyValueTable.Write;
import io.sluice.testkit.contract.KeyValueTableContract;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The KeyValueTable contract on dynalite, and what the stored item looks like to DynamoDB itself. */
class DynamoDbKeyValueTableTest extends KeyValueTableContract {
    private static DynamoDbClient dynamo;
    private static String table;

    @BeforeAll
    static void createDynamoTable() {
        dynamo = DynaliteTables.dynalite();
        table = DynaliteTables.create(dynamo, "kv", KeyValueItemsTable::definition);
    }

    @Override
    protected KeyValueTable createTable() {
        return new DynamoDbKeyValueTable(dynamo, table);
    }

    @Test
    void anItemIsARealDynamoDbItemWithEveryAttributeOfItsOwnType() {
        String item = """
                {"id": {"S": "o-1"}, "qty": {"N": "12.5"}, "paid": {"BOOL": true}, "note": {"NULL": true},
                 "raw": {"B": "AAEC"}, "tags": {"SS": ["a", "b"]}, "sizes": {"NS": ["1", "2"]},
                 "lines": {"L": [{"M": {"sku": {"S": "x"}}}, {"N": "3"}]}}""";
        new DynamoDbKeyValueTable(dynamo, table).write("tenant-a", "orders", new ItemKey("S:o-1", ""), 0, new Write(item, "task-1", null));

        Map<String, AttributeValue> raw = dynamo.scan(b -> b.tableName(table).filterExpression("#n = :n")
                .expressionAttributeNames(Map.of("#n", "namespace")).expressionAttributeValues(Map.of(":n", AttributeValue.fromS("tenant-a"))))
                .items().getFirst();
        Map<String, AttributeValue> stored = raw.get("item").m();
        assertThat(stored.get("qty").n()).isEqualTo("12.5");
        assertThat(stored.get("paid").bool()).isTrue();
        assertThat(stored.get("note").nul()).isTrue();
        assertThat(stored.get("raw").b().asByteArray()).containsExactly(0, 1, 2);
        assertThat(stored.get("tags").ss()).containsExactlyInAnyOrder("a", "b");
        assertThat(stored.get("lines").l().getFirst().m().get("sku").s()).isEqualTo("x");
        assertThat(raw.get("tableName").s()).isEqualTo("orders");

        String back = new DynamoDbKeyValueTable(dynamo, table).get("tenant-a", "orders", new ItemKey("S:o-1", "")).orElseThrow().item();
        assertThat(Json.parse(back).get("sizes").get("NS")).hasSize(2);
        com.fasterxml.jackson.databind.node.ObjectNode read = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(back);
        com.fasterxml.jackson.databind.node.ObjectNode written = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(item);
        read.remove(java.util.List.of("sizes", "tags"));
        written.remove(java.util.List.of("sizes", "tags"));
        assertThat(read).as("every other attribute comes back as written").isEqualTo(written);
    }
}
