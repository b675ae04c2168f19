package io.sluice.local.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Gives every value of a pattern config a new, schema-valid value, and leaves the shape alone: the
 * retry section, and how many enrichment jobs, transform jobs and export targets there are. Every
 * field must be known here as one or the other, so a field added to a schema later cannot slip past
 * the property that values never reach the definition.
 */
final class ValueRewriter {
    /** Arrays whose length shapes the definition: their entries are rewritten, their count kept. */
    private static final Set<String> SHAPED_ARRAYS = Set.of("enriched", "transform", "targets");
    private static final Set<String> OBJECTS = Set.of("landing", "raw", "validate", "unload", "simulation", "warehouse",
            "dependencies", "approval", "upload");
    private static final Map<String, int[]> INTEGERS = Map.of("deadlineSeconds", new int[] {60, 604800},
            "timeoutSeconds", new int[] {60, 604800}, "maxConcurrency", new int[] {1, 100}, "rateLimitPerSecond", new int[] {1, 10000});
    private static final Map<String, List<String>> CHOICES = Map.of("format", List.of("parquet", "csv", "json"), "kind", List.of("http", "sftp"));

    private final Random random;

    ValueRewriter(long seed) {
        this.random = new Random(seed);
    }

    ObjectNode rewrite(JsonNode config) {
        return object(config);
    }

    private ObjectNode object(JsonNode node) {
        ObjectNode out = Json.object();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            out.set(e.getKey(), field(e.getKey(), e.getValue()));
        }
        return out;
    }

    private JsonNode field(String name, JsonNode value) {
        if (name.equals("retry")) {
            return value;
        }
        if (SHAPED_ARRAYS.contains(name)) {
            ArrayNode out = Json.NODES.arrayNode();
            value.forEach(entry -> out.add(object(entry)));
            return out;
        }
        if (OBJECTS.contains(name)) {
            return object(value);
        }
        if (INTEGERS.containsKey(name)) {
            int[] range = INTEGERS.get(name);
            return Json.NODES.numberNode(range[0] + random.nextInt(range[1] - range[0] + 1));
        }
        if (CHOICES.containsKey(name)) {
            List<String> choices = CHOICES.get(name);
            return Json.NODES.textNode(choices.get(random.nextInt(choices.size())));
        }
        return switch (name) {
            case "pipeline", "name" -> Json.NODES.textNode(id());
            case "job" -> Json.NODES.textNode("job-" + id());
            case "table" -> Json.NODES.textNode("schema_" + id().replace('-', '_') + ".t" + random.nextInt(1000));
            case "source", "endpoint", "prefix" -> Json.NODES.textNode(path());
            case "suffix" -> Json.NODES.textNode("." + id());
            case "credentials" -> Json.object().put("secret", id());
            case "arguments" -> arguments();
            case "upstream" -> ids(0);
            case "approvers" -> ids(1);
            case "scenarios" -> scenarios();
            default -> throw new AssertionError("ValueRewriter does not know config field '" + name
                    + "': add it as a value here, or as shape (and say so in the schema)");
        };
    }

    private ObjectNode arguments() {
        ObjectNode args = Json.object();
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            args.put("--" + id(), random.nextBoolean() ? path() : Integer.toString(random.nextInt(100_000)));
        }
        return args;
    }

    /** Scenarios are read at run time: even their number changes nothing in the definition. */
    private ArrayNode scenarios() {
        ArrayNode out = Json.NODES.arrayNode();
        int n = 1 + random.nextInt(6);
        for (int i = 0; i < n; i++) {
            ObjectNode scenario = out.addObject();
            scenario.put("name", id() + "-" + i);
            scenario.set("arguments", arguments());
        }
        return out;
    }

    private ArrayNode ids(int min) {
        ArrayNode out = Json.NODES.arrayNode();
        int n = min + random.nextInt(4);
        for (int i = 0; i < n; i++) {
            out.add(id() + "-" + i);
        }
        return out;
    }

    private String id() {
        return "v" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
    }

    private String path() {
        return (random.nextBoolean() ? "s3://" : "abfss://") + id() + "/" + id() + "/";
    }
}
