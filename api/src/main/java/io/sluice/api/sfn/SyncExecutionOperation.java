package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.InProcessTasks;
import io.sluice.api.port.StateMachines;
import io.sluice.api.port.StateMachines.Machine;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.time.Clock;
import java.util.Map;

/**
 * StartSyncExecution: an EXPRESS machine run whole in this process by the engine's express runner, over the host's
 * task functions, and answered with its outcome (at-most-once, as on the service). Wait states and retry backoff
 * advance the runner's virtual clock rather than hold the request.
 */
final class SyncExecutionOperation {
    private final StateMachineOperations machines;
    private final InProcessTasks tasks;
    private final Arns arns;
    private final Clock clock;
    private final Ticker ticker;
    private final RandomSource random;

    SyncExecutionOperation(StateMachineOperations machines, InProcessTasks tasks, Arns arns, Clock clock, Ticker ticker, RandomSource random) {
        this.random = random;
        this.ticker = ticker;
        this.machines = machines;
        this.tasks = tasks;
        this.arns = arns;
        this.clock = clock;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("StartSyncExecution", this::start);
    }

    private JsonNode start(Caller caller, JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineArn"), "stateMachineArn");
        Machine machine = machines.find(caller, ref.name());
        Access.mayChange(caller);
        if (machine.type() != StateMachines.Type.EXPRESS) {
            throw SfnError.STATE_MACHINE_TYPE_NOT_SUPPORTED.with("This operation is not supported by this type of state machine: '"
                    + arns.stateMachine(machine.name()) + "' is " + machine.type() + "; StartSyncExecution runs EXPRESS machines.");
        }
        String name = ExecutionOperations.executionName(Fields.optional(request, "name"), random);
        JsonNode input = Fields.json(request, "input", SfnError.INVALID_EXECUTION_INPUT);
        if (!machine.problems().isEmpty()) {
            throw SfnError.VALIDATION.with("State machine '" + arns.stateMachine(machine.name()) + "' cannot run now: "
                    + String.join("; ", machine.problems()));
        }
        Definition definition = DefinitionParser.parse(Json.parse(machine.definition()));
        String id = machine.name() + ":" + name;
        ExpressResult r = new ExpressRunner(definition, tasks.forRun(caller.owner(machine.name(), id)), null,
                ExpressRunner.DEFAULT_MAX_TRANSITIONS, ticker).run(machine.name(), id, name, input, clock.instant(), randomSource());
        ObjectNode out = Fields.object();
        out.put("executionArn", arns.express(machine.name(), name, random.uuid().toString()))
                .put("stateMachineArn", arns.stateMachine(machine.name())).put("name", name);
        Fields.time(out, "startDate", r.startTime());
        Fields.time(out, "stopDate", r.stopTime());
        out.put("status", r.status().name());
        out.put("input", Json.write(input));
        out.putObject("inputDetails").put("included", true);
        if (r.output() != null) {
            out.put("output", Json.write(r.output()));
            out.putObject("outputDetails").put("included", true);
        }
        if (r.error() != null) {
            out.put("error", r.error());
        }
        if (r.cause() != null) {
            out.put("cause", r.cause());
        }
        out.putObject("billingDetails").put("billedMemoryUsedInMB", 64)
                .put("billedDurationInMilliseconds", Math.max(100, r.stopTime().toEpochMilli() - r.startTime().toEpochMilli()));
        return out;
    }

    private RandomSource randomSource() {
        return RandomSource.seeded(random.nextLong());
    }
}
