package io.sluice.orchestration.choice;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;

/** Test shorthand: parse a rule from JSON text and evaluate it. */
final class Rules {
    static final String CONTEXT = """
            {"Execution": {"Id": "exec-1", "StartTime": "2024-05-01T10:00:00Z", "Limit": 10},
             "State": {"Name": "Route", "RetryCount": 0}}""";

    private Rules() {}

    static ChoiceRule parse(String rule) {
        return ChoiceRules.parse(Json.parse(rule));
    }

    static boolean matches(String rule, String input) {
        return matches(rule, input, CONTEXT);
    }

    static boolean matches(String rule, String input, String context) {
        return parse(rule).matches(new Scope(Json.parse(input), Json.parse(context), RandomSource.seeded(1)));
    }

    /** {@code {"Variable": "$.v", "<operator>": <operand>}} */
    static String rule(String operator, String operandJson) {
        return "{\"Variable\": \"$.v\", \"" + operator + "\": " + operandJson + "}";
    }

    /** {@code {"v": <value>}} */
    static String input(String valueJson) {
        return "{\"v\": " + valueJson + "}";
    }
}
