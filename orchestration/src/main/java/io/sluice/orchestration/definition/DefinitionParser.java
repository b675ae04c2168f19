package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.choice.ChoiceRules;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.ReferencePath;
import io.sluice.orchestration.retry.JitterStrategy;
import io.sluice.orchestration.retry.RetryPolicy;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the model of a definition the validator has accepted. Compiles every path and template
 * once, here, so that running a state does no parsing.
 */
public final class DefinitionParser {
    private final Map<String, StateMachine> machines = new HashMap<>();

    private DefinitionParser() {}

    /** Parses a definition; call {@code DefinitionValidator} first for problems a user can act on. */
    public static Definition parse(JsonNode source) {
        DefinitionParser parser = new DefinitionParser();
        StateMachine root = parser.machine("", source);
        return new Definition(root, source, ContentHash.of(source), parser.machines);
    }

    private StateMachine machine(String key, JsonNode node) {
        Map<String, State> states = new LinkedHashMap<>();
        node.get("States").fields().forEachRemaining(e -> states.put(e.getKey(), state(key, e.getKey(), e.getValue())));
        Integer timeout = node.has("TimeoutSeconds") ? node.get("TimeoutSeconds").asInt() : null;
        StateMachine machine = new StateMachine(key, node.get("StartAt").asText(), states, timeout);
        machines.put(key, machine);
        return machine;
    }

    private State state(String machineKey, String name, JsonNode n) {
        String type = n.path("Type").asText();
        boolean ctx = n.toString().contains("$$");
        return switch (type) {
            case "Task" -> new TaskState(name, TaskResource.parse(n.get("Resource").asText()), selector(n, "InputPath"),
                    template(n, "Parameters"), result(n), recovery(n), timeouts(n), next(n), ctx);
            case "Pass" -> new PassState(name, selector(n, "InputPath"), template(n, "Parameters"), n.get("Result"),
                    resultPath(n.get("ResultPath"), n.has("ResultPath")), selector(n, "OutputPath"), next(n), ctx);
            case "Choice" -> new ChoiceState(name, selector(n, "InputPath"), selector(n, "OutputPath"), choices(n),
                    text(n, "Default"), ctx);
            case "Wait" -> new WaitState(name, selector(n, "InputPath"), selector(n, "OutputPath"),
                    n.has("Seconds") ? n.get("Seconds").asLong() : null, path(n, "SecondsPath"),
                    n.has("Timestamp") ? OffsetDateTime.parse(n.get("Timestamp").asText()).toInstant() : null,
                    path(n, "TimestampPath"), next(n), ctx);
            case "Succeed" -> new SucceedState(name, selector(n, "InputPath"), selector(n, "OutputPath"), ctx);
            case "Fail" -> new FailState(name, text(n, "Error"), pathOrIntrinsic(n, "ErrorPath"), text(n, "Cause"),
                    pathOrIntrinsic(n, "CausePath"), ctx);
            case "Parallel" -> parallel(machineKey, name, n, ctx);
            case "Map" -> map(machineKey, name, n, ctx);
            default -> throw new IllegalArgumentException("state '" + name + "' has unknown Type '" + type + "'");
        };
    }

    private ParallelState parallel(String machineKey, String name, JsonNode n, boolean ctx) {
        List<StateMachine> branches = new ArrayList<>();
        JsonNode list = n.get("Branches");
        for (int i = 0; i < list.size(); i++) {
            branches.add(machine(childKey(machineKey, name, String.valueOf(i)), list.get(i)));
        }
        return new ParallelState(name, selector(n, "InputPath"), template(n, "Parameters"), branches, result(n),
                recovery(n), next(n), ctx);
    }

    private MapState map(String machineKey, String name, JsonNode n, boolean ctx) {
        JsonNode processor = n.has("ItemProcessor") ? n.get("ItemProcessor") : n.get("Iterator");
        PayloadTemplate selector = n.has("ItemSelector") ? template(n, "ItemSelector") : template(n, "Parameters");
        return new MapState(name, selector(n, "InputPath"), n.has("ItemsPath") ? DataPath.parse(n.get("ItemsPath").asText()) : null,
                selector, machine(childKey(machineKey, name, "items"), processor),
                n.path("MaxConcurrency").asInt(0), path(n, "MaxConcurrencyPath"), result(n), recovery(n), next(n), ctx);
    }

    /** The key of a nested machine: its parent's key, the state's name and the branch. */
    public static String childKey(String parentKey, String stateName, String branch) {
        return parentKey + "/" + stateName.replace("~", "~0").replace("/", "~1") + "#" + branch;
    }

    private static List<ChoiceState.Branch> choices(JsonNode n) {
        List<ChoiceState.Branch> out = new ArrayList<>();
        for (JsonNode rule : n.get("Choices")) {
            out.add(new ChoiceState.Branch(ChoiceRules.parse(rule), rule.get("Next").asText()));
        }
        return out;
    }

    private static ResultHandling result(JsonNode n) {
        return new ResultHandling(template(n, "ResultSelector"), resultPath(n.get("ResultPath"), n.has("ResultPath")),
                selector(n, "OutputPath"));
    }

    private static ResultPath resultPath(JsonNode value, boolean present) {
        if (!present) {
            return ResultPath.REPLACE;
        }
        return value.isNull() ? ResultPath.DISCARD : new ResultPath(ReferencePath.parse(value.asText()));
    }

    private static Recovery recovery(JsonNode n) {
        List<RetryPolicy> retry = new ArrayList<>();
        for (JsonNode r : n.path("Retry")) {
            retry.add(new RetryPolicy(strings(r.get("ErrorEquals")),
                    r.path("IntervalSeconds").asInt(RetryPolicy.DEFAULT_INTERVAL_SECONDS),
                    r.path("MaxAttempts").asInt(RetryPolicy.DEFAULT_MAX_ATTEMPTS),
                    r.path("BackoffRate").asDouble(RetryPolicy.DEFAULT_BACKOFF_RATE),
                    r.path("MaxDelaySeconds").asInt(0),
                    JitterStrategy.valueOf(r.path("JitterStrategy").asText("NONE"))));
        }
        List<CatchPolicy> catchers = new ArrayList<>();
        for (JsonNode c : n.path("Catch")) {
            catchers.add(new CatchPolicy(strings(c.get("ErrorEquals")), c.get("Next").asText(),
                    resultPath(c.get("ResultPath"), c.has("ResultPath"))));
        }
        return retry.isEmpty() && catchers.isEmpty() ? Recovery.NONE : new Recovery(retry, catchers);
    }

    private static TaskState.Timeouts timeouts(JsonNode n) {
        if (!n.has("TimeoutSeconds") && !n.has("TimeoutSecondsPath") && !n.has("HeartbeatSeconds") && !n.has("HeartbeatSecondsPath")) {
            return TaskState.Timeouts.NONE;
        }
        return new TaskState.Timeouts(n.has("TimeoutSeconds") ? n.get("TimeoutSeconds").asInt() : null,
                path(n, "TimeoutSecondsPath"),
                n.has("HeartbeatSeconds") ? n.get("HeartbeatSeconds").asInt() : null,
                path(n, "HeartbeatSecondsPath"));
    }

    private static Selector selector(JsonNode n, String field) {
        if (!n.has(field)) {
            return Selector.identity(field);
        }
        JsonNode value = n.get(field);
        return value.isNull() ? Selector.discarding(field) : Selector.of(field, value.asText());
    }

    private static PayloadTemplate template(JsonNode n, String field) {
        return n.has(field) ? PayloadTemplate.compile(n.get(field)) : null;
    }

    private static DataPath path(JsonNode n, String field) {
        return n.has(field) ? DataPath.parse(n.get(field).asText()) : null;
    }

    private static PathOrIntrinsic pathOrIntrinsic(JsonNode n, String field) {
        return n.has(field) ? PathOrIntrinsic.compile(n.get(field).asText()) : null;
    }

    private static String text(JsonNode n, String field) {
        return n.has(field) ? n.get(field).asText() : null;
    }

    private static String next(JsonNode n) {
        return text(n, "Next");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }
}
