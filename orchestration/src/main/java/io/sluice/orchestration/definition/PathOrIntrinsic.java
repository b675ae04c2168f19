package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.intrinsic.IntrinsicCall;
import io.sluice.orchestration.path.intrinsic.Intrinsics;

/**
 * The value of a field that takes a path or an intrinsic function call, such as a Fail state's
 * {@code ErrorPath} and {@code CausePath}: {@code $.error} or {@code States.Format('after {} tries', $.n)}.
 */
public sealed interface PathOrIntrinsic {

    /** The selected or computed value, or {@code null} when a path selects nothing. */
    JsonNode select(Scope scope);

    /** Compiles {@code text}; throws {@code PathSyntaxException} when it is neither a path nor a call. */
    static PathOrIntrinsic compile(String text) {
        return DataPath.isPathText(text) ? new OfPath(DataPath.parse(text)) : new OfCall(text, Intrinsics.parse(text));
    }

    record OfPath(DataPath path) implements PathOrIntrinsic {
        @Override
        public JsonNode select(Scope scope) {
            return path.select(scope);
        }
    }

    record OfCall(String text, IntrinsicCall call) implements PathOrIntrinsic {
        @Override
        public JsonNode select(Scope scope) {
            return call.evaluate(scope);
        }
    }
}
