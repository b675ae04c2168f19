package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The object rules of a deployment, read from JSON:
 *
 * <pre>{@code
 * {"rules": [
 *   {"id": "daily-sales", "store": "s3", "bucket": "acme-landing",
 *    "prefix": "sales/", "suffix": ".csv",            // or "glob": "sales/**.{csv,json}"
 *    "minSize": 1, "maxSize": 1073741824,
 *    "pipeline": "sales-ingest",
 *    "partition": {"pattern": "sales/{yyyy}/{MM}/{dd}/"}, // or {"regex": "dt=(?<partition>\\d{4}-\\d{2}-\\d{2})"}
 *    "input": {"file": "s3://${bucket}/${key}", "bytes": "${size}", "businessDate": "${partition}"}}
 * ]}
 * }</pre>
 *
 * Only {@code bucket} (or {@code container}) and {@code pipeline} are required. Without {@code input}
 * the execution input holds every placeholder by its name. Every rule that matches an object starts
 * its pipeline, so one object can feed several pipelines.
 */
public final class ObjectRules {
    private final List<ObjectRule> rules;

    public ObjectRules(List<ObjectRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Reads rules; {@link InvalidRulesException} lists every problem, each naming its field by JSON pointer. */
    public static ObjectRules parse(String json) {
        JsonNode root;
        try {
            root = Json.parse(json);
        } catch (IllegalArgumentException e) {
            throw new InvalidRulesException(List.of(": " + e.getMessage()));
        }
        List<String> problems = new ArrayList<>();
        JsonNode array = root == null ? null : root.get("rules");
        if (array == null || !array.isArray()) {
            throw new InvalidRulesException(List.of("/rules: should be an array of rules"));
        }
        root.fieldNames().forEachRemaining(f -> {
            if (!f.equals("rules")) {
                problems.add("/" + f + ": unknown field; the document has only \"rules\"");
            }
        });
        List<ObjectRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < array.size(); i++) {
            Optional<ObjectRule> rule = new RuleReader(array.get(i), "/rules/" + i, problems).read("rule-" + i);
            if (rule.isPresent() && !ids.add(rule.get().id())) {
                problems.add("/rules/" + i + "/id: \"" + rule.get().id() + "\" is the id of an earlier rule too");
            }
            rule.ifPresent(rules::add);
        }
        if (!problems.isEmpty()) {
            throw new InvalidRulesException(problems);
        }
        return new ObjectRules(rules);
    }

    public List<ObjectRule> rules() {
        return rules;
    }

    /** The rules that take {@code object}, in document order. */
    public List<ObjectRule> matching(ObjectCreated object) {
        return rules.stream().filter(r -> r.matches(object)).toList();
    }

    /** Whether some rule takes objects of {@code bucket} (whatever its other filters). */
    public boolean namesBucket(String bucket) {
        return rules.stream().anyMatch(r -> r.bucket().equals(bucket));
    }

    /**
     * Why no rule takes {@code object}: the mismatch of the first rule for its bucket, since that is the
     * one its sender most likely meant, or a note that no rule names the bucket.
     */
    public String whyUnmatched(ObjectCreated object) {
        return rules.stream().filter(r -> r.bucket().equals(object.bucket())).findFirst()
                .flatMap(r -> r.mismatch(object))
                .orElse("no rule takes bucket " + object.bucket());
    }
}
