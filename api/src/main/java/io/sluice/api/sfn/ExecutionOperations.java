package io.sluice.api.sfn;

import io.sluice.orchestration.path.RandomSource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.StateMachines;
import io.sluice.api.port.StateMachines.Machine;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * StartExecution, DescribeExecution, ListExecutions, StopExecution, RedriveExecution and
 * DescribeStateMachineForExecution, over the runtime's {@link ExecutionControl}: the runtime's own start (idempotent
 * by name), stop and redrive, nothing done again here. An execution's id in the runtime is {@code <machine>:<name>}.
 */
final class ExecutionOperations {
    private static final Set<String> STATUSES = Set.of("RUNNING", "SUCCEEDED", "FAILED", "TIMED_OUT", "ABORTED", "PENDING_REDRIVE");

    private final RandomSource random;
    private final ExecutionControl executions;
    private final StateMachineOperations machines;
    private final Arns arns;
    private final java.time.Clock clock;
    private final VersionOperations versions;
    private final io.sluice.api.port.StateMachineVersions versionStarts;

    ExecutionOperations(ExecutionControl executions, StateMachineOperations machines, VersionOperations versions,
                        io.sluice.api.port.StateMachineVersions versionStarts, Arns arns, java.time.Clock clock, RandomSource random) {
        this.random = random;
        this.executions = executions;
        this.versions = versions;
        this.versionStarts = versionStarts;
        this.machines = machines;
        this.arns = arns;
        this.clock = clock;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("StartExecution", this::start);
        ops.put("DescribeExecution", this::describe);
        ops.put("ListExecutions", this::list);
        ops.put("StopExecution", this::stop);
        ops.put("RedriveExecution", this::redrive);
        ops.put("DescribeStateMachineForExecution", this::machineFor);
    }

    /**
     * As the service's StartExecution: a new name starts a run; the name of a running execution started with the same
     * input returns that one; any other use of a name is {@code ExecutionAlreadyExists}.
     */
    private JsonNode start(Caller caller, JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineArn"), "stateMachineArn");
        Machine machine = machines.find(caller, ref.name());
        Access.mayChange(caller);
        String name = executionName(Fields.optional(request, "name"), random);
        JsonNode input = Fields.json(request, "input", SfnError.INVALID_EXECUTION_INPUT);
        if (!machine.problems().isEmpty()) {
            throw SfnError.VALIDATION.with("State machine '" + arns.stateMachine(machine.name()) + "' cannot run now: "
                    + String.join("; ", machine.problems()));
        }
        // A version or alias ARN runs that version's definition; the execution is pinned to it as any is to its own.
        StartResult result;
        if (ref.qualified()) {
            io.sluice.api.port.StateMachineVersions.Version v = versions.definitionFor(caller, ref);
            // Kept with the execution: DescribeExecution names the version, and the alias when one chose it.
            String through = ref.version() ? String.valueOf(v.number()) : ref.qualifier() + ":" + v.number();
            result = versionStarts.start(machine.name(), name, v.definition(), input, through);
        } else {
            result = executions.start(machine.name(), name, input);
        }
        ExecutionSummary s = switch (result) {
            case StartResult.Started started -> started.execution();
            case StartResult.AlreadyRunning running -> sameInput(running.execution(), input);
            case StartResult.NameTaken taken -> throw alreadyExists(taken.execution());
            case StartResult.Refused refused -> throw SfnError.VALIDATION.with("State machine '" + arns.stateMachine(machine.name())
                    + "' cannot run now: " + refused.reason());
        };
        ObjectNode out = Fields.object();
        out.put("executionArn", arns.executionOfId(s.executionId()));
        Fields.time(out, "startDate", s.startTime());
        return out;
    }

    private ExecutionSummary sameInput(ExecutionSummary running, JsonNode input) {
        JsonNode first = executions.describe(running.executionId()).map(d -> d.execution().input()).orElse(null);
        if (!input.equals(first)) {
            throw alreadyExists(running);
        }
        return running;
    }

    private SfnException alreadyExists(ExecutionSummary s) {
        return SfnError.EXECUTION_ALREADY_EXISTS.with("Execution Already Exists: '" + arns.executionOfId(s.executionId()) + "' ("
                + s.status() + (s.status().equals("RUNNING") ? ", started with another input" : "") + ")");
    }

    /** The name asked for, else a random UUID (as Step Functions makes one) drawn from {@code random}. */
    static String executionName(String name, RandomSource random) {
        if (name == null) {
            return random.uuid().toString();
        }
        if (!Arns.NAME.matcher(name).matches()) {
            throw SfnError.INVALID_NAME.with("Invalid Name: '" + Arns.shown(name) + "'; an execution's name is " + Arns.NAME_EXPECTED + ".");
        }
        return name;
    }

    private JsonNode describe(Caller caller, JsonNode request) {
        ExecutionControl.Described d = described(caller, request);
        ExecutionSummary s = d.summary();
        Execution e = d.execution();
        ObjectNode out = summary(s);
        out.put("input", Json.write(e.input()));
        out.putObject("inputDetails").put("included", true);
        if (e.output() != null) {
            out.put("output", Json.write(e.output()));
            out.putObject("outputDetails").put("included", true);
        }
        if (e.error() != null) {
            out.put("error", e.error());
        }
        if (e.cause() != null) {
            out.put("cause", e.cause());
        }
        startedThrough(d).ifPresent(q -> {
            // As the API reference has them: the version ARN of a start through a version or an alias, the alias ARN of the
            // latter only; neither for a start through the unqualified ARN ("If you start an execution from a StartExecution
            // request without specifying a state machine version or alias ARN, Step Functions returns a null value"), even
            // when the definition it ran is also a published version's.
            int colon = q.indexOf(':');
            out.put("stateMachineVersionArn", arns.stateMachine(s.pipeline(), q.substring(colon + 1)));
            if (colon > 0) {
                out.put("stateMachineAliasArn", arns.stateMachine(s.pipeline(), q.substring(0, colon)));
            }
        });
        out.put("redriveCount", e.redriveCount());
        if (e.redriveCount() > 0) {
            lastRedrive(s.executionId()).ifPresent(at -> Fields.time(out, "redriveDate", at));
        }
        boolean redrivable = !d.archived() && Set.of("FAILED", "TIMED_OUT", "ABORTED").contains(s.status());
        out.put("redriveStatus", redrivable ? "REDRIVABLE" : "NOT_REDRIVABLE");
        if (!redrivable) {
            out.put("redriveStatusReason", d.archived() ? "The execution is archived: its redrive window has passed."
                    : "Execution is " + s.status() + "; only a FAILED, TIMED_OUT or ABORTED execution can be redriven.");
        }
        return out;
    }

    /** When the execution was last redriven: its newest ExecutionRedriven event's time. */
    private java.util.Optional<java.time.Instant> lastRedrive(String executionId) {
        java.time.Instant last = null;
        for (int from = 0; ; from += 1000) {
            List<JsonNode> lines = executions.history(executionId, from, 1000).orElse(List.of());
            for (JsonNode line : lines) {
                if (line.path("type").asText().equals("EXECUTION_REDRIVEN")) {
                    last = java.time.Instant.parse(line.path("at").asText());
                }
            }
            if (lines.size() < 1000) {
                return java.util.Optional.ofNullable(last);
            }
        }
    }

    private ObjectNode summary(ExecutionSummary s) {
        ObjectNode out = Fields.object();
        out.put("executionArn", arns.executionOfId(s.executionId())).put("stateMachineArn", arns.stateMachine(s.pipeline()))
                .put("name", s.name()).put("status", s.status());
        Fields.time(out, "startDate", s.startTime());
        Fields.time(out, "stopDate", s.stopTime());
        return out;
    }

    private JsonNode list(Caller caller, JsonNode request) {
        String machineArn = Fields.optional(request, "stateMachineArn");
        String mapRunArn = Fields.optional(request, "mapRunArn");
        if ((machineArn == null) == (mapRunArn == null)) {
            throw SfnError.VALIDATION.with(machineArn == null ? "Must provide a StateMachine ARN or a MapRun ARN (stateMachineArn or mapRunArn)."
                    : "Provide a StateMachine ARN or a MapRun ARN, not both (stateMachineArn, mapRunArn).");
        }
        // A machine's own runs (a version ARN: that version's); a map run ARN: that run's children, kept out of the others.
        Arns.MachineRef ref = machineArn == null ? null : arns.parseMachine(machineArn, "stateMachineArn");
        MapRunArns.MapRunRef run = mapRunArn == null ? null : MapRunArns.parse(arns, mapRunArn, "mapRunArn");
        Machine machine = machines.find(caller, ref != null ? ref.name() : run.machine());
        java.util.function.Predicate<ExecutionSummary> keep = run != null ? ExecutionListing.childrenOf(run) : ExecutionListing.ownRuns();
        if (ref != null && ref.version()) {
            int version = Integer.parseInt(ref.qualifier());
            versions.definitionFor(caller, ref);
            java.util.Map<String, java.util.Optional<Integer>> byHash = new java.util.HashMap<>(); // each definition hashed once a page
            keep = keep.and(s -> byHash.computeIfAbsent(s.definitionHash(), h -> versionOf(s)).filter(v -> v == version).isPresent());
        }
        String status = Fields.optional(request, "statusFilter");
        if (status != null && !STATUSES.contains(status)) {
            throw SfnError.VALIDATION.with("1 validation error detected: Value '" + Arns.shown(status) + "' at 'statusFilter' failed to satisfy"
                    + " constraint: Member must satisfy enum value set: " + new java.util.TreeSet<>(STATUSES));
        }
        int size = Fields.maxResults(request, 100);
        String token = Fields.optional(request, "nextToken");
        String listing = "ListExecutions " + (machineArn != null ? machineArn : mapRunArn) + " " + status;
        io.sluice.orchestration.port.ExecutionCursor from = token == null ? null : PageToken.cursor(token, listing);
        ObjectNode out = Fields.object();
        ArrayNode items = out.putArray("executions");
        // PENDING_REDRIVE is a moment between a redrive's request and its first state; a redrive here is applied at once.
        if (status != null && status.equals("PENDING_REDRIVE")) {
            return out;
        }
        // By the store's cursor: a page may hold fewer than maxResults and a token ("only an upper limit. The actual number
        // of results returned per call might be fewer than the specified maximum", ListExecutions' maxResults).
        io.sluice.api.page.ExecutionScan.Page page = ExecutionListing.page(executions, machine.name(), status, from, keep, size);
        page.rows().forEach(s -> items.add(summary(s)));
        if (page.next() != null) {
            out.put("nextToken", PageToken.encode(page.next(), listing));
        }
        return out;
    }

    private JsonNode stop(Caller caller, JsonNode request) {
        ExecutionSummary s = visible(caller, request);
        Access.mayChange(caller);
        String error = Fields.optional(request, "error");
        String cause = Fields.optional(request, "cause");
        ExecutionControl.Change change = executions.stop(s.executionId(), error, cause);
        ExecutionSummary after = switch (change) {
            case ExecutionControl.Change.Done done -> done.summary();
            // Stopping an execution that has ended changes nothing, as on the service.
            case ExecutionControl.Change.Refused refused -> refused.summary();
            case ExecutionControl.Change.NotFound nf -> throw notFound(s.executionId());
        };
        ObjectNode out = Fields.object();
        Fields.time(out, "stopDate", after.stopTime());
        return out;
    }

    private JsonNode redrive(Caller caller, JsonNode request) {
        ExecutionSummary s = visible(caller, request);
        Access.mayChange(caller);
        ExecutionControl.Change change = executions.redrive(s.executionId());
        return switch (change) {
            case ExecutionControl.Change.Done done -> {
                ObjectNode out = Fields.object();
                Fields.time(out, "redriveDate", clock.instant());
                yield out;
            }
            case ExecutionControl.Change.Refused refused -> throw SfnError.EXECUTION_NOT_REDRIVABLE.with("Execution '"
                    + arns.executionOfId(s.executionId()) + "' cannot be redriven: " + refused.reason());
            case ExecutionControl.Change.NotFound nf -> throw notFound(s.executionId());
        };
    }

    private JsonNode machineFor(Caller caller, JsonNode request) {
        ExecutionSummary s = visible(caller, request);
        Machine m = machines.find(caller, s.pipeline());
        ObjectNode out = Fields.object();
        out.put("stateMachineArn", arns.stateMachine(m.name())).put("name", m.name())
                .put("definition", definitionOf(s, m)).put("roleArn", m.roleArn());
        versionOf(s).ifPresent(v -> out.put("stateMachineVersionArn", arns.stateMachine(m.name(), String.valueOf(v))));
        Fields.time(out, "updateDate", m.updated());
        out.putObject("loggingConfiguration").put("level", "OFF").put("includeExecutionData", false);
        out.putObject("tracingConfiguration").put("enabled", false);
        return out;
    }

    /**
     * The definition the execution runs: the machine's text, or a version's, when it is that one; else the one it is pinned
     * to, as the runtime stored it.
     */
    String definitionOf(ExecutionSummary s, Machine m) {
        if (hash(m.definition()).equals(s.definitionHash())) {
            return m.definition();
        }
        return versionStarts.versions(s.pipeline()).stream().filter(v -> hash(v.definition()).equals(s.definitionHash())).findFirst()
                .map(io.sluice.api.port.StateMachineVersions.Version::definition)
                .or(() -> versionStarts.pinned(s.definitionHash())).orElse(m.definition());
    }

    /**
     * The qualifier of the version or alias ARN the execution was started through ({@code 3}, {@code live:3}), if it was
     * kept; an execution started before it was kept, or otherwise, shows the version whose definition it runs, if one is
     * ({@link #versionOf}).
     */
    private static java.util.Optional<String> startedThrough(ExecutionControl.Described d) {
        return java.util.Optional.ofNullable(d.startedThrough()).filter(q -> q.matches("([A-Za-z0-9_.-]{1,80}:)?[0-9]{1,9}"));
    }

    /** The published version whose definition the execution runs, if one is. */
    private java.util.Optional<Integer> versionOf(ExecutionSummary s) {
        return versionStarts.versions(s.pipeline()).stream().filter(v -> hash(v.definition()).equals(s.definitionHash()))
                .map(io.sluice.api.port.StateMachineVersions.Version::number).findFirst();
    }

    private static String hash(String definition) {
        try {
            return io.sluice.orchestration.definition.DefinitionParser.parse(Json.parse(definition)).hash();
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** The execution the request's {@code executionArn} names, as the caller sees it. */
    ExecutionSummary visible(Caller caller, JsonNode request) {
        Arns.ExecutionRef ref = arns.parseExecution(Fields.required(request, "executionArn"), "executionArn");
        ExecutionSummary s = executions.summary(ref.executionId()).orElseThrow(() -> notFound(ref.executionId()));
        if (!caller.sees(s.pipeline())) {
            throw notFound(ref.executionId());
        }
        return s;
    }

    private ExecutionControl.Described described(Caller caller, JsonNode request) {
        ExecutionSummary s = visible(caller, request);
        return executions.describe(s.executionId()).orElseThrow(() -> notFound(s.executionId()));
    }

    SfnException notFound(String executionId) {
        return SfnError.EXECUTION_DOES_NOT_EXIST.with("Execution Does Not Exist: '" + arns.executionOfId(executionId) + "'");
    }
}
