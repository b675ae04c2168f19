package io.sluice.orchestration.substitution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code DefinitionSubstitutions} as CloudFormation's {@code AWS::StepFunctions::StateMachine} and SAM fill them: "a map
 * (string to string) that specifies the mappings for placeholder variables in the state machine definition", each
 * {@code ${Name}} in the definition's text replaced by its value. Here the map comes from a JSON file (a value may be a
 * string, number or boolean, taken as its text), and placeholders are filled in every string of the definition, field
 * names included. A {@code ${Name}} the map does not fill is a problem naming it and where it is.
 */
public final class DefinitionSubstitutions {
    /** A CloudFormation placeholder: {@code ${Name}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.:-]+)}");
    private static final DefinitionSubstitutions NONE = new DefinitionSubstitutions(Map.of(), null);

    private final Map<String, String> values;
    private final String shown;

    private DefinitionSubstitutions(Map<String, String> values, String shown) {
        this.values = Map.copyOf(values);
        this.shown = shown;
    }

    /** No substitutions: a definition is used as it is, placeholders and all. */
    public static DefinitionSubstitutions none() {
        return NONE;
    }

    /**
     * The substitutions a JSON object holds ({@code {"OrdersFunctionArn": "arn:aws:lambda:...", "Retries": 3}});
     * {@code shown} names the file in messages.
     *
     * @throws IllegalArgumentException one {@code SHOWN: /pointer: sentence} line per problem
     */
    public static DefinitionSubstitutions parse(JsonNode json, String shown) {
        if (!json.isObject()) {
            throw new IllegalArgumentException(shown + ": /: expected an object of placeholder names to values, such as"
                    + " {\"OrdersFunctionArn\": \"arn:aws:lambda:us-east-1:123456789012:function:orders\"}");
        }
        Map<String, String> values = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : json.properties()) {
            String at = shown + ": /" + e.getKey().replace("~", "~0").replace("/", "~1");
            if (!PLACEHOLDER.matcher("${" + e.getKey() + "}").matches()) {
                problems.add(at + ": expected a placeholder name (letters, digits, _ . : -), as ${Name} is written in the definition");
            } else if (!e.getValue().isTextual() && !e.getValue().isNumber() && !e.getValue().isBoolean()) {
                problems.add(at + ": expected a string (or a number or boolean), not " + Json.typeName(e.getValue()));
            } else {
                values.put(e.getKey(), e.getValue().asText());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("\n", problems));
        }
        return new DefinitionSubstitutions(values, shown);
    }

    /** Whether there are substitutions to make (with none, a definition is not looked at). */
    public boolean any() {
        return shown != null;
    }

    /** A definition with its placeholders filled, and a problem for each placeholder left unfilled. */
    public record Substituted(JsonNode definition, List<Problem> problems) {}

    /** {@code definition} with every {@code ${Name}} filled; {@code definition} itself when there are no substitutions. */
    public Substituted apply(JsonNode definition) {
        if (!any()) {
            return new Substituted(definition, List.of());
        }
        List<Problem> problems = new ArrayList<>();
        JsonNode out = fill(definition, "", problems);
        return new Substituted(out, List.copyOf(problems));
    }

    private JsonNode fill(JsonNode node, String pointer, List<Problem> problems) {
        if (node.isTextual()) {
            return Json.NODES.textNode(fill(node.asText(), pointer, problems));
        }
        if (node.isArray()) {
            ArrayNode out = Json.MAPPER.createArrayNode();
            for (int i = 0; i < node.size(); i++) {
                out.add(fill(node.get(i), pointer + "/" + i, problems));
            }
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = Json.object();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String at = pointer + "/" + e.getKey().replace("~", "~0").replace("/", "~1");
                out.set(fill(e.getKey(), at, problems), fill(e.getValue(), at, problems));
            }
            return out;
        }
        return node;
    }

    private String fill(String text, String pointer, List<Problem> problems) {
        if (!text.contains("${")) {
            return text;
        }
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                problems.add(new Problem(pointer, "Placeholder ${" + m.group(1) + "} is not filled: " + shown + " has no \""
                        + m.group(1) + "\" (DefinitionSubstitutions)", Problem.Severity.ERROR));
                value = m.group();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
