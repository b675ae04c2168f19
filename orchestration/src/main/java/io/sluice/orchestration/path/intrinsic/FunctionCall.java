package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.JsonSize;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.Scope;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed call: the function and its parsed arguments. Evaluating it evaluates the arguments
 * left to right, checks their types, then runs the function.
 *
 * @param text the call as written, for error messages
 */
record FunctionCall(String text, IntrinsicFunction function, List<Argument> arguments) implements Argument, IntrinsicCall {

    FunctionCall {
        arguments = List.copyOf(arguments);
    }

    /**
     * The most bytes (of UTF-8 JSON) a call's arguments together, and its result, may hold: 1 MiB, four times Step
     * Functions' 256 KiB payload quota. Every function gives at most a small multiple of what its arguments hold
     * (States.ArrayRange and the encodings have their own limits), so checking the arguments before the call bounds
     * what it can build, and checking the result bounds what a nested call receives; but for that, a States.Format
     * naming the same 256 KiB input field a thousand times would build 256 MB.
     */
    static final long MAX_BYTES = 4 * JsonSize.PAYLOAD_LIMIT;

    @Override
    public JsonNode evaluate(Scope scope) {
        List<JsonNode> values = new ArrayList<>(arguments.size());
        long bytes = 0;
        for (int i = 0; i < arguments.size(); i++) {
            JsonNode value = valueOf(arguments.get(i), i, scope);
            ArgType type = function.typeAt(i);
            if (!type.accepts(value)) {
                throw new AslException(ErrorNames.INTRINSIC_FAILURE, function.name() + " expects argument " + (i + 1)
                        + " to be " + type.description() + ", but it is " + Arguments.describe(value) + ".");
            }
            values.add(value);
            bytes += JsonSize.utf8Bytes(value, MAX_BYTES - bytes);
            if (bytes > MAX_BYTES) {
                throw tooBig("its arguments hold");
            }
        }
        JsonNode result = function.body().apply(new Arguments(function, arguments, values), scope);
        if (JsonSize.utf8Bytes(result, MAX_BYTES) > MAX_BYTES) {
            throw tooBig("its result holds");
        }
        return result;
    }

    private AslException tooBig(String what) {
        return new AslException(ErrorNames.INTRINSIC_FAILURE, function.name() + " cannot be evaluated: " + what
                + " more than " + MAX_BYTES + " bytes of JSON, the most one intrinsic function call may handle.");
    }

    private JsonNode valueOf(Argument argument, int index, Scope scope) {
        return switch (argument) {
            case Literal literal -> literal.value();
            case Text text -> text.value();
            case PathRef ref -> select(ref.path(), index, scope);
            case FunctionCall call -> call.evaluate(scope);
        };
    }

    private JsonNode select(DataPath path, int index, Scope scope) {
        JsonNode value = path.select(scope);
        if (value == null) {
            throw new AslException(ErrorNames.PARAMETER_PATH_FAILURE, "The JSONPath '" + path.text()
                    + "' given as argument " + (index + 1) + " of " + function.name() + " could not be found in the "
                    + (path.context() ? "context object " + PayloadTemplate.preview(scope.context())
                            : "input " + PayloadTemplate.preview(scope.input())) + ".");
        }
        return value;
    }

    @Override
    public String toString() {
        return text;
    }
}
