package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.ValueTemplate;
import io.sluice.orchestration.path.intrinsic.IntrinsicCall;
import io.sluice.orchestration.path.intrinsic.Intrinsics;

/**
 * A value computed when the state runs: a path ({@code $.error}, {@code $retries}), an intrinsic
 * function call ({@code States.Format('after {} tries', $.n)}), or in a JSONata state an expression
 * ({@code {% $states.input.delay %}}). ErrorPath, CausePath, SecondsPath, TimestampPath, ItemsPath,
 * MaxConcurrencyPath, the *SecondsPath of a Task, and their JSONata forms.
 */
public sealed interface PathOrIntrinsic {

    /** The selected or computed value, or {@code null} when a path selects nothing. */
    JsonNode select(Scope scope);

    /** The value as written, for messages. */
    String text();

    /** Compiles {@code text}; throws {@code PathSyntaxException} when it is neither a path nor a call. */
    static PathOrIntrinsic compile(String text) {
        return DataPath.isPathText(text) ? new OfPath(DataPath.parse(text)) : new OfCall(text, Intrinsics.parse(text));
    }

    record OfPath(DataPath path) implements PathOrIntrinsic {
        @Override
        public JsonNode select(Scope scope) {
            return path.select(scope);
        }

        @Override
        public String text() {
            return path.text();
        }
    }

    record OfCall(String text, IntrinsicCall call) implements PathOrIntrinsic {
        @Override
        public JsonNode select(Scope scope) {
            return call.evaluate(scope);
        }
    }

    /** A JSONata value: an expression, or (for Items) a literal array that may hold expressions. */
    record OfTemplate(String text, ValueTemplate template) implements PathOrIntrinsic {
        @Override
        public JsonNode select(Scope scope) {
            return template.render(scope);
        }
    }
}
