package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.choice.ChoiceRule;
import io.sluice.orchestration.choice.ChoiceRules;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.ReferencePath;
import io.sluice.orchestration.path.jsonata.JsonataTemplate;
import io.sluice.orchestration.retry.JitterStrategy;
import io.sluice.orchestration.retry.RetryPolicy;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the model of a definition the validator has accepted. Compiles every path, template and
 * JSONata expression once, here, so that running a state does no parsing.
 */
public final class DefinitionParser {
    private final Map<String, StateMachine> machines = new HashMap<>();

    private DefinitionParser() {}

    /** Parses a definition; call {@code DefinitionValidator} first for problems a user can act on. */
    public static Definition parse(JsonNode source) {
        DefinitionParser parser = new DefinitionParser();
        StateMachine root = parser.machine("", source, isJsonata(source.get("QueryLanguage"), false));
        return new Definition(root, source, ContentHash.of(source), parser.machines);
    }

    private static boolean isJsonata(JsonNode language, boolean inherited) {
        return language == null || !language.isTextual() ? inherited : language.asText().equals("JSONata");
    }

    private StateMachine machine(String key, JsonNode node, boolean jsonata) {
        Map<String, State> states = new LinkedHashMap<>();
        node.get("States").fields().forEachRemaining(e -> states.put(e.getKey(), state(key, e.getKey(), e.getValue(), jsonata)));
        Integer timeout = node.has("TimeoutSeconds") ? node.get("TimeoutSeconds").asInt() : null;
        StateMachine machine = new StateMachine(key, node.get("StartAt").asText(), states, timeout);
        machines.put(key, machine);
        return machine;
    }

    private State state(String machineKey, String name, JsonNode n, boolean machineJsonata) {
        String type = n.path("Type").asText();
        boolean jsonata = isJsonata(n.get("QueryLanguage"), machineJsonata);
        FieldCompiler f = new FieldCompiler(n, jsonata);
        String text = n.toString();
        boolean ctx = text.contains("$$") || jsonata && text.contains("$states") && text.contains("context");
        return switch (type) {
            case "Task" -> new TaskState(name, TaskResource.parse(n.get("Resource").asText()), f.selector("InputPath"),
                    f.arguments(), f.result(), recovery(n, jsonata), timeouts(f), f.text("Next"), ctx, f.exit(),
                    f.selectorTemplate("Credentials"));
            case "Pass" -> new PassState(name, f.selector("InputPath"), jsonata ? null : f.template("Parameters"), n.get("Result"),
                    jsonata ? ResultPath.REPLACE : FieldCompiler.resultPath(n.get("ResultPath"), n.has("ResultPath")),
                    f.selector("OutputPath"), f.text("Next"), ctx, f.exit());
            case "Choice" -> new ChoiceState(name, f.selector("InputPath"), f.selector("OutputPath"), choices(n, jsonata),
                    f.text("Default"), ctx, f.exit());
            case "Wait" -> new WaitState(name, f.selector("InputPath"), f.selector("OutputPath"), f.literalLong("Seconds"),
                    f.computed("Seconds"), timestamp(f.literalText("Timestamp")), f.computed("Timestamp"), f.text("Next"), ctx, f.exit());
            case "Succeed" -> new SucceedState(name, f.selector("InputPath"), f.selector("OutputPath"), ctx, f.exit());
            case "Fail" -> new FailState(name, f.literalText("Error"), f.computedText("Error"), f.literalText("Cause"),
                    f.computedText("Cause"), ctx, Exit.of(jsonata, null, null));
            case "Parallel" -> parallel(machineKey, name, n, f, ctx);
            case "Map" -> map(machineKey, name, n, f, ctx);
            default -> throw new IllegalArgumentException("state '" + name + "' has unknown Type '" + type + "'");
        };
    }

    private static java.time.Instant timestamp(String text) {
        return text == null ? null : OffsetDateTime.parse(text).toInstant();
    }

    private ParallelState parallel(String machineKey, String name, JsonNode n, FieldCompiler f, boolean ctx) {
        List<StateMachine> branches = new ArrayList<>();
        JsonNode list = n.get("Branches");
        for (int i = 0; i < list.size(); i++) {
            branches.add(machine(childKey(machineKey, name, String.valueOf(i)), list.get(i), f.jsonata()));
        }
        return new ParallelState(name, f.selector("InputPath"), f.arguments(), branches, f.result(),
                recovery(n, f.jsonata()), f.text("Next"), ctx, f.exit());
    }

    private MapState map(String machineKey, String name, JsonNode n, FieldCompiler f, boolean ctx) {
        JsonNode processor = n.has("ItemProcessor") ? n.get("ItemProcessor") : n.get("Iterator");
        var selector = n.has("ItemSelector") || f.jsonata() ? f.selectorTemplate("ItemSelector") : f.template("Parameters");
        Integer concurrency = f.literalInt("MaxConcurrency");
        return new MapState(name, f.selector("InputPath"), f.items(), selector,
                machine(childKey(machineKey, name, "items"), processor, f.jsonata()),
                concurrency == null ? 0 : concurrency, f.computed("MaxConcurrency"), f.result(), recovery(n, f.jsonata()),
                f.text("Next"), ctx, f.exit(), DistributedMapParser.parse(n, processor, f));
    }

    /** The key of a nested machine: its parent's key, the state's name and the branch. */
    public static String childKey(String parentKey, String stateName, String branch) {
        return parentKey + "/" + stateName.replace("~", "~0").replace("/", "~1") + "#" + branch;
    }

    private static List<ChoiceState.Branch> choices(JsonNode n, boolean jsonata) {
        List<ChoiceState.Branch> out = new ArrayList<>();
        for (JsonNode rule : n.get("Choices")) {
            ChoiceRule compiled = jsonata
                    ? new ChoiceRule.Condition(rule.get("Condition").asText(), JsonataTemplate.compile(rule.get("Condition"), "Condition"))
                    : ChoiceRules.parse(rule);
            out.add(new ChoiceState.Branch(compiled, rule.get("Next").asText(), FieldCompiler.exit(rule, jsonata)));
        }
        return out;
    }

    private static Recovery recovery(JsonNode n, boolean jsonata) {
        List<RetryPolicy> retry = new ArrayList<>();
        for (JsonNode r : n.path("Retry")) {
            retry.add(new RetryPolicy(FieldCompiler.strings(r.get("ErrorEquals")),
                    r.path("IntervalSeconds").asInt(RetryPolicy.DEFAULT_INTERVAL_SECONDS),
                    r.path("MaxAttempts").asInt(RetryPolicy.DEFAULT_MAX_ATTEMPTS),
                    r.path("BackoffRate").asDouble(RetryPolicy.DEFAULT_BACKOFF_RATE),
                    r.path("MaxDelaySeconds").asInt(0),
                    JitterStrategy.valueOf(r.path("JitterStrategy").asText("NONE"))));
        }
        List<CatchPolicy> catchers = new ArrayList<>();
        for (JsonNode c : n.path("Catch")) {
            catchers.add(new CatchPolicy(FieldCompiler.strings(c.get("ErrorEquals")), c.get("Next").asText(),
                    jsonata ? ResultPath.REPLACE : FieldCompiler.resultPath(c.get("ResultPath"), c.has("ResultPath")),
                    FieldCompiler.exit(c, jsonata)));
        }
        return retry.isEmpty() && catchers.isEmpty() ? Recovery.NONE : new Recovery(retry, catchers);
    }

    private static TaskState.Timeouts timeouts(FieldCompiler f) {
        JsonNode n = f.n();
        if (!n.has("TimeoutSeconds") && !n.has("TimeoutSecondsPath") && !n.has("HeartbeatSeconds") && !n.has("HeartbeatSecondsPath")) {
            return TaskState.Timeouts.NONE;
        }
        return new TaskState.Timeouts(f.literalInt("TimeoutSeconds"), f.computed("TimeoutSeconds"),
                f.literalInt("HeartbeatSeconds"), f.computed("HeartbeatSeconds"));
    }
}
