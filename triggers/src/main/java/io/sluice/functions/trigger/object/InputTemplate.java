package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The execution input a rule renders for an object: any JSON in which strings may hold placeholders
 * {@code ${store}}, {@code ${bucket}}, {@code ${key}}, {@code ${size}}, {@code ${etag}},
 * {@code ${version}}, {@code ${sequencer}}, {@code ${eventTime}}, {@code ${partition}} and
 * {@code ${group.<name>}} (a named group of the partition spec). A string that is exactly one
 * placeholder becomes the value with its type ({@code "${size}"} → {@code 5120}, an absent version →
 * {@code null}); placeholders inside longer strings are spliced in as text (absent ones as nothing).
 * Field names are not templated. Placeholders are checked when the rules are loaded.
 */
public final class InputTemplate {
    static final List<String> NAMES = List.of("store", "bucket", "key", "size", "etag", "version", "sequencer", "eventTime", "partition");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    private final JsonNode template;

    private InputTemplate(JsonNode template) {
        this.template = template.deepCopy();
    }

    /** Every field of the object, and the partition when the rule has one. */
    public static InputTemplate standard(boolean withPartition) {
        ObjectNode t = Json.object();
        for (String name : NAMES) {
            if (withPartition || !name.equals("partition")) {
                t.put(name, "${" + name + "}");
            }
        }
        return new InputTemplate(t);
    }

    /**
     * Checks {@code template} and adds a problem per bad placeholder to {@code problems}, each starting
     * with the JSON pointer of the string that holds it.
     */
    static InputTemplate compile(JsonNode template, String pointer, PartitionSpec partition, List<String> problems) {
        check(template, pointer, partition, problems);
        return new InputTemplate(template);
    }

    private static void check(JsonNode node, String pointer, PartitionSpec partition, List<String> problems) {
        if (node.isTextual()) {
            Matcher m = PLACEHOLDER.matcher(node.asText());
            while (m.find()) {
                problem(m.group(1), partition).ifPresent(p -> problems.add(pointer + ": " + p));
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                check(f.getValue(), pointer + "/" + f.getKey().replace("~", "~0").replace("/", "~1"), partition, problems);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                check(node.get(i), pointer + "/" + i, partition, problems);
            }
        }
    }

    private static Optional<String> problem(String name, PartitionSpec partition) {
        if (name.equals("partition") || name.startsWith("group.")) {
            if (partition == null) {
                return Optional.of("${" + name + "} needs a partition; give the rule a \"partition\"");
            }
            if (name.startsWith("group.") && !partition.groupNames().contains(name.substring(6))) {
                return Optional.of("${" + name + "} names no group of the partition " + partition
                        + "; its groups are " + partition.groupNames().stream().sorted().toList());
            }
            return Optional.empty();
        }
        return NAMES.contains(name) ? Optional.empty()
                : Optional.of("unknown placeholder ${" + name + "}; use one of " + NAMES.stream().map(n -> "${" + n + "}").toList()
                        + " or ${group.<name>}");
    }

    /** The input for one object: {@code values} maps placeholder names to JSON values (JSON null when absent). */
    public JsonNode render(Map<String, JsonNode> values) {
        return render(template, values);
    }

    private static JsonNode render(JsonNode node, Map<String, JsonNode> values) {
        if (node.isTextual()) {
            return renderText(node.asText(), values);
        }
        if (node.isObject()) {
            ObjectNode out = Json.object();
            node.fields().forEachRemaining(f -> out.set(f.getKey(), render(f.getValue(), values)));
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.NODES.arrayNode();
            node.forEach(e -> out.add(render(e, values)));
            return out;
        }
        return node;
    }

    private static JsonNode renderText(String text, Map<String, JsonNode> values) {
        Matcher whole = PLACEHOLDER.matcher(text);
        if (whole.matches()) {
            return values.getOrDefault(whole.group(1), Json.NODES.nullNode());
        }
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            JsonNode v = values.getOrDefault(m.group(1), Json.NODES.nullNode());
            m.appendReplacement(out, Matcher.quoteReplacement(v.isNull() ? "" : v.asText()));
        }
        m.appendTail(out);
        return Json.NODES.textNode(out.toString());
    }
}
