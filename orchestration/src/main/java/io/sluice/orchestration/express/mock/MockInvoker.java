package io.sluice.orchestration.express.mock;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import java.util.HashMap;
import java.util.Map;

/**
 * Answers Task states from a mock config test case, counting invocations per state. For
 * {@code lambda:invoke} a mocked {@code Return} is the whole service response, as in Step Functions
 * Local; its {@code Payload} is handed back so the engine wraps it again exactly once. A state with
 * no mock fails the run with {@code States.Runtime}, which no Retry or Catch can hide.
 */
public final class MockInvoker implements TaskInvoker {
    private static final String LAMBDA_INVOKE = "arn:aws:states:::lambda:invoke";

    private final String testCase;
    private final Map<String, MockedResponse> byState;
    private final Map<String, Integer> invocations = new HashMap<>();

    MockInvoker(String testCase, Map<String, MockedResponse> byState) {
        this.testCase = testCase;
        this.byState = byState;
    }

    @Override
    public TaskOutcome invoke(DispatchTask task) {
        MockedResponse response = byState.get(task.stateName());
        if (response == null) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "Task state '" + task.stateName() + "' has no mocked response in test case '"
                    + testCase + "'; add \"" + task.stateName() + "\": \"<response name>\" to it.");
        }
        int n = invocations.merge(task.stateName(), 1, Integer::sum) - 1;
        TaskOutcome outcome = response.forInvocation(n);
        if (outcome == null) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "The mocked response for Task state '" + task.stateName()
                    + "' has no entry for invocation " + n + " (counting from 0).");
        }
        if (outcome instanceof TaskOutcome.Success ok && task.resource().startsWith(LAMBDA_INVOKE)) {
            JsonNode ret = ok.output();
            return TaskOutcome.success(ret.isObject() && ret.has("Payload") ? ret.get("Payload") : ret);
        }
        return outcome;
    }
}
