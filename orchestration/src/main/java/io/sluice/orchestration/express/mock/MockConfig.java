package io.sluice.orchestration.express.mock;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Step Functions Local mock configuration: {@code StateMachines → <machine> → TestCases →
 * <case> → {state: mocked response name}} and {@code MockedResponses → <name> → {"0": {Return|Throw},
 * "1-2": ...}}, so teams reuse the files they already have.
 */
public final class MockConfig {
    private final Map<String, Map<String, Map<String, String>>> machines;
    private final Map<String, MockedResponse> responses;

    private MockConfig(Map<String, Map<String, Map<String, String>>> machines, Map<String, MockedResponse> responses) {
        this.machines = machines;
        this.responses = responses;
    }

    /** Parses a mock file; every structural problem is reported in one {@link IllegalArgumentException}. */
    public static MockConfig parse(JsonNode root) {
        List<String> problems = new ArrayList<>();
        Map<String, Map<String, Map<String, String>>> machines = new LinkedHashMap<>();
        Map<String, MockedResponse> responses = new LinkedHashMap<>();
        if (!root.isObject()) {
            throw new IllegalArgumentException("/: a mock config must be a JSON object with StateMachines and MockedResponses");
        }
        JsonNode sm = root.path("StateMachines");
        if (!sm.isObject() || sm.isEmpty()) {
            problems.add("/StateMachines: expected an object naming at least one state machine");
        }
        sm.fields().forEachRemaining(m -> {
            JsonNode cases = m.getValue().path("TestCases");
            String at = "/StateMachines/" + m.getKey() + "/TestCases";
            if (!cases.isObject()) {
                problems.add(at + ": expected an object of test cases");
                return;
            }
            Map<String, Map<String, String>> byCase = new LinkedHashMap<>();
            cases.fields().forEachRemaining(c -> byCase.put(c.getKey(), stateMocks(c.getValue(), at + "/" + c.getKey(), problems)));
            machines.put(m.getKey(), byCase);
        });
        JsonNode mr = root.path("MockedResponses");
        if (!mr.isObject()) {
            problems.add("/MockedResponses: expected an object of mocked responses");
        }
        mr.fields().forEachRemaining(r -> {
            try {
                responses.put(r.getKey(), MockedResponse.parse(r.getValue()));
            } catch (IllegalArgumentException e) {
                problems.add("/MockedResponses/" + r.getKey() + e.getMessage());
            }
        });
        machines.forEach((machine, cases) -> cases.forEach((name, states) -> states.forEach((state, response) -> {
            if (!responses.containsKey(response)) {
                problems.add("/StateMachines/" + machine + "/TestCases/" + name + "/" + state
                        + ": names mocked response '" + response + "', which MockedResponses does not define");
            }
        })));
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("\n", problems));
        }
        return new MockConfig(machines, responses);
    }

    private static Map<String, String> stateMocks(JsonNode node, String at, List<String> problems) {
        Map<String, String> out = new LinkedHashMap<>();
        if (!node.isObject()) {
            problems.add(at + ": expected an object mapping state names to mocked response names");
            return out;
        }
        node.fields().forEachRemaining(e -> {
            if (e.getValue().isTextual()) {
                out.put(e.getKey(), e.getValue().asText());
            } else {
                problems.add(at + "/" + e.getKey() + ": expected the name of a mocked response, found " + Json.typeName(e.getValue()));
            }
        });
        return out;
    }

    /** The first state machine in the file: the one {@code sluice exec} uses. */
    public String firstMachine() {
        return machines.keySet().iterator().next();
    }

    /**
     * A task invoker for one test case of the first state machine. An unknown test case is an
     * {@link IllegalArgumentException} that lists the known ones.
     */
    public MockInvoker invoker(String testCase) {
        return invoker(firstMachine(), testCase);
    }

    public MockInvoker invoker(String machine, String testCase) {
        Map<String, Map<String, String>> cases = machines.get(machine);
        if (cases == null) {
            throw new IllegalArgumentException("the mock config has no state machine '" + machine + "'; it has " + machines.keySet());
        }
        Map<String, String> states = cases.get(testCase);
        if (states == null) {
            throw new IllegalArgumentException("state machine '" + machine + "' has no test case '" + testCase
                    + "' in the mock config; test cases are: " + String.join(", ", cases.keySet()));
        }
        Map<String, MockedResponse> byState = new LinkedHashMap<>();
        states.forEach((state, response) -> byState.put(state, responses.get(response)));
        return new MockInvoker(testCase, byState);
    }
}
