package io.sluice.orchestration.express.mock;

import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import java.util.HashMap;
import java.util.Map;

/**
 * Answers Task states from a mock config test case, counting invocations per state. As in Step
 * Functions Local, every Task is answered by its state's mock whatever its resource (a function, any
 * service integration, an activity), and a mocked {@code Return} is the integration's whole response,
 * exactly as written: for {@code lambda:invoke} nothing is added or rewritten ({@code StatusCode},
 * {@code ExecutedVersion}, {@code Payload} are what the mock says). A state with no mock fails the run
 * with {@code States.Runtime}, which no Retry or Catch can hide.
 */
public final class MockInvoker implements TaskInvoker {
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
        return outcome;
    }
}
