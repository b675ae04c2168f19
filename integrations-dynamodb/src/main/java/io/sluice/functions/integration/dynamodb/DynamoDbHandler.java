package io.sluice.functions.integration.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.ServiceErrors;
import io.sluice.functions.integration.dynamodb.Expression.Between;
import io.sluice.functions.integration.dynamodb.Expression.Compare;
import io.sluice.functions.integration.dynamodb.Expression.Condition;
import io.sluice.functions.integration.dynamodb.Expression.Function;
import io.sluice.functions.integration.dynamodb.Expression.Path;
import io.sluice.functions.integration.dynamodb.Expression.PathOperand;
import io.sluice.functions.integration.dynamodb.Expression.Update;
import io.sluice.functions.integration.dynamodb.Expression.Value;
import io.sluice.functions.integration.dynamodb.ExpressionParser.InvalidExpression;
import io.sluice.functions.integration.dynamodb.ExpressionParser.Placeholders;
import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.orchestration.port.KeyValueTable.ItemKey;
import io.sluice.orchestration.port.KeyValueTable.Stored;
import io.sluice.orchestration.port.KeyValueTable.Write;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code dynamodb:getItem/putItem/updateItem/deleteItem/query} and their {@code aws-sdk:dynamodb:*} forms
 * over the {@link KeyValueTable} port, with DynamoDB's request and result shapes and attribute-value JSON:
 * {@code ConditionExpression} (comparisons, BETWEEN, IN, AND/OR/NOT, attribute_exists, attribute_not_exists,
 * attribute_type, begins_with, contains, size) on put, update and delete; {@code UpdateExpression} SET (with
 * {@code +}/{@code -}, if_not_exists, list_append), REMOVE, ADD and DELETE; {@code ReturnValues};
 * {@code ProjectionExpression}; queries by {@code KeyConditionExpression} with {@code FilterExpression},
 * {@code Limit}, {@code ScanIndexForward}, {@code ExclusiveStartKey} and {@code Select: COUNT}.
 *
 * <p>Each tenant has its own tables (the call's namespace). A write is a compare-and-set, retried when
 * another write came first, and carries the task token: a task that runs again after its write landed (a
 * crash before its result was stored) finds its own write and answers from it instead of failing the
 * condition its first run changed. Not modelled: secondary indexes, the reserved-word check, capacity and
 * metrics fields, and the SDK's HTTP metadata in results.
 */
public final class DynamoDbHandler implements IntegrationHandler {
    private static final List<String> ACTIONS = List.of("getItem", "putItem", "updateItem", "deleteItem", "query");
    private static final int WRITE_ATTEMPTS = 50;

    private final KeyValueTable store;
    private final Map<String, TableSchema> tables;

    public DynamoDbHandler(KeyValueTable store, List<TableSchema> tables) {
        this.store = store;
        Map<String, TableSchema> byName = new LinkedHashMap<>();
        tables.forEach(t -> byName.put(t.name(), t));
        this.tables = Map.copyOf(byName);
    }

    @Override
    public Set<String> actions() {
        Set<String> out = new HashSet<>();
        for (String a : ACTIONS) {
            out.add("dynamodb:" + a);
            out.add("aws-sdk:dynamodb:" + a);
        }
        return out;
    }

    /** What one call works on: the action, its table, the parameters and the placeholders its expressions use. */
    private record Request(IntegrationCall call, ServiceAction action, TableSchema table, JsonNode p, Placeholders placeholders) {
        String namespace() {
            return call.namespace();
        }

        String writer() {
            return call.task().token();
        }
    }

    @Override
    public JsonNode call(IntegrationCall call) {
        ServiceAction action = call.action();
        JsonNode p = call.parameters();
        try {
            for (String legacy : List.of("Expected", "AttributeUpdates", "KeyConditions", "QueryFilter", "ConditionalOperator")) {
                if (p.has(legacy)) {
                    throw new InvalidExpression(legacy + " is a legacy parameter this runtime does not take; use the expression"
                            + " parameters (ConditionExpression, UpdateExpression, KeyConditionExpression, FilterExpression) instead");
                }
            }
            Request r = new Request(call, action, table(action, p), p,
                    new Placeholders(p.get("ExpressionAttributeNames"), p.get("ExpressionAttributeValues")));
            JsonNode result = switch (action.action()) {
                case "getItem" -> getItem(r);
                case "putItem" -> putItem(r);
                case "updateItem" -> updateItem(r);
                case "deleteItem" -> deleteItem(r);
                case "query" -> query(r);
                default -> throw new IllegalStateException("no DynamoDB action " + action.action());
            };
            return result;
        } catch (InvalidExpression e) {
            throw ServiceErrors.invalid(action, e.getMessage());
        }
    }

    private TableSchema table(ServiceAction action, JsonNode p) {
        JsonNode given = p.get("TableName");
        if (given == null || !given.isTextual()) {
            throw new InvalidExpression("1 validation error detected: Value null at 'tableName' failed to satisfy constraint:"
                    + " Member must not be null");
        }
        String name = given.asText();
        int slash = name.startsWith("arn:") ? name.indexOf(":table/") : -1;
        if (slash >= 0) {
            name = name.substring(slash + ":table/".length());
        }
        if (!TableSchema.validName(name)) {
            throw new InvalidExpression("1 validation error detected: Value '" + given.asText() + "' at 'tableName' failed to"
                    + " satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
        TableSchema schema = tables.get(name);
        if (schema == null) {
            throw ServiceErrors.of(action, "ResourceNotFoundException", "Requested resource not found: Table: " + name
                    + " not found (declare it on this runtime, with its keys, under sluice.integrations.tables)", false);
        }
        return schema;
    }

    // ---- reads ---------------------------------------------------------------------------------------------

    private JsonNode getItem(Request r) {
        ItemKey key = key(r, r.p().get("Key"), "Key", true);
        List<Path> projection = projection(r);
        r.placeholders().checkAllUsed();
        ObjectNode out = Json.object();
        live(r, key).ifPresent(item -> out.set("Item", project(item, projection)));
        return out;
    }

    private JsonNode query(Request r) {
        if (r.p().has("IndexName")) {
            throw new InvalidExpression("IndexName: secondary indexes are not supported by this runtime's key-value table;"
                    + " query the table by its own keys");
        }
        String keyText = textParam(r.p(), "KeyConditionExpression");
        if (keyText == null) {
            throw new InvalidExpression("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        Condition keys = r.placeholders().condition("KeyConditionExpression", keyText);
        String filterText = textParam(r.p(), "FilterExpression");
        Condition filter = filterText == null ? null : r.placeholders().condition("FilterExpression", filterText);
        List<Path> projection = projection(r);
        r.placeholders().checkAllUsed();
        KeyConditions.KeyQuery q = KeyConditions.of(keys, r.table());
        boolean forward = !r.p().has("ScanIndexForward") || r.p().get("ScanIndexForward").asBoolean(true);
        Integer limit = r.p().has("Limit") ? r.p().get("Limit").asInt() : null;
        if (limit != null && limit < 1) {
            throw new InvalidExpression("1 validation error detected: Value '" + limit + "' at 'limit' failed to satisfy constraint:"
                    + " Member must have value greater than or equal to 1");
        }
        String sortKey = r.table().sortKey();
        List<ObjectNode> matching = new ArrayList<>();
        for (Stored s : store.partition(r.namespace(), r.table().name(), AttributeValues.keyText(q.partition()))) {
            ObjectNode item = (ObjectNode) Json.parse(s.item());
            if (q.sort() == null || Evaluation.holds(q.sort(), item)) {
                matching.add(item);
            }
        }
        if (sortKey != null) {
            Comparator<ObjectNode> order = (a, b) -> {
                Integer c = AttributeValues.compare(a.get(sortKey), b.get(sortKey));
                return c == null ? 0 : c;
            };
            matching.sort(forward ? order : order.reversed());
        }
        int start = 0;
        JsonNode exclusive = r.p().get("ExclusiveStartKey");
        if (exclusive != null && !exclusive.isNull()) {
            ItemKey after = key(r, exclusive, "ExclusiveStartKey", true);
            start = matching.size();
            for (int i = 0; i < matching.size(); i++) {
                if (itemKey(r.table(), matching.get(i)).equals(after)) {
                    start = i + 1;
                    break;
                }
            }
        }
        int end = limit == null ? matching.size() : Math.min(matching.size(), start + limit);
        List<ObjectNode> scanned = matching.subList(start, end);
        boolean countOnly = "COUNT".equals(textParam(r.p(), "Select"));
        ArrayNode items = Json.NODES.arrayNode();
        for (ObjectNode item : scanned) {
            if (filter == null || Evaluation.holds(filter, item)) {
                items.add(project(item, projection));
            }
        }
        ObjectNode out = Json.object();
        out.put("Count", items.size());
        if (!countOnly) {
            out.set("Items", items);
        }
        out.put("ScannedCount", scanned.size());
        if (end < matching.size() && !scanned.isEmpty()) {
            out.set("LastEvaluatedKey", keyAttributes(r.table(), scanned.getLast()));
        }
        return out;
    }

    // ---- writes --------------------------------------------------------------------------------------------

    private JsonNode putItem(Request r) {
        JsonNode item = r.p().get("Item");
        String problem = AttributeValues.itemProblem(item, "Item");
        if (problem != null) {
            throw new InvalidExpression("One or more parameter values were invalid: " + problem);
        }
        ItemKey key = key(r, item, "Item", false);
        Condition condition = condition(r);
        String returns = returnValues(r, Set.of("NONE", "ALL_OLD"));
        r.placeholders().checkAllUsed();
        return write(r, key, condition, returns, before -> (ObjectNode) item.deepCopy());
    }

    private JsonNode updateItem(Request r) {
        JsonNode keyNode = r.p().get("Key");
        ItemKey key = key(r, keyNode, "Key", true);
        String updateText = textParam(r.p(), "UpdateExpression");
        Update update = updateText == null ? new Update(List.of(), List.of(), List.of(), List.of()) : r.placeholders().update(updateText);
        Condition condition = condition(r);
        String returns = returnValues(r, Set.of("NONE", "ALL_OLD", "ALL_NEW", "UPDATED_OLD", "UPDATED_NEW"));
        r.placeholders().checkAllUsed();
        Set<String> keys = keyNames(r.table());
        return write(r, key, condition, returns, before -> {
            ObjectNode start = before != null ? before : (ObjectNode) keyNode.deepCopy();
            return Evaluation.apply(update, start, keys);
        });
    }

    private JsonNode deleteItem(Request r) {
        ItemKey key = key(r, r.p().get("Key"), "Key", true);
        Condition condition = condition(r);
        String returns = returnValues(r, Set.of("NONE", "ALL_OLD"));
        r.placeholders().checkAllUsed();
        return write(r, key, condition, returns, before -> null);
    }

    /** The new item from the current one ({@code null}: none); a {@code null} result deletes. */
    private interface Change {
        ObjectNode next(ObjectNode before);
    }

    private JsonNode write(Request r, ItemKey key, Condition condition, String returns, Change change) {
        for (int attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
            Optional<Stored> stored = store.get(r.namespace(), r.table().name(), key);
            if (stored.isPresent() && r.writer() != null && r.writer().equals(stored.get().writer())) {
                // This task's write landed before (its result was lost with a crash): answer from it.
                return WriteAnswers.of(returns, parse(stored.get().previous()), parse(stored.get().item()));
            }
            ObjectNode before = stored.filter(Stored::live).map(s -> (ObjectNode) Json.parse(s.item())).orElse(null);
            if (condition != null && !Evaluation.holds(condition, before == null ? Json.object() : before)) {
                throw ServiceErrors.of(r.action(), "ConditionalCheckFailedException", "The conditional request failed", false);
            }
            ObjectNode after = change.next(before);
            if (after == null && before == null) {
                return WriteAnswers.of(returns, null, null); // deleting nothing changes nothing
            }
            long version = stored.map(Stored::version).orElse(0L);
            Write w = new Write(after == null ? null : Json.write(after), r.writer(), before == null ? null : Json.write(before));
            if (store.write(r.namespace(), r.table().name(), key, version, w)) {
                return WriteAnswers.of(returns, before, after);
            }
        }
        throw ServiceErrors.of(r.action(), "InternalServerError", "The item was changed by other writers " + WRITE_ATTEMPTS
                + " times while this write tried; try again.", true);
    }

    private static ObjectNode parse(String json) {
        return json == null ? null : (ObjectNode) Json.parse(json);
    }

    // ---- shared pieces -------------------------------------------------------------------------------------

    private Condition condition(Request r) {
        String text = textParam(r.p(), "ConditionExpression");
        return text == null ? null : r.placeholders().condition("ConditionExpression", text);
    }

    private static String returnValues(Request r, Set<String> allowed) {
        String given = textParam(r.p(), "ReturnValues");
        if (given == null) return "NONE";
        if (!allowed.contains(given)) {
            throw new InvalidExpression("ReturnValues can only be " + String.join(" or ", allowed.stream().sorted().toList())
                    + " for " + r.action().action() + ", not " + given);
        }
        return given;
    }

    private List<Path> projection(Request r) {
        String text = textParam(r.p(), "ProjectionExpression");
        return text == null ? null : r.placeholders().projection(text);
    }

    private static JsonNode project(ObjectNode item, List<Path> projection) {
        if (projection == null) return item;
        ObjectNode out = Json.object();
        for (Path p : projection) {
            if (!p.topLevel()) {
                throw new InvalidExpression("ProjectionExpression: only top-level attributes can be projected here, not " + p);
            }
            if (item.has(p.first())) out.set(p.first(), item.get(p.first()));
        }
        return out;
    }

    private Optional<ObjectNode> live(Request r, ItemKey key) {
        return store.get(r.namespace(), r.table().name(), key).filter(Stored::live).map(s -> (ObjectNode) Json.parse(s.item()));
    }

    private static Set<String> keyNames(TableSchema t) {
        return t.sortKey() == null ? Set.of(t.partitionKey()) : Set.of(t.partitionKey(), t.sortKey());
    }

    /**
     * The key of an item or a Key parameter; with {@code exact}, the Key must hold the key attributes and
     * nothing else, as DynamoDB's "The provided key element does not match the schema" says.
     */
    private static ItemKey key(Request r, JsonNode node, String field, boolean exact) {
        TableSchema t = r.table();
        if (node == null || !node.isObject()) {
            throw new InvalidExpression("1 validation error detected: Value null at '" + Character.toLowerCase(field.charAt(0))
                    + field.substring(1) + "' failed to satisfy constraint: Member must not be null");
        }
        Set<String> names = keyNames(t);
        if (exact) {
            String problem = AttributeValues.itemProblem(node, field);
            if (problem != null) throw new InvalidExpression("One or more parameter values were invalid: " + problem);
            Set<String> given = new HashSet<>();
            node.fieldNames().forEachRemaining(given::add);
            if (!given.equals(names)) {
                throw new InvalidExpression("The provided key element does not match the schema: table " + t.name()
                        + " is keyed by " + String.join(" and ", names.stream().sorted().toList()) + ", " + field + " has "
                        + String.join(", ", given.stream().sorted().toList()));
            }
        }
        String partition = keyPart(node, t.partitionKey(), t.name());
        String sort = t.sortKey() == null ? "" : keyPart(node, t.sortKey(), t.name());
        return new ItemKey(partition, sort);
    }

    private static String keyPart(JsonNode node, String name, String table) {
        JsonNode v = node.get(name);
        String type = AttributeValues.type(v);
        if (v == null) {
            throw new InvalidExpression("One or more parameter values were invalid: Missing the key " + name + " in the item");
        }
        if (!Set.of("S", "N", "B").contains(type)) {
            throw new InvalidExpression("One or more parameter values were invalid: Type mismatch for key " + name
                    + " of table " + table + ": a key is a string (S), number (N) or binary (B)");
        }
        if (type.equals("S") && v.get("S").asText().isEmpty()) {
            throw new InvalidExpression("One or more parameter values are not valid. The AttributeValue for a key attribute"
                    + " cannot contain an empty string value. Key: " + name);
        }
        return AttributeValues.keyText(v);
    }

    private static ItemKey itemKey(TableSchema t, ObjectNode item) {
        return new ItemKey(AttributeValues.keyText(item.get(t.partitionKey())),
                t.sortKey() == null ? "" : AttributeValues.keyText(item.get(t.sortKey())));
    }

    private static ObjectNode keyAttributes(TableSchema t, ObjectNode item) {
        ObjectNode out = Json.object();
        out.set(t.partitionKey(), item.get(t.partitionKey()));
        if (t.sortKey() != null) out.set(t.sortKey(), item.get(t.sortKey()));
        return out;
    }

    private static String textParam(JsonNode p, String field) {
        JsonNode v = p.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
