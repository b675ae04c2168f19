package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A path over the state input ({@code $...}), over the context object ({@code $$...}) or over a
 * workflow variable ({@code $name...}, with {@code variable} its name).
 */
public record DataPath(String text, boolean context, String variable, Path path) {

    public static DataPath parse(String text) {
        if (text != null && text.startsWith("$$")) {
            return new DataPath(text, true, null, Paths.compile(text.substring(1)));
        }
        String name = VariableNames.leading(text);
        if (name != null) {
            return new DataPath(text, false, name, Paths.compile("$" + text.substring(1 + name.length())));
        }
        return new DataPath(text, false, null, Paths.compile(text));
    }

    /** Whether {@code text} names a path (as opposed to a literal or an intrinsic call). */
    public static boolean isPathText(String text) {
        return text != null && text.startsWith("$");
    }

    /** The selected node, or {@code null} when there is none (also when the variable is not assigned). */
    public JsonNode select(Scope scope) {
        if (variable != null) {
            JsonNode value = scope.variables().get(variable);
            return value == null ? null : path.select(value);
        }
        return path.select(context ? scope.context() : scope.input());
    }

    /** What the path reads, for messages: the input, the context object or the variable. */
    public JsonNode root(Scope scope) {
        return variable != null ? scope.variables().get(variable) : context ? scope.context() : scope.input();
    }

    @Override
    public String toString() {
        return text;
    }
}
