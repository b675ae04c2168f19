package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Mutates a definition the way hand edits and generators go wrong: a field deleted, a value of the
 * wrong type, a random JSON value, an unknown field, deep nesting, a value copied from elsewhere in
 * the definition. Deterministic for a given {@link Random}, so a failing case can be replayed.
 */
final class DefinitionMutator {
    /** Strings that mean something to some part of the validator or parser. */
    private static final List<String> TEXTS = List.of("", "$", "$$", "$.", "$..x", "$.a[0]", "$.a[*].b", "$[", "$$.Task.Token",
            "$$.Map.Item.Value", "$var", "States.Format('{}', $.x)", "States.Format(", "States.ArrayLength($.a)",
            "States.Nope()", "{% $states.input %}", "{%", "JSONata", "JSONPath", "DISTRIBUTED", "INLINE", "FULL",
            "Task", "Pass", "Choice", "Wait", "Succeed", "Fail", "Parallel", "Map", "States.ALL", "States.Timeout",
            "2026-11-29T06:00:00Z", "2026-02-30T00:00:00Z", "sluice:function:f", "sluice:function:f.sync",
            "sluice:function:", "arn:aws:states:::glue:startJobRun.sync", "arn:aws:states:::states:startExecution.sync:2",
            "arn:aws:states:::aws-sdk:s3:getObject", "arn:aws:states:::aws-sdk:s3:getObject.sync",
            "arn:aws:states:::lambda:invoke", "arn:aws:states:::lambda:invoke.sync", "arn:aws:states:::http:invoke",
            "arn:aws:states:us-east-1:123456789012:activity:x", "arn:aws:lambda:us-east-1:123456789012:function:f:1",
            "${Placeholder}", "A", "B", "Next", "End", "~/", "\u0000", "x".repeat(100));
    private static final List<String> FIELDS = List.of("Type", "Next", "End", "Resource", "Parameters", "ResultPath",
            "InputPath", "OutputPath", "ResultSelector", "Retry", "Catch", "Choices", "Default", "Branches",
            "ItemProcessor", "Iterator", "ItemsPath", "ItemSelector", "MaxConcurrency", "Seconds", "Timestamp",
            "SecondsPath", "TimestampPath", "Error", "Cause", "ErrorPath", "CausePath", "StartAt", "States",
            "TimeoutSeconds", "HeartbeatSeconds", "TimeoutSecondsPath", "QueryLanguage", "Arguments", "Output",
            "Assign", "Items", "ItemReader", "ItemBatcher", "ResultWriter", "ProcessorConfig", "Mode", "Credentials",
            "ToleratedFailurePercentage", "Label", "Comment", "Variable", "StringEquals", "And", "Not", "Condition",
            "ErrorEquals", "IntervalSeconds", "MaxAttempts", "BackoffRate", "JitterStrategy", "MaxDelaySeconds",
            "Version", "Unknown", "a.$", "Payload.$", "FunctionName");

    private final Random random;

    DefinitionMutator(Random random) {
        this.random = random;
    }

    /**
     * A copy of {@code definition} with one scalar replaced by another of the same JSON type (a
     * string by a string that means something to ASL): mostly still valid, which is what probes
     * whether the validator and the parser agree.
     */
    JsonNode mutateGently(JsonNode definition) {
        JsonNode root = definition.deepCopy();
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        List<String> names = new ArrayList<>();
        target.fieldNames().forEachRemaining(names::add);
        if (target instanceof ObjectNode object && !names.isEmpty()) {
            String name = names.get(random.nextInt(names.size()));
            JsonNode value = object.get(name);
            if (value.isTextual()) {
                object.put(name, TEXTS.get(random.nextInt(TEXTS.size())));
            } else if (value.isNumber()) {
                object.set(name, randomValue(0).isNumber() ? randomValue(0) : Json.NODES.numberNode(random.nextInt(5)));
            } else if (value.isBoolean()) {
                object.put(name, !value.asBoolean());
            } else {
                object.remove(name);
            }
        }
        return root;
    }

    /** A mutated copy of {@code definition} with 1 to 6 mutations applied. */
    JsonNode mutate(JsonNode definition) {
        JsonNode root = definition.deepCopy();
        int mutations = 1 + random.nextInt(6);
        for (int i = 0; i < mutations; i++) {
            if (!(root instanceof ContainerNode<?>) || random.nextInt(40) == 0) {
                return randomValue(3);
            }
            mutateOne(root);
        }
        return root;
    }

    private void mutateOne(JsonNode root) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        if (target instanceof ObjectNode object) {
            mutateObject(root, object);
        } else if (target instanceof ArrayNode array) {
            mutateArray(array);
        }
    }

    private void mutateObject(JsonNode root, ObjectNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        String existing = names.isEmpty() ? null : names.get(random.nextInt(names.size()));
        switch (random.nextInt(7)) {
            case 0 -> { if (existing != null) object.remove(existing); }
            case 1 -> { if (existing != null) object.set(existing, swapType(object.get(existing))); }
            case 2 -> object.set(FIELDS.get(random.nextInt(FIELDS.size())), randomValue(2));
            case 3 -> { if (existing != null) object.set(existing, randomValue(3)); }
            case 4 -> { if (existing != null) object.set(existing, nest(object.get(existing), 50 + random.nextInt(300))); }
            case 5 -> { if (existing != null) object.set(existing, copyOfSomeNode(root)); }
            default -> {
                if (existing != null) {
                    JsonNode value = object.remove(existing);
                    object.set(FIELDS.get(random.nextInt(FIELDS.size())), value);
                }
            }
        }
    }

    private void mutateArray(ArrayNode array) {
        switch (random.nextInt(4)) {
            case 0 -> { if (!array.isEmpty()) array.remove(random.nextInt(array.size())); }
            case 1 -> array.add(randomValue(2));
            case 2 -> { if (!array.isEmpty()) array.set(random.nextInt(array.size()), swapType(array.get(0))); }
            default -> array.removeAll();
        }
    }

    private static void collect(JsonNode node, List<JsonNode> into) {
        if (node instanceof ContainerNode<?>) {
            into.add(node);
            node.forEach(child -> collect(child, into));
        }
    }

    private JsonNode copyOfSomeNode(JsonNode root) {
        List<JsonNode> all = new ArrayList<>();
        collect(root, all);
        return all.get(random.nextInt(all.size())).deepCopy();
    }

    /** A value of another JSON type than {@code value}. */
    private JsonNode swapType(JsonNode value) {
        return switch (value.getNodeType()) {
            case STRING -> random.nextBoolean() ? Json.NODES.numberNode(random.nextInt(100) - 10) : Json.NODES.arrayNode().add(value);
            case NUMBER -> Json.NODES.textNode(value.asText());
            case BOOLEAN -> Json.NODES.textNode(value.asText());
            case OBJECT -> Json.NODES.arrayNode().add(value);
            case ARRAY -> random.nextBoolean() ? Json.object() : Json.NODES.nullNode();
            default -> randomValue(1);
        };
    }

    private JsonNode nest(JsonNode value, int depth) {
        JsonNode node = value;
        for (int i = 0; i < depth; i++) {
            node = random.nextBoolean() ? Json.NODES.arrayNode().add(node) : Json.object().set(random.nextBoolean() ? "Not" : "n", node);
        }
        return node;
    }

    JsonNode randomValue(int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 7);
        return switch (kind) {
            case 0 -> Json.NODES.nullNode();
            case 1 -> Json.NODES.booleanNode(random.nextBoolean());
            case 2 -> Json.NODES.numberNode(List.of(0L, -1L, 1L, 3L, 2147483648L, Long.MAX_VALUE, -9999999999L)
                    .get(random.nextInt(7)));
            case 3 -> Json.NODES.numberNode(List.of(0.5, 1.0, 1e300, -2.5, 1e15).get(random.nextInt(5)));
            case 4, 5, 6 -> Json.NODES.textNode(TEXTS.get(random.nextInt(TEXTS.size())));
            case 7 -> {
                ArrayNode array = Json.NODES.arrayNode();
                for (int i = random.nextInt(3); i > 0; i--) array.add(randomValue(depth - 1));
                yield array;
            }
            default -> {
                ObjectNode object = Json.object();
                for (int i = random.nextInt(4); i > 0; i--) object.set(FIELDS.get(random.nextInt(FIELDS.size())), randomValue(depth - 1));
                yield object;
            }
        };
    }
}
