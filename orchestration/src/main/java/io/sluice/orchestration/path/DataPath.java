package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;

/** A path over the state input ({@code $...}) or over the context object ({@code $$...}). */
public record DataPath(String text, boolean context, Path path) {

    public static DataPath parse(String text) {
        if (text != null && text.startsWith("$$")) {
            return new DataPath(text, true, Paths.compile(text.substring(1)));
        }
        return new DataPath(text, false, Paths.compile(text));
    }

    /** Whether {@code text} names a path (as opposed to a literal or an intrinsic call). */
    public static boolean isPathText(String text) {
        return text != null && text.startsWith("$");
    }

    /** The selected node, or {@code null} when there is none. */
    public JsonNode select(Scope scope) {
        return path.select(context ? scope.context() : scope.input());
    }

    @Override
    public String toString() {
        return text;
    }
}
