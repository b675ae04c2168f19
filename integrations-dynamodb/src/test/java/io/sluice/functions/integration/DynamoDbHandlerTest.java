package io.sluice.functions.integration;

import static io.sluice.functions.integration.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.dynamodb.TableSchema;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryKeyValueTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's request and result shapes, expressions and error names, on the in-memory table (which passes
 * the KeyValueTable contract that PostgreSQL passes; adapters/local runs these actions on PostgreSQL too).
 */
class DynamoDbHandlerTest {
    static final String PUT = "arn:aws:states:::dynamodb:putItem";
    static final String GET = "arn:aws:states:::dynamodb:getItem";
    static final String UPDATE = "arn:aws:states:::dynamodb:updateItem";
    static final String DELETE = "arn:aws:states:::dynamodb:deleteItem";
    static final String QUERY = "arn:aws:states:::aws-sdk:dynamodb:query";

    final InMemoryKeyValueTable table = new InMemoryKeyValueTable();
    final DynamoDbHandler dynamo = new DynamoDbHandler(table, List.of(new TableSchema("orders", "id", null),
            new TableSchema("events", "pk", "sk")));

    /** A call by a task of its own (each task token writes once: a second write with it is a replay). */
    JsonNode run(String resource, String params) {
        return dynamo.call(call(resource, params, "orders:run-1.0." + java.util.UUID.randomUUID(), null));
    }

    JsonNode run(String resource, String params, String token) {
        return dynamo.call(call(resource, params, token, null));
    }

    static TaskError failure(Runnable r) {
        try {
            r.run();
        } catch (TaskError e) {
            return e;
        }
        throw new AssertionError("expected a TaskError");
    }

    @Test
    void putThenGetReturnsTheItemAsDynamoDbShapesIt() {
        assertThat(run(PUT, """
                {"TableName": "orders", "Item": {"id": {"S": "o-1"}, "total": {"N": "12.50"}, "lines": {"L": [{"S": "a"}]},
                 "meta": {"M": {"paid": {"BOOL": true}}}, "tags": {"SS": ["x", "y"]}, "note": {"NULL": true}}}""", "t1"))
                .isEqualTo(Json.object());
        JsonNode got = run(GET, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"o-1\"}}}");
        assertThat(got.at("/Item/total/N").asText()).isEqualTo("12.50");
        assertThat(got.at("/Item/meta/M/paid/BOOL").asBoolean()).isTrue();
        assertThat(run(GET, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"none\"}}}")).isEqualTo(Json.object());
        assertThat(run(GET, """
                {"TableName": "arn:aws:dynamodb:eu-west-1:123456789012:table/orders", "Key": {"id": {"S": "o-1"}},
                 "ProjectionExpression": "#t, lines", "ExpressionAttributeNames": {"#t": "total"}}"""))
                .isEqualTo(Json.parse("{\"Item\": {\"total\": {\"N\": \"12.50\"}, \"lines\": {\"L\": [{\"S\": \"a\"}]}}}"));
    }

    @Test
    void aConditionThatFailsIsConditionalCheckFailedWithTheFormsOwnPrefix() {
        String put = """
                {"TableName": "orders", "Item": {"id": {"S": "o-1"}}, "ConditionExpression": "attribute_not_exists(id)"}""";
        run(PUT, put, "t1");
        TaskError optimised = failure(() -> run(PUT, put, "t2"));
        assertThat(optimised.errorName()).isEqualTo("DynamoDB.ConditionalCheckFailedException");
        assertThat(optimised.getMessage()).isEqualTo("The conditional request failed");
        TaskError sdk = failure(() -> run("arn:aws:states:::aws-sdk:dynamodb:putItem", put, "t3"));
        assertThat(sdk.errorName()).isEqualTo("DynamoDb.ConditionalCheckFailedException");
    }

    @Test
    void aTaskThatRunsAgainFindsItsOwnWriteInsteadOfFailingItsCondition() {
        String put = """
                {"TableName": "orders", "Item": {"id": {"S": "o-9"}, "v": {"N": "1"}}, "ConditionExpression": "attribute_not_exists(id)",
                 "ReturnValues": "ALL_OLD"}""";
        assertThat(run(PUT, put, "same-token")).isEqualTo(Json.object());
        assertThat(run(PUT, put, "same-token")).as("the redelivered task").isEqualTo(Json.object());
        String inc = """
                {"TableName": "orders", "Key": {"id": {"S": "o-9"}}, "UpdateExpression": "SET v = v + :one",
                 "ExpressionAttributeValues": {":one": {"N": "1"}}, "ReturnValues": "ALL_NEW"}""";
        assertThat(run(UPDATE, inc, "inc-token").at("/Attributes/v/N").asText()).isEqualTo("2");
        assertThat(run(UPDATE, inc, "inc-token").at("/Attributes/v/N").asText()).as("not incremented twice").isEqualTo("2");
        assertThat(run(GET, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"o-9\"}}}").at("/Item/v/N").asText()).isEqualTo("2");
    }

    @Test
    void conditionsCompareAsDynamoDbDoes() {
        run(PUT, """
                {"TableName": "orders", "Item": {"id": {"S": "c"}, "status": {"S": "PENDING"}, "n": {"N": "10"},
                 "tags": {"SS": ["a", "b"]}, "name": {"S": "order-c"}}}""");
        String[] holding = {"#s = :pending", "n > :five AND n <= :ten", "n BETWEEN :five AND :ten", "#s IN (:done, :pending)",
                "begins_with(#nm, :prefix)", "contains(tags, :a)", "attribute_type(n, :ntype)", "NOT (#s = :done) OR n < :five",
                "size(tags) = :two", "missing <> :done", "attribute_not_exists(missing) AND attribute_exists(n)"};
        String[] failing = {"#s = :done", "n < :five", "n = :pendingText", "missing = :done", "(n > :ten)"};
        String values = """
                "ExpressionAttributeNames": {"#s": "status", "#nm": "name"},
                "ExpressionAttributeValues": {":pending": {"S": "PENDING"}, ":done": {"S": "DONE"}, ":five": {"N": "5"},
                  ":ten": {"N": "10.0"}, ":prefix": {"S": "order-"}, ":a": {"S": "a"}, ":ntype": {"S": "N"}, ":two": {"N": "2"},
                  ":pendingText": {"S": "10"}}""";
        for (String c : holding) {
            assertThat(holds(c, values)).as(c).isTrue();
        }
        for (String c : failing) {
            assertThat(holds(c, values)).as(c).isFalse();
        }
    }

    /** Whether a conditional update of item c with {@code condition} passes (placeholders it does not use are dropped). */
    private boolean holds(String condition, String values) {
        JsonNode all = Json.parse("{" + values + "}");
        JsonNode names = all.get("ExpressionAttributeNames").deepCopy();
        JsonNode vals = all.get("ExpressionAttributeValues").deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) names).retain(java.util.stream.StreamSupport.stream(
                ((Iterable<String>) names::fieldNames).spliterator(), false).filter(condition::contains).toList());
        ((com.fasterxml.jackson.databind.node.ObjectNode) vals).retain(java.util.stream.StreamSupport.stream(
                ((Iterable<String>) vals::fieldNames).spliterator(), false).filter(n -> condition.matches(".*" + n + "\\b.*")).toList());
        var params = Json.object().put("TableName", "orders").put("ConditionExpression", condition);
        params.set("Key", Json.parse("{\"id\": {\"S\": \"c\"}}"));
        if (!names.isEmpty()) params.set("ExpressionAttributeNames", names);
        if (!vals.isEmpty()) params.set("ExpressionAttributeValues", vals);
        try {
            dynamo.call(call(UPDATE, Json.write(params), null, null));
            return true;
        } catch (TaskError e) {
            assertThat(e.errorName()).as(condition + ": " + e.getMessage()).isEqualTo("DynamoDB.ConditionalCheckFailedException");
            return false;
        }
    }

    @Test
    void updateExpressionsSetAddRemoveAndDeleteWithReturnValues() {
        run(PUT, """
                {"TableName": "orders", "Item": {"id": {"S": "u"}, "count": {"N": "1"}, "old": {"S": "x"}, "tags": {"SS": ["a", "b"]},
                 "lines": {"L": [{"S": "l1"}]}, "meta": {"M": {"v": {"N": "1"}}}}}""");
        JsonNode r = run(UPDATE, """
                {"TableName": "orders", "Key": {"id": {"S": "u"}},
                 "UpdateExpression": "SET #c = #c + :one, firstSeen = if_not_exists(firstSeen, :now), lines = list_append(lines, :more), meta.v = :two REMOVE old ADD visits :one DELETE tags :a",
                 "ExpressionAttributeNames": {"#c": "count"},
                 "ExpressionAttributeValues": {":one": {"N": "1"}, ":now": {"S": "2026-11-29"}, ":more": {"L": [{"S": "l2"}]},
                   ":two": {"N": "2"}, ":a": {"SS": ["a"]}},
                 "ReturnValues": "ALL_NEW"}""");
        assertThat(r.get("Attributes")).isEqualTo(Json.parse("""
                {"id": {"S": "u"}, "count": {"N": "2"}, "tags": {"SS": ["b"]}, "lines": {"L": [{"S": "l1"}, {"S": "l2"}]},
                 "meta": {"M": {"v": {"N": "2"}}}, "firstSeen": {"S": "2026-11-29"}, "visits": {"N": "1"}}"""));
        JsonNode updatedOld = run(UPDATE, """
                {"TableName": "orders", "Key": {"id": {"S": "u"}}, "UpdateExpression": "SET firstSeen = if_not_exists(firstSeen, :later), #c = :ten",
                 "ExpressionAttributeNames": {"#c": "count"}, "ExpressionAttributeValues": {":later": {"S": "2027"}, ":ten": {"N": "10"}},
                 "ReturnValues": "UPDATED_OLD"}""");
        assertThat(updatedOld.get("Attributes")).isEqualTo(Json.parse("{\"count\": {\"N\": \"2\"}}"));
        JsonNode created = run(UPDATE, """
                {"TableName": "orders", "Key": {"id": {"S": "new"}}, "UpdateExpression": "SET hits = if_not_exists(hits, :zero) + :one",
                 "ExpressionAttributeValues": {":zero": {"N": "0"}, ":one": {"N": "1"}}, "ReturnValues": "ALL_NEW"}""");
        assertThat(created.get("Attributes")).isEqualTo(Json.parse("{\"id\": {\"S\": \"new\"}, \"hits\": {\"N\": \"1\"}}"));
        TaskError key = failure(() -> run(UPDATE, """
                {"TableName": "orders", "Key": {"id": {"S": "u"}}, "UpdateExpression": "SET id = :x",
                 "ExpressionAttributeValues": {":x": {"S": "y"}}}"""));
        assertThat(key.errorName()).isEqualTo("DynamoDB.ValidationException");
        assertThat(key.getMessage()).contains("Cannot update attribute id");
    }

    @Test
    void deleteReturnsTheOldItemAndAConditionGuardsIt() {
        run(PUT, "{\"TableName\": \"orders\", \"Item\": {\"id\": {\"S\": \"d\"}, \"state\": {\"S\": \"OPEN\"}}}");
        assertThat(failure(() -> run(DELETE, """
                {"TableName": "orders", "Key": {"id": {"S": "d"}}, "ConditionExpression": "#st = :closed",
                 "ExpressionAttributeNames": {"#st": "state"}, "ExpressionAttributeValues": {":closed": {"S": "CLOSED"}}}""")).errorName())
                .isEqualTo("DynamoDB.ConditionalCheckFailedException");
        assertThat(run(DELETE, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"d\"}}, \"ReturnValues\": \"ALL_OLD\"}"))
                .isEqualTo(Json.parse("{\"Attributes\": {\"id\": {\"S\": \"d\"}, \"state\": {\"S\": \"OPEN\"}}}"));
        assertThat(run(GET, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"d\"}}}")).isEqualTo(Json.object());
        assertThat(run(DELETE, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"d\"}}}")).as("deleting nothing").isEqualTo(Json.object());
    }

    @Test
    void queriesSelectThePartitionInSortKeyOrderWithLimitsFiltersAndPages() {
        for (int i : new int[] {3, 1, 10, 2}) {
            run(PUT, "{\"TableName\": \"events\", \"Item\": {\"pk\": {\"S\": \"order#1\"}, \"sk\": {\"N\": \"" + i
                    + "\"}, \"kind\": {\"S\": \"" + (i % 2 == 0 ? "even" : "odd") + "\"}}}");
        }
        run(PUT, "{\"TableName\": \"events\", \"Item\": {\"pk\": {\"S\": \"order#2\"}, \"sk\": {\"N\": \"1\"}}}");
        String base = "\"TableName\": \"events\", \"ExpressionAttributeValues\": {\":p\": {\"S\": \"order#1\"}, \":lo\": {\"N\": \"2\"}}";
        JsonNode all = run(QUERY, "{" + base.replace(", \":lo\": {\"N\": \"2\"}", "") + ", \"KeyConditionExpression\": \"pk = :p\"}");
        assertThat(all.get("Count").asInt()).isEqualTo(4);
        assertThat(all.get("Items").findValuesAsText("N")).containsExactly("1", "2", "3", "10");
        JsonNode range = run(QUERY, "{" + base + ", \"KeyConditionExpression\": \"pk = :p AND sk >= :lo\", \"ScanIndexForward\": false, \"Limit\": 2}");
        assertThat(range.get("Items").findValuesAsText("N")).containsExactly("10", "3");
        assertThat(range.get("LastEvaluatedKey")).isEqualTo(Json.parse("{\"pk\": {\"S\": \"order#1\"}, \"sk\": {\"N\": \"3\"}}"));
        assertThat(range.get("ScannedCount").asInt()).isEqualTo(2);
        var next = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse("{" + base
                + ", \"KeyConditionExpression\": \"pk = :p AND sk >= :lo\", \"ScanIndexForward\": false, \"Limit\": 2}");
        next.set("ExclusiveStartKey", range.get("LastEvaluatedKey"));
        JsonNode page2 = run(QUERY, Json.write(next));
        assertThat(page2.get("Items").findValuesAsText("N")).containsExactly("2");
        assertThat(page2.has("LastEvaluatedKey")).isFalse();
        JsonNode filtered = run(QUERY, "{\"TableName\": \"events\", \"KeyConditionExpression\": \"pk = :p\", \"FilterExpression\": \"kind = :odd\","
                + " \"ExpressionAttributeValues\": {\":p\": {\"S\": \"order#1\"}, \":odd\": {\"S\": \"odd\"}}}");
        assertThat(filtered.get("Count").asInt()).isEqualTo(2);
        assertThat(filtered.get("ScannedCount").asInt()).isEqualTo(4);
    }

    @Test
    void anUndeclaredTableIsResourceNotFoundAndABadExpressionAValidationErrorNamingTheField() {
        TaskError missing = failure(() -> run(GET, "{\"TableName\": \"nope\", \"Key\": {\"id\": {\"S\": \"x\"}}}"));
        assertThat(missing.errorName()).isEqualTo("DynamoDB.ResourceNotFoundException");
        assertThat(missing.getMessage()).startsWith("Requested resource not found");
        TaskError syntax = failure(() -> run(PUT, "{\"TableName\": \"orders\", \"Item\": {\"id\": {\"S\": \"x\"}}, \"ConditionExpression\": \"id = = :v\","
                + " \"ExpressionAttributeValues\": {\":v\": {\"S\": \"x\"}}}"));
        assertThat(syntax.errorName()).isEqualTo("DynamoDB.ValidationException");
        assertThat(syntax.getMessage()).startsWith("Invalid ConditionExpression: Syntax error; token: \"=\"");
        TaskError undefined = failure(() -> run(PUT, "{\"TableName\": \"orders\", \"Item\": {\"id\": {\"S\": \"x\"}},"
                + " \"ConditionExpression\": \"#missing = :v\", \"ExpressionAttributeValues\": {\":v\": {\"S\": \"x\"}}}"));
        assertThat(undefined.getMessage()).contains("ConditionExpression").contains("#missing");
        TaskError unused = failure(() -> run(PUT, "{\"TableName\": \"orders\", \"Item\": {\"id\": {\"S\": \"x\"}},"
                + " \"ExpressionAttributeValues\": {\":v\": {\"S\": \"x\"}}}"));
        assertThat(unused.getMessage()).contains("unused").contains(":v");
        assertThat(failure(() -> run(GET, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"x\"}, \"extra\": {\"S\": \"y\"}}}"))
                .getMessage()).contains("does not match the schema");
        assertThat(failure(() -> run(PUT, "{\"TableName\": \"orders\", \"Item\": {\"id\": \"plain\"}}")).getMessage())
                .contains("Item.id is not an attribute value");
        assertThatThrownBy(() -> run(QUERY, "{\"TableName\": \"events\", \"KeyConditionExpression\": \"sk = :v\","
                + " \"ExpressionAttributeValues\": {\":v\": {\"N\": \"1\"}}}")).isInstanceOf(TaskError.class)
                .hasMessageContaining("pk");
    }

    @Test
    void tenantsHaveTablesOfTheirOwn() {
        dynamo.call(call(PUT, "{\"TableName\": \"orders\", \"Item\": {\"id\": {\"S\": \"o\"}, \"who\": {\"S\": \"a\"}}}", "ta", "tenant-a"));
        assertThat(dynamo.call(call(GET, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"o\"}}}", "tb", "tenant-b"))).isEqualTo(Json.object());
        assertThat(dynamo.call(call(GET, "{\"TableName\": \"orders\", \"Key\": {\"id\": {\"S\": \"o\"}}}", "tb", "tenant-a")).at("/Item/who/S").asText())
                .isEqualTo("a");
    }
}
