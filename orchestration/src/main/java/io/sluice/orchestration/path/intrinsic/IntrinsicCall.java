package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.Scope;

/** A parsed intrinsic function call such as {@code States.Format('{}', $.name)}, ready to evaluate. */
public interface IntrinsicCall {
    /**
     * Evaluates the call. A wrong argument fails with {@code States.IntrinsicFailure}; a path
     * argument that selects nothing fails with {@code States.ParameterPathFailure}.
     */
    JsonNode evaluate(Scope scope);
}
