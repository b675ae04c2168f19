package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.StateMachines;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** GetExecutionHistory: the runtime's history of an execution, in the service's events ({@link HistoryEvents}). */
final class HistoryOperation {
    private static final int CHUNK = 1000;

    private final ExecutionControl executions;
    private final ExecutionOperations lookups;
    private final StateMachines machines;
    private final Arns arns;
    private final ActivityTasks activities;

    /** @param activities where the takings of activity tasks are recorded (null: a host without activities) */
    HistoryOperation(ExecutionControl executions, ExecutionOperations lookups, StateMachines machines, Arns arns, ActivityTasks activities) {
        this.executions = executions;
        this.lookups = lookups;
        this.machines = machines;
        this.arns = arns;
        this.activities = activities;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("GetExecutionHistory", this::history);
    }

    private JsonNode history(Caller caller, JsonNode request) {
        ExecutionSummary s = lookups.visible(caller, request);
        boolean reverse = Fields.flag(request, "reverseOrder", false);
        boolean includeData = Fields.flag(request, "includeExecutionData", true);
        int size = Fields.maxResults(request, 100);
        List<JsonNode> lines = new ArrayList<>();
        for (int from = 0; ; from += CHUNK) {
            List<JsonNode> chunk = executions.history(s.executionId(), from, CHUNK).orElseThrow(() -> lookups.notFound(s.executionId()));
            lines.addAll(chunk);
            if (chunk.size() < CHUNK) {
                break;
            }
        }
        String definition = machines.find(s.pipeline()).map(m -> lookups.definitionOf(s, m)).orElse("{}");
        List<ObjectNode> events = new ArrayList<>(HistoryEvents.of(lines, StateTypes.of(definition), arns.region(), includeData,
                activities == null ? token -> java.util.Optional.empty() : activities::takenOf));
        MapRunArns.fill(lines, events, arns, s.pipeline());
        events.stream().filter(e -> e.path("type").asText().equals("ExecutionStarted")).forEach(e ->
                ((ObjectNode) e.get("executionStartedEventDetails")).put("roleArn",
                        machines.find(s.pipeline()).map(StateMachines.Machine::roleArn).orElse("")));
        if (reverse) {
            Collections.reverse(events);
        }
        PageToken.Page<ObjectNode> page = PageToken.page(events, Fields.optional(request, "nextToken"), size,
                "GetExecutionHistory " + s.executionId() + " " + reverse);
        ObjectNode out = Fields.object();
        out.putArray("events").addAll(page.items());
        if (page.nextToken() != null) {
            out.put("nextToken", page.nextToken());
        }
        return out;
    }
}
