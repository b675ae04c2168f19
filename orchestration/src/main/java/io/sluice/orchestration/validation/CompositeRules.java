package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;

/** Parallel and Map states: their nested machines, validated recursively, and the Map's own fields. */
final class CompositeRules {
    private static final List<String> BRANCH_FIELDS = List.of("StartAt", "States", "Comment");
    private static final List<String> PROCESSOR_FIELDS = List.of("StartAt", "States", "Comment", "ProcessorConfig");

    private CompositeRules() {}

    static void parallel(StateContext state) {
        JsonNode branches = state.get("Branches");
        if (branches == null) {
            state.report().error(state.pointer(), "A Parallel state needs Branches, a non-empty array of state machines"
                    + " each with StartAt and States.");
            return;
        }
        if (!Fields.nonEmptyArray(state.report(), state.at("Branches"), "Branches", branches,
                "state machines each with StartAt and States")) {
            return;
        }
        for (int i = 0; i < branches.size(); i++) {
            MachineRules.validate(branches.get(i), state.at("Branches").child(i), "branch", BRANCH_FIELDS,
                    state.machine().enclosing(state.node()), state.report());
        }
    }

    static void map(StateContext state) {
        Report report = state.report();
        Fields.notBoth(report, state.pointer(), state.node(), "ItemSelector", "Parameters");
        Fields.notBoth(report, state.pointer(), state.node(), "MaxConcurrency", "MaxConcurrencyPath");
        JsonNode processor = state.get("ItemProcessor");
        JsonNode iterator = state.get("Iterator");
        if (processor != null && iterator != null) {
            report.error(state.pointer(), "Use either ItemProcessor or Iterator, not both; Iterator is the older name"
                    + " of ItemProcessor.");
        } else if (processor == null && iterator == null) {
            report.error(state.pointer(), "A Map state needs ItemProcessor, the state machine run for each item,"
                    + " with StartAt and States.");
        } else {
            // The legacy Iterator takes a ProcessorConfig too, INLINE or DISTRIBUTED, and runs as AWS records
            // (conformance/map-legacy-iterator-with-processor-config.json).
            String field = processor != null ? "ItemProcessor" : "Iterator";
            JsonNode machine = processor != null ? processor : iterator;
            if (machine.isObject() && machine.has("ProcessorConfig")) {
                processorConfig(report, state.at(field).child("ProcessorConfig"), machine.get("ProcessorConfig"));
            }
            MachineRules.validate(machine, state.at(field), processor != null ? "item processor" : "iterator", PROCESSOR_FIELDS,
                    state.machine().enclosing(state.node()), report);
        }
        if (distributed(processor != null ? processor : iterator)) {
            DistributedMapRules.check(state);
        } else {
            DistributedMapRules.inline(state);
        }
    }

    /** Whether the processor runs its items as child executions ({@code ProcessorConfig.Mode: DISTRIBUTED}). */
    static boolean distributed(JsonNode processor) {
        return processor != null && processor.path("ProcessorConfig").path("Mode").asText("").equals("DISTRIBUTED");
    }

    private static void processorConfig(Report report, Pointer at, JsonNode config) {
        if (!Fields.object(report, at, "ProcessorConfig", config)) return;
        for (Iterator<String> it = config.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!field.equals("Mode") && !field.equals("ExecutionType")) {
                report.error(at.child(field), "Field " + field + " is not allowed in ProcessorConfig; it allows Mode"
                        + " and ExecutionType.");
            }
        }
        JsonNode mode = config.get("Mode");
        JsonNode type = config.get("ExecutionType");
        boolean distributed = mode != null && mode.isTextual() && mode.asText().equals("DISTRIBUTED");
        if (mode != null && !distributed && !(mode.isTextual() && mode.asText().equals("INLINE"))) {
            report.error(at.child("Mode"), "ProcessorConfig.Mode must be \"INLINE\" or \"DISTRIBUTED\", but is "
                    + Fields.describe(mode) + ".");
        } else if (!distributed && type != null) {
            report.error(at.child("ExecutionType"), "ExecutionType applies only to a DISTRIBUTED Map; remove it for INLINE.");
        } else if (type != null && !(type.isTextual() && (type.asText().equals("STANDARD") || type.asText().equals("EXPRESS")))) {
            report.error(at.child("ExecutionType"), "ExecutionType must be \"STANDARD\" or \"EXPRESS\", but is "
                    + Fields.describe(type) + ".");
        }
    }
}
