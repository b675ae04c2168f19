package io.sluice.api.http;

import io.sluice.orchestration.path.RandomSource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.start.StartOptions;
import io.sluice.functions.trigger.PartitionNames;
import io.sluice.functions.trigger.Partitions;
import io.sluice.orchestration.json.Json;
import java.util.HexFormat;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A start request: an optional {@code name} (starting a name twice is idempotent), the {@code input},
 * and an optional {@code partition}, which is put into the input's top-level {@code partition} (where
 * the completion events and {@code dependency-check} read it) and into the default name. A partition,
 * given either way, must be one {@link Partitions} allows (it ends up in the jobs' file names); any
 * other is a 400 naming the field it came in.
 *
 * An optional {@code priority} ({@code "P0"}..{@code "P3"}) overrides the pipeline's priority channel for this execution.
 *
 * @param name     {@code null}: {@link #executionName} makes one up
 * @param priority {@code null}: the pipeline's
 */
record StartRequest(String name, JsonNode input, String partition, Priority priority) {
    StartRequest(String name, JsonNode input, String partition) {
        this(name, input, partition, null);
    }

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:@-]{1,80}");
    static final String NAME_EXPECTED = "1-80 letters, digits and _ . : @ -";
    /** Longer is refused as too long before the grammar is asked. */
    private static final int MAX_PARTITION = 256;
    private static final String PARTITION = FinishedExecution.PARTITION_FIELD;

    /** The fields a start body may have; any other is a 400 naming it (a typo would otherwise start a run with defaults). */
    static final java.util.Set<String> FIELDS = java.util.Set.of("name", "input", "partition", "priority");

    /** From the body of {@code POST /v1/pipelines/{id}/executions}. */
    static StartRequest parse(JsonNode request) {
        for (String field : (Iterable<String>) request::fieldNames) {
            if (!FIELDS.contains(field)) {
                throw new ApiProblems.InvalidRequest(field, "no such field: a start takes \"name\", \"input\", \"partition\" and \"priority\"",
                        null);
            }
        }
        String name = name(RequestJson.optionalString(request, "name", 80), "name");
        String partition = RequestJson.optionalString(request, "partition", MAX_PARTITION);
        JsonNode input = request.has("input") && !request.get("input").isNull() ? request.get("input") : Json.object();
        checkInInput(input, "input." + PARTITION);
        String priorityText = RequestJson.optionalString(request, "priority", 8);
        Priority priority = priorityText == null ? null : Priority.find(priorityText)
                .orElseThrow(() -> new ApiProblems.InvalidRequest("priority", Priority.EXPECTED, RequestJson.shown(priorityText)));
        StartRequest r = of(name, input, partition, "input");
        return new StartRequest(r.name(), r.input(), r.partition(), priority);
    }

    /** The start's options: its priority override, if any. */
    StartOptions options() {
        return new StartOptions(priority);
    }

    /**
     * A start whose input is given as it is (a webhook's body); its partition, if any, is the input's
     * own {@code partition} string.
     */
    static StartRequest ofInput(String name, JsonNode input) {
        checkInInput(input, PARTITION);
        JsonNode p = input.get(PARTITION);
        return new StartRequest(name(name, "X-Sluice-Delivery"), input, p != null && p.isTextual() ? p.asText() : null);
    }

    private static StartRequest of(String name, JsonNode input, String partition, String inputField) {
        if (partition == null) {
            return new StartRequest(name, input, null);
        }
        if (!Partitions.isValid(partition)) {
            throw new ApiProblems.InvalidRequest(PARTITION, Partitions.EXPECTED, shown(partition));
        }
        if (!input.isObject()) {
            throw new ApiProblems.InvalidRequest(inputField, "a JSON object, to carry the partition", "a JSON " + Json.typeName(input));
        }
        JsonNode inInput = input.get(PARTITION);
        if (inInput != null && !inInput.isNull() && !(inInput.isTextual() && inInput.asText().equals(partition))) {
            throw new ApiProblems.InvalidRequest("partition", "the same value as input.partition (or only one of the two)",
                    RequestJson.shown(partition) + " and input.partition " + RequestJson.shown(inInput.toString()));
        }
        ObjectNode withPartition = ((ObjectNode) input).deepCopy();
        withPartition.put(PARTITION, partition);
        return new StartRequest(name, withPartition, partition);
    }

    /** The input's own {@code partition}, if it has one, must be a partition too: the patterns read it from there. */
    private static void checkInInput(JsonNode input, String field) {
        JsonNode p = input.isObject() ? input.get(PARTITION) : null;
        if (p == null || p.isNull()) {
            return;
        }
        if (!p.isTextual()) {
            throw new ApiProblems.InvalidRequest(field, "a string: " + Partitions.EXPECTED, "a JSON " + Json.typeName(p));
        }
        if (!Partitions.isValid(p.asText())) {
            throw new ApiProblems.InvalidRequest(field, Partitions.EXPECTED, shown(p.asText()));
        }
    }

    /** A refused value as the problem shows it: control characters escaped, so a newline reads as one. */
    private static String shown(String value) {
        StringBuilder out = new StringBuilder();
        value.chars().forEach(c -> out.append(Character.isISOControl(c) ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return RequestJson.shown(out.toString());
    }
    private static String name(String name, String field) {
        if (name != null && !NAME.matcher(name).matches()) {
            throw new ApiProblems.InvalidRequest(field, NAME_EXPECTED, RequestJson.shown(name));
        }
        return name;
    }

    /** The name asked for; else the partition's name and a random tag; else a random UUID; drawn from {@code random}. */
    String executionName(RandomSource random) {
        if (name != null) {
            return name;
        }
        if (partition != null) {
            byte[] tag = new byte[4];
            random.nextBytes(tag);
            return PartitionNames.withSuffix(partition, HexFormat.of().formatHex(tag));
        }
        return random.uuid().toString();
    }
}
