package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Reads one rule of an {@link ObjectRules} document, adding a problem per bad field instead of stopping at the first. */
final class RuleReader {
    static final Set<String> FIELDS = Set.of("id", "store", "bucket", "container", "prefix", "suffix", "glob", "minSize", "maxSize",
            "pipeline", "partition", "input");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    /** What {@code Orchestrator.start} accepts as a pipeline id. */
    private static final Pattern PIPELINE = Pattern.compile("[A-Za-z0-9_.:@-]{1,80}");

    private final JsonNode rule;
    private final String pointer;
    private final List<String> problems;

    RuleReader(JsonNode rule, String pointer, List<String> problems) {
        this.rule = rule;
        this.pointer = pointer;
        this.problems = problems;
    }

    /** The rule, or empty when a problem was found (and added). */
    Optional<ObjectRule> read(String defaultId) {
        int before = problems.size();
        if (!rule.isObject()) {
            problems.add(pointer + ": a rule should be an object but is " + Json.typeName(rule));
            return Optional.empty();
        }
        rule.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                problems.add(pointer + "/" + f + ": unknown field; a rule has " + FIELDS.stream().sorted().toList());
            }
        });
        String id = matching("id", ID, "1-64 letters, digits and _ . -", false);
        StoreKind store = store();
        String bucket = bucket();
        KeyFilter filter = filter();
        long minSize = size("minSize", 0);
        long maxSize = size("maxSize", Long.MAX_VALUE);
        if (minSize > maxSize) {
            problems.add(pointer + "/maxSize: " + maxSize + " is below minSize " + minSize);
        }
        String pipeline = matching("pipeline", PIPELINE, "1-80 letters, digits and _ . : @ -", true);
        PartitionSpec partition = partition();
        JsonNode template = rule.get("input");
        InputTemplate input = template == null ? InputTemplate.standard(partition != null)
                : InputTemplate.compile(template, pointer + "/input", partition, problems);
        if (problems.size() > before) {
            return Optional.empty();
        }
        return Optional.of(new ObjectRule(id == null ? defaultId : id, store, bucket, filter, minSize, maxSize, pipeline, partition, input));
    }

    private String text(String field, boolean required) {
        JsonNode node = rule.get(field);
        if (node == null) {
            if (required) {
                problems.add(pointer + "/" + field + ": missing");
            }
            return null;
        }
        if (!node.isTextual()) {
            problems.add(pointer + "/" + field + ": should be a string but is " + Json.typeName(node));
            return null;
        }
        return node.asText();
    }

    private String matching(String field, Pattern pattern, String what, boolean required) {
        String value = text(field, required);
        if (value != null && !pattern.matcher(value).matches()) {
            problems.add(pointer + "/" + field + ": \"" + value + "\" should be " + what);
            return null;
        }
        return value;
    }

    private StoreKind store() {
        String code = text("store", false);
        if (code == null) {
            return null;
        }
        Optional<StoreKind> kind = StoreKind.ofCode(code);
        if (kind.isEmpty()) {
            problems.add(pointer + "/store: \"" + code + "\" should be one of s3, azure-blob, local");
        }
        return kind.orElse(null);
    }

    private String bucket() {
        if (rule.has("bucket") && rule.has("container")) {
            problems.add(pointer + "/container: give bucket or container, not both");
            return null;
        }
        String field = rule.has("container") ? "container" : "bucket";
        String bucket = text(field, true);
        if (bucket != null) {
            ObjectKeys.problemWithBucket(bucket).ifPresent(p -> problems.add(pointer + "/" + field + ": " + p));
        }
        return bucket;
    }

    private KeyFilter filter() {
        String prefix = text("prefix", false);
        String suffix = text("suffix", false);
        String glob = text("glob", false);
        if (glob == null) {
            return KeyFilter.prefixSuffix(prefix, suffix);
        }
        if (prefix != null || suffix != null) {
            problems.add(pointer + "/glob: give a glob or a prefix and suffix, not both");
            return null;
        }
        try {
            return KeyFilter.glob(glob);
        } catch (IllegalArgumentException e) {
            problems.add(pointer + "/glob: " + e.getMessage());
            return null;
        }
    }

    private long size(String field, long absent) {
        JsonNode node = rule.get(field);
        if (node == null) {
            return absent;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < 0) {
            problems.add(pointer + "/" + field + ": should be a whole number of bytes ≥ 0 but is " + Json.write(node));
            return absent;
        }
        return node.asLong();
    }

    private PartitionSpec partition() {
        JsonNode node = rule.get("partition");
        if (node == null) {
            return null;
        }
        String at = pointer + "/partition";
        if (!node.isObject() || node.size() != 1 || !(node.has("pattern") || node.has("regex")) || !node.elements().next().isTextual()) {
            problems.add(at + ": should be {\"pattern\": \"sales/{yyyy}/{MM}/{dd}/\"} or {\"regex\": \"dt=(?<partition>[0-9-]+)\"}");
            return null;
        }
        boolean isPattern = node.has("pattern");
        String text = node.elements().next().asText();
        try {
            return isPattern ? PartitionSpec.datePattern(text) : PartitionSpec.regex(text);
        } catch (PatternSyntaxException e) {
            problems.add(at + "/regex: not a valid regular expression: " + e.getDescription() + " near position " + e.getIndex());
        } catch (IllegalArgumentException e) {
            problems.add(at + (isPattern ? "/pattern: " : "/regex: ") + e.getMessage());
        }
        return null;
    }
}
