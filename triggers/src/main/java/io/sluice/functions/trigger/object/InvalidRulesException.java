package io.sluice.functions.trigger.object;

import java.util.List;

/** Object rules that cannot be used; each problem starts with the JSON pointer of the field at fault. */
public final class InvalidRulesException extends IllegalArgumentException {
    private final List<String> problems;

    public InvalidRulesException(List<String> problems) {
        super("The object rules are not valid:\n" + String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
