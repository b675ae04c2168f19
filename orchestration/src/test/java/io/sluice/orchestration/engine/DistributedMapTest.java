package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.T0;
import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.ItemSelection;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A distributed Map to the engine: one map-run dispatch with its fields rendered for the state's input,
 * one waiting frame whatever the item count, and the map run's result or failure handled as a task's.
 */
class DistributedMapTest {
    private static final RandomSource RANDOM = RandomSource.seeded(5);

    private final Interpreter interpreter = new Interpreter(parse("""
            {"StartAt": "Init", "States": {
              "Init": {"Type": "Pass", "Assign": {"tag": "t-1"}, "Next": "Files"},
              "Files": {"Type": "Map", "Label": "Files",
                "ItemReader": {"Resource": "arn:aws:states:::s3:getObject",
                  "ReaderConfig": {"InputType": "CSV", "CSVHeaderLocation": "FIRST_ROW", "MaxItemsPath": "$.max"},
                  "Parameters": {"Bucket.$": "$.bucket", "Key": "rows.csv"}},
                "ItemSelector": {"row.$": "$$.Map.Item.Value", "at.$": "$$.Map.Item.Index", "tag.$": "$tag", "run.$": "$.run"},
                "ItemBatcher": {"MaxItemsPerBatchPath": "$.batch", "BatchInput": {"run.$": "$.run"}},
                "ToleratedFailureCountPath": "$.failures", "ToleratedFailurePercentage": 10, "MaxConcurrency": 4,
                "ResultWriter": {"Resource": "arn:aws:states:::s3:putObject", "Parameters": {"Bucket": "out", "Prefix.$": "$.run"}},
                "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "EXPRESS"},
                  "StartAt": "Each", "States": {"Each": {"Type": "Pass", "End": true}}},
                "ResultPath": "$.written",
                "Catch": [{"ErrorEquals": ["States.ExceedToleratedFailureThreshold"], "ResultPath": "$.error", "Next": "TooMany"}],
                "End": true},
              "TooMany": {"Type": "Pass", "End": true}}}"""), true);

    private static final JsonNode INPUT = json("{\"bucket\": \"in\", \"max\": 100, \"batch\": 5, \"failures\": 3, \"run\": \"r7\"}");

    private static Command.DispatchTask dispatched(Transition t) {
        return t.commands().stream().filter(c -> c instanceof Command.DispatchTask).map(c -> (Command.DispatchTask) c)
                .findFirst().orElseThrow();
    }

    @Test
    void enteringTheStateDispatchesOneMapRunWithItsFieldsRendered() {
        Transition start = interpreter.start("p:e1", "e1", INPUT, T0, RANDOM);
        Command.DispatchTask run = dispatched(start);
        assertThat(run.function()).isEqualTo("map-run");
        assertThat(run.pattern()).isEqualTo(IntegrationPattern.SYNC);
        assertThat(run.stateName()).isEqualTo("Files");
        JsonNode request = run.payload();
        assertThat(request.get("ExecutionType").asText()).isEqualTo("EXPRESS");
        assertThat(request.get("Label").asText()).isEqualTo("Files");
        assertThat(request.get("ItemReader")).isEqualTo(json("""
                {"Resource": "arn:aws:states:::s3:getObject", "Parameters": {"Bucket": "in", "Key": "rows.csv"},
                 "ReaderConfig": {"InputType": "CSV", "CSVHeaderLocation": "FIRST_ROW", "MaxItems": 100}}"""));
        assertThat(request.get("ItemBatcher")).isEqualTo(json("{\"MaxItemsPerBatch\": 5, \"BatchInput\": {\"run\": \"r7\"}}"));
        assertThat(request.get("ResultWriter")).isEqualTo(json("""
                {"Resource": "arn:aws:states:::s3:putObject", "Parameters": {"Bucket": "out", "Prefix": "r7"}}"""));
        assertThat(request.get("ToleratedFailureCount").asInt()).isEqualTo(3);
        assertThat(request.get("ToleratedFailurePercentage").asDouble()).isEqualTo(10.0);
        assertThat(request.get("MaxConcurrency").asInt()).isEqualTo(4);
        assertThat(request.get("Processor")).isEqualTo(json("{\"StartAt\": \"Each\", \"States\": {\"Each\": {\"Type\": \"Pass\", \"End\": true}}}"));
        assertThat(request.get("Variables")).isEqualTo(json("{\"tag\": \"t-1\"}"));
        Execution ex = start.execution();
        assertThat(ex.frames()).hasSize(1);
        assertThat(start.history()).extracting(HistoryEvent::type).contains(HistoryEvent.Type.MAP_RUN_STARTED);

        // The selector the map run applies per item sees the state's input, the item and the variables.
        ItemSelection selection = ItemSelection.compile(request.get("ItemSelector"), false);
        JsonNode child = selection.select(json("{\"id\": \"7\"}"), 41, request.get("Input"), (com.fasterxml.jackson.databind.node.ObjectNode)
                request.get("Context"), Map.of("tag", Json.NODES.textNode("t-1")), T0, RANDOM);
        assertThat(child).isEqualTo(json("{\"row\": {\"id\": \"7\"}, \"at\": 41, \"tag\": \"t-1\", \"run\": \"r7\"}"));
    }

    @Test
    void theMapRunsResultGoesThroughResultPath() {
        Transition start = interpreter.start("p:e2", "e2", INPUT, T0, RANDOM);
        Command.DispatchTask run = dispatched(start);
        JsonNode manifest = json("{\"MapRunArn\": \"arn\", \"ResultWriterDetails\": {\"Bucket\": \"out\", \"Key\": \"r7/x/manifest.json\"}}");
        Transition done = interpreter.apply(start.execution(), new Event.TaskSucceeded(run.token().encode(), manifest), T0, RANDOM);
        assertThat(done.execution().status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(done.execution().output().get("written")).isEqualTo(manifest);
        assertThat(done.history()).extracting(HistoryEvent::type).contains(HistoryEvent.Type.MAP_RUN_SUCCEEDED);
    }

    @Test
    void aFailedMapRunIsCaughtByItsErrorName() {
        Transition start = interpreter.start("p:e3", "e3", INPUT, T0, RANDOM);
        Command.DispatchTask run = dispatched(start);
        Transition failed = interpreter.apply(start.execution(), new Event.TaskFailed(run.token().encode(),
                "States.ExceedToleratedFailureThreshold", "too many"), T0, RANDOM);
        assertThat(failed.execution().status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(failed.execution().output().get("error")).isEqualTo(json(
                "{\"Error\": \"States.ExceedToleratedFailureThreshold\", \"Cause\": \"too many\"}"));
    }

    @Test
    void withoutAReaderTheItemsAreTheArrayAtItemsPath() {
        Interpreter inline = new Interpreter(parse("""
                {"StartAt": "M", "States": {"M": {"Type": "Map", "ItemsPath": "$.xs",
                  "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"},
                    "StartAt": "P", "States": {"P": {"Type": "Pass", "End": true}}}, "End": true}}}"""), false);
        Command.DispatchTask run = dispatched(inline.start("p:e4", "e4", json("{\"xs\": [1, 2, 3]}"), T0, RANDOM));
        assertThat(run.payload().get("Items")).isEqualTo(json("[1, 2, 3]"));
        assertThat(run.payload().get("MaxConcurrency").asInt()).isZero();
        Transition notArray = inline.start("p:e5", "e5", json("{\"xs\": 3}"), T0, RANDOM);
        assertThat(notArray.execution().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(notArray.execution().error()).isEqualTo("States.Runtime");
    }

    /**
     * The tolerated-failure paths may select a variable holding a numeric string, as AWS records:
     * https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/assign/test_assign_reference_variables.snapshot.json
     * (test_reference_in_map_state[MAP_STATE_REFERENCE_IN_TOLERATED_FAILURE_PATH]).
     */
    @Test
    void toleratedFailurePathsMayReadAVariableHoldingANumericString() {
        Interpreter machine = new Interpreter(parse("""
                {"StartAt": "Start", "States": {
                  "Start": {"Type": "Pass", "Assign": {"toleratedFailurePercentage": "1", "toleratedFailureCount": "1"},
                            "Result": {"Values": [1, 2, 3]}, "Next": "MapState"},
                  "MapState": {"Type": "Map", "ItemsPath": "$.Values", "MaxConcurrency": 1,
                    "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"},
                      "StartAt": "HandleItem", "States": {"HandleItem": {"Type": "Pass", "End": true}}},
                    "ToleratedFailurePercentagePath": "$toleratedFailurePercentage",
                    "ToleratedFailureCountPath": "$toleratedFailureCount", "End": true}}}"""), false);
        Command.DispatchTask run = dispatched(machine.start("p:e6", "e6", json("{}"), T0, RANDOM));
        assertThat(run.payload().get("Items")).isEqualTo(json("[1, 2, 3]"));
        assertThat(run.payload().get("ToleratedFailurePercentage").asDouble()).isEqualTo(1.0);
        assertThat(run.payload().get("ToleratedFailureCount").asInt()).isEqualTo(1);
    }

    /**
     * The legacy Iterator with a DISTRIBUTED ProcessorConfig is a distributed Map, as AWS runs it:
     * https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/scenarios/test_base_scenarios.snapshot.json
     * (test_map_state_legacy_config_distributed).
     */
    @Test
    void aLegacyIteratorWithADistributedProcessorConfigIsADistributedMap() {
        Interpreter machine = new Interpreter(parse("""
                {"StartAt": "MapState", "States": {"MapState": {"Type": "Map", "MaxConcurrency": 1,
                  "Iterator": {"StartAt": "IteratorInner", "States": {"IteratorInner": {"Type": "Pass", "End": true}},
                    "ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"}}, "Next": "Finish"},
                  "Finish": {"Type": "Succeed"}}}"""), false);
        Command.DispatchTask run = dispatched(machine.start("p:e7", "e7", json("[\"Hello\", \"World\"]"), T0, RANDOM));
        assertThat(run.function()).isEqualTo("map-run");
        assertThat(run.payload().get("Items")).isEqualTo(json("[\"Hello\", \"World\"]"));
    }
}
