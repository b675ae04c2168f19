package io.sluice.orchestration.choice;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.Scope;
import java.util.Objects;

/** The right-hand side of a comparison: a value written in the rule, or a path ({@code ...Path} operators). */
public sealed interface Operand {

    /** The value to compare against, or {@code null} when a path selects nothing. */
    JsonNode resolve(Scope scope);

    /** A value written in the rule, e.g. {@code "NumericEquals": 42}. */
    record Literal(JsonNode value) implements Operand {
        public Literal {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public JsonNode resolve(Scope scope) {
            return value;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /** A path into the input or the context object, e.g. {@code "NumericEqualsPath": "$.limit"}. */
    record Reference(DataPath path) implements Operand {
        public Reference {
            Objects.requireNonNull(path, "path");
        }

        @Override
        public JsonNode resolve(Scope scope) {
            return Selections.select(path, scope);
        }

        @Override
        public String toString() {
            return path.text();
        }
    }
}
