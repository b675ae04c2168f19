package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.InProcessTasks;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.error.StateErrorCause;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TestState: one state run on an input by the engine itself, in process. The state is put in a machine of its own whose
 * other states are the ones it can go to (each a Succeed state), so what the engine does next names the state it would
 * transition to; a Catch that handles the error makes it {@code CAUGHT_ERROR}, a Retry that matches it {@code RETRIABLE}
 * (as the service, the test does not retry). Task states call the host's functions ({@link InProcessTasks}).
 * DEBUG and TRACE add what the engine's history shows of the data flow (the effective parameters, the raw result);
 * TRACE adds nothing more, there being no HTTP Task traces to show.
 */
final class TestStateOperation {
    private static final String TEST_STATE = "TestState";
    private static final String EXECUTION = TEST_STATE + ":test";
    private final InProcessTasks tasks;
    private final Clock clock;
    private final Ticker ticker;
    private final RandomSource random;

    TestStateOperation(InProcessTasks tasks, Clock clock, Ticker ticker, RandomSource random) {
        this.random = random;
        this.tasks = tasks;
        this.clock = clock;
        this.ticker = ticker;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("TestState", this::test);
    }

    private JsonNode test(Caller caller, JsonNode request) {
        Access.mayChange(caller);
        JsonNode state = parse(Fields.required(request, "definition"), "definition", SfnError.INVALID_DEFINITION);
        JsonNode input = Fields.json(request, "input", SfnError.INVALID_EXECUTION_INPUT);
        String level = Fields.optional(request, "inspectionLevel");
        if (level != null && !Set.of("INFO", "DEBUG", "TRACE").contains(level)) {
            throw SfnError.VALIDATION.with("1 validation error detected: Value '" + Arns.shown(level) + "' at 'inspectionLevel' failed to"
                    + " satisfy constraint: Member must satisfy enum value set: [INFO, DEBUG, TRACE]");
        }
        if (!state.isObject() || !state.path("Type").isTextual()) {
            throw SfnError.INVALID_DEFINITION.with("Invalid State Machine Definition: 'the definition of TestState is one state, a JSON"
                    + " object with its \"Type\"'");
        }
        Set<String> targets = targets(state);
        String name = unused(targets);
        ObjectNode tested = state.deepCopy();
        JsonNode retry = tested.remove("Retry");
        ObjectNode machine = Json.object();
        machine.put("StartAt", name);
        ObjectNode states = machine.putObject("States");
        states.set(name, tested);
        targets.forEach(t -> states.putObject(t).put("Type", "Succeed"));
        List<io.sluice.orchestration.validation.Problem> problems = io.sluice.orchestration.validation.DefinitionValidator.validate(machine)
                .stream().filter(io.sluice.orchestration.validation.Problem::isError).toList();
        if (!problems.isEmpty()) {
            throw SfnError.INVALID_DEFINITION.with("Invalid State Machine Definition: " + String.join(", ", problems.stream()
                    .map(p -> "'" + p.message() + " at " + p.pointer().replace("/States/" + name, "") + "'").toList()));
        }
        List<HistoryEvent> trace = new ArrayList<>();
        // The state runs as the caller's tenant (the platform's in the local mode), for no pipeline: a function that acts for one
        // (read-config of its own pipeline, push-export) is refused, and names resolve only in the caller's namespace.
        ExpressResult r = new ExpressRunner(DefinitionParser.parse(machine), tasks.forRun(caller.owner(null, EXECUTION)), trace::add, 100_000,
                ticker)
                .run(TEST_STATE, EXECUTION, "test", input, clock.instant(), RandomSource.seeded(random.nextLong()));
        return answer(name, r, trace, retry, input, level == null ? "INFO" : level);
    }

    private static ObjectNode answer(String name, ExpressResult r, List<HistoryEvent> trace, JsonNode retry, JsonNode input, String level) {
        ObjectNode out = Fields.object();
        String next = null;
        JsonNode output = null;
        boolean caught = false;
        JsonNode parameters = null;
        JsonNode result = null;
        String error = r.error();
        // AWS words a state's own States.Runtime without its place in an execution here: there is no execution.
        String cause = StateErrorCause.unlocated(r.cause());
        for (HistoryEvent e : trace) {
            if (e.frame() != 0) {
                continue;
            }
            boolean self = name.equals(e.state());
            switch (e.type()) {
                case STATE_ENTERED -> {
                    if (!self && next == null) {
                        next = e.state();
                        output = e.detail().get("input");
                    }
                }
                case STATE_EXITED -> {
                    if (self) {
                        output = e.detail().get("output");
                    }
                }
                case CAUGHT -> {
                    caught = true;
                    error = e.detail().path("error").asText(null);
                    cause = StateErrorCause.unlocated(e.detail().path("cause").asText(null));
                }
                case TASK_SCHEDULED -> parameters = e.detail().get("payload");
                case TASK_SUCCEEDED -> result = e.detail().get("output");
                case TASK_FAILED -> {
                    error = e.detail().path("error").asText(null);
                    cause = e.detail().path("cause").asText(null);
                }
                default -> { }
            }
        }
        boolean failed = !r.succeeded() || caught;
        String status = failed && retries(retry, error) ? "RETRIABLE" : caught ? "CAUGHT_ERROR" : r.succeeded() ? "SUCCEEDED" : "FAILED";
        out.put("status", status);
        if (status.equals("SUCCEEDED") || status.equals("CAUGHT_ERROR")) {
            JsonNode shown = output != null ? output : r.output();
            if (shown != null) {
                out.put("output", Json.write(shown));
            }
            if (next != null) {
                out.put("nextState", next);
            }
        }
        if (failed) {
            if (error != null) {
                out.put("error", error);
            }
            if (cause != null) {
                out.put("cause", cause);
            }
        }
        if (!level.equals("INFO")) {
            ObjectNode data = out.putObject("inspectionData");
            data.put("input", Json.write(input));
            if (parameters != null) {
                data.put("afterParameters", Json.write(parameters));
            }
            if (result != null) {
                data.put("result", Json.write(result));
            }
        }
        return out;
    }

    /** Whether a Retry of the state would retry {@code error}. */
    private static boolean retries(JsonNode retry, String error) {
        if (retry == null || error == null) {
            return false;
        }
        for (JsonNode r : retry) {
            if (r.path("MaxAttempts").asInt(3) == 0) {
                continue;
            }
            for (JsonNode e : r.path("ErrorEquals")) {
                String name = e.asText();
                // As in Retry: States.ALL matches all but States.Runtime, States.TaskFailed all but States.Timeout too.
                if (name.equals(error) || name.equals("States.ALL") && !error.equals("States.Runtime")
                        || name.equals("States.TaskFailed") && !error.equals("States.Timeout") && !error.equals("States.Runtime")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String unused(Set<String> targets) {
        String name = "TestState";
        while (targets.contains(name)) {
            name = "_" + name;
        }
        return name;
    }

    /** The states the state can go to: Next, a Choice's rules and Default, its Catchers'. */
    private static Set<String> targets(JsonNode state) {
        Set<String> out = new LinkedHashSet<>();
        add(out, state.get("Next"));
        add(out, state.get("Default"));
        state.path("Choices").forEach(c -> add(out, c.get("Next")));
        state.path("Catch").forEach(c -> add(out, c.get("Next")));
        return out;
    }

    private static void add(Set<String> out, JsonNode name) {
        if (name != null && name.isTextual() && !name.asText().isEmpty()) {
            out.add(name.asText());
        }
    }

    private static JsonNode parse(String text, String field, SfnError error) {
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw error.with("Invalid State Machine Definition: '" + field + " is not JSON: " + e.getMessage() + "'");
        }
    }
}
