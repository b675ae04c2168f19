package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.sluice.orchestration.path.DataPath;

/** One argument of an intrinsic function call, as parsed: a literal, a path, or a nested call. */
sealed interface Argument permits Argument.Literal, Argument.Text, Argument.PathRef, FunctionCall {

    /** A number, {@code true}, {@code false} or {@code null}. */
    record Literal(JsonNode value) implements Argument {}

    /**
     * A string in single quotes, escapes resolved. {@code template} records where the literal has
     * unescaped {@code {}} placeholders, which only {@code States.Format} gives a meaning to.
     */
    record Text(TextNode value, FormatTemplate template) implements Argument {}

    /** A path into the state input ({@code $}) or the context object ({@code $$}). */
    record PathRef(DataPath path) implements Argument {}
}
