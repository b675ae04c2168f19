package io.sluice.orchestration.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A pattern template: a linear pipeline written as ASL states, turned into a definition by a few
 * rules (see the package documentation). The config decides only how many times a repeated step
 * appears and what the retrier says; every other config value is read at run time through
 * {@code $.config}, so it never reaches the definition.
 */
final class PatternTemplate {
    static final String RETRY = "{{retry}}";
    static final String CAUGHT_ERROR_PATH = "$.failure";

    private static final Set<String> RECOVERABLE = Set.of("Task", "Map", "Parallel");
    private static final Set<String> TERMINAL = Set.of("Succeed", "Fail", "Choice");

    private final String name;
    private final ObjectNode header;
    private final List<ObjectNode> steps;
    private final List<ObjectNode> failure;

    private PatternTemplate(String name, ObjectNode header, List<ObjectNode> steps, List<ObjectNode> failure) {
        this.name = name;
        this.header = header;
        this.steps = steps;
        this.failure = failure;
    }

    private record NamedState(String name, ObjectNode body) {}

    /** Reads a template; a malformed one is a bug in this module, reported as {@link IllegalStateException}. */
    static PatternTemplate parse(String name, JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new IllegalStateException("template " + name + " must be a JSON object with Steps and Failure");
        }
        ObjectNode header = Json.object();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (!e.getKey().equals("Steps") && !e.getKey().equals("Failure")) {
                header.set(e.getKey(), e.getValue());
            }
        }
        return new PatternTemplate(name, header, states(name, node, "Steps"), states(name, node, "Failure"));
    }

    private static List<ObjectNode> states(String template, JsonNode node, String field) {
        JsonNode list = node.get(field);
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new IllegalStateException("template " + template + " needs " + field + ", a non-empty array of states");
        }
        List<ObjectNode> out = new ArrayList<>();
        for (JsonNode state : list) {
            if (!state.isObject() || !state.path("Name").isTextual() || !state.path("Type").isTextual()) {
                throw new IllegalStateException("template " + template + ": every entry of " + field + " needs Name and Type");
            }
            out.add((ObjectNode) state);
        }
        return out;
    }

    /** Renders the definition for a schema-valid config. */
    ObjectNode render(JsonNode config) {
        ObjectNode retrier = RetrySettings.from(config.get("retry")).retrier();
        List<NamedState> happy = expand(steps, config);
        List<NamedState> failed = expand(failure, config);
        String onError = failed.get(0).name();
        for (NamedState s : happy) {
            addRecovery(s.body(), onError);
        }
        chain(happy);
        chain(failed);
        ObjectNode definition = Json.object();
        if (header.has("Comment")) {
            definition.set("Comment", header.get("Comment").deepCopy());
        }
        definition.put("StartAt", happy.get(0).name());
        header.properties().forEach(e -> definition.putIfAbsent(e.getKey(), e.getValue().deepCopy()));
        ObjectNode states = definition.putObject("States");
        Set<String> names = new LinkedHashSet<>();
        for (NamedState s : concat(happy, failed)) {
            if (!names.add(s.name())) {
                throw new IllegalStateException("template " + name + " renders two states named '" + s.name() + "'");
            }
            states.set(s.name(), resolve(s.body(), Map.of(), retrier, s.name()));
        }
        return definition;
    }

    private List<NamedState> expand(List<ObjectNode> templates, JsonNode config) {
        List<NamedState> out = new ArrayList<>();
        for (ObjectNode t : templates) {
            ObjectNode body = t.deepCopy();
            String stateName = body.remove("Name").asText();
            JsonNode repeat = body.remove("Repeat");
            if (repeat == null) {
                out.add(new NamedState(stateName, body));
                continue;
            }
            JsonNode items = config.at(repeat.asText());
            if (!items.isArray()) {
                throw new IllegalStateException("template " + name + ": step '" + stateName + "' repeats over "
                        + repeat.asText() + ", which the config's schema must make an array");
            }
            for (int i = 0; i < items.size(); i++) {
                String n = Integer.toString(i + 1);
                Map<String, String> inline = Map.of("{{i}}", Integer.toString(i), "{{n}}", n);
                String each = items.size() > 1 ? stateName + " " + n : stateName;
                out.add(new NamedState(each, (ObjectNode) resolve(body, inline, null, each)));
            }
        }
        return out;
    }

    /** Task, Map and Parallel steps retry with the configured retrier and, when that gives up, go to the failure path. */
    private static void addRecovery(ObjectNode state, String onError) {
        if (!RECOVERABLE.contains(state.path("Type").asText())) {
            return;
        }
        if (!state.has("Retry")) {
            state.putArray("Retry").add(RETRY);
        }
        if (!state.has("Catch")) {
            ObjectNode catcher = state.putArray("Catch").addObject();
            catcher.putArray("ErrorEquals").add(ErrorNames.ALL);
            catcher.put("ResultPath", CAUGHT_ERROR_PATH);
            catcher.put("Next", onError);
        }
    }

    private static void chain(List<NamedState> states) {
        for (int i = 0; i < states.size(); i++) {
            ObjectNode body = states.get(i).body();
            if (TERMINAL.contains(body.path("Type").asText()) || body.has("Next") || body.has("End")) {
                continue;
            }
            if (i + 1 < states.size()) {
                body.put("Next", states.get(i + 1).name());
            } else {
                body.put("End", true);
            }
        }
    }

    /**
     * A copy of {@code node} with {@code "{{retry}}"} replaced by the retrier (when one is given) and
     * the inline placeholders replaced in every string. Placeholders left over are a template bug.
     */
    private JsonNode resolve(JsonNode node, Map<String, String> inline, ObjectNode retrier, String state) {
        if (node.isTextual()) {
            String text = node.asText();
            if (retrier != null && text.equals(RETRY)) {
                return retrier.deepCopy();
            }
            for (Map.Entry<String, String> e : inline.entrySet()) {
                text = text.replace(e.getKey(), e.getValue());
            }
            if (retrier != null && text.contains("{{")) {
                throw new IllegalStateException("template " + name + ": state '" + state + "' has an unknown placeholder in '" + text + "'");
            }
            return Json.NODES.textNode(text);
        }
        if (node.isArray()) {
            ArrayNode copy = Json.NODES.arrayNode(node.size());
            node.forEach(item -> copy.add(resolve(item, inline, retrier, state)));
            return copy;
        }
        if (node.isObject()) {
            ObjectNode copy = Json.object();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                copy.set(e.getKey(), resolve(e.getValue(), inline, retrier, state));
            }
            return copy;
        }
        return node;
    }

    private static List<NamedState> concat(List<NamedState> a, List<NamedState> b) {
        List<NamedState> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
