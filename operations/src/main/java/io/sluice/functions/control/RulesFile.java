package io.sluice.functions.control;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules file: {@code {"rules": [ {rule}, ... ]}}, each rule as {@link RuleParser} reads it, with its
 * own {@code author}. Problems name the rule by its place ({@code /rules/2/until}); a file with any
 * problem is refused whole, so a half-read file never half-applies.
 */
public final class RulesFile {
    private RulesFile() {}

    public static List<Rule> parse(JsonNode json, Instant now) {
        if (json == null || !json.isObject() || !json.path("rules").isArray()) {
            throw new RuleParser.InvalidRule(List.of(new RuleParser.Problem("/rules", "expected {\"rules\": [ ... ]}, an array of rules")));
        }
        List<Rule> rules = new ArrayList<>();
        List<RuleParser.Problem> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        JsonNode list = json.get("rules");
        for (int i = 0; i < list.size(); i++) {
            String at = "/rules/" + i;
            try {
                JsonNode r = list.get(i);
                // A file's rule is checked as of its own start, so a rule that began yesterday still reads.
                Instant from = r.path("from").isTextual() ? parsedOr(r.get("from").asText(), now) : now;
                Rule rule = RuleParser.parse(r, at, from, null);
                if (!r.has("id")) {
                    problems.add(new RuleParser.Problem(at + "/id", "required in a rules file, so the rule keeps its id across reads"));
                } else if (!ids.add(rule.id())) {
                    problems.add(new RuleParser.Problem(at + "/id", "'" + rule.id() + "' is the id of an earlier rule"));
                } else {
                    rules.add(rule);
                }
            } catch (RuleParser.InvalidRule e) {
                problems.addAll(e.problems());
            }
        }
        if (!problems.isEmpty()) {
            throw new RuleParser.InvalidRule(problems);
        }
        return List.copyOf(rules);
    }

    private static Instant parsedOr(String text, Instant fallback) {
        try {
            return Instant.parse(text);
        } catch (java.time.format.DateTimeParseException e) {
            return fallback; // the parser reports it, naming the field
        }
    }
}
