package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
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

    @Override
    public JsonNode evaluate(Scope scope) {
        List<JsonNode> values = new ArrayList<>(arguments.size());
        for (int i = 0; i < arguments.size(); i++) {
            JsonNode value = valueOf(arguments.get(i), i, scope);
            ArgType type = function.typeAt(i);
            if (!type.accepts(value)) {
                throw new AslException(ErrorNames.INTRINSIC_FAILURE, function.name() + " expects argument " + (i + 1)
                        + " to be " + type.description() + ", but it is " + Arguments.describe(value) + ".");
            }
            values.add(value);
        }
        return function.body().apply(new Arguments(function, arguments, values), scope);
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
