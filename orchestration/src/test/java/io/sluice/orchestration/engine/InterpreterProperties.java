package io.sluice.orchestration.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The interpreter is a pure function: the same definition, input, events, time and randomness give the same run. */
class InterpreterProperties {
    private static final Definition MACHINE = Machines.parse("""
            {"StartAt": "Fan", "States": {
              "Fan": {"Type": "Map", "ItemsPath": "$.items", "MaxConcurrency": 3,
                "ItemSelector": {"v.$": "$$.Map.Item.Value", "id.$": "States.UUID()", "r.$": "States.MathRandom(0, 1000)"},
                "ItemProcessor": {"StartAt": "Work", "States": {
                  "Work": {"Type": "Task", "Resource": "sluice:function:work",
                           "Retry": [{"ErrorEquals": ["Flaky"], "IntervalSeconds": 1, "MaxAttempts": 4, "JitterStrategy": "FULL"}],
                           "Catch": [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.err", "Next": "Park"}], "Next": "Route"},
                  "Route": {"Type": "Choice", "Choices": [{"Variable": "$.v", "NumericGreaterThan": 50, "Next": "Big"}], "Default": "Park"},
                  "Big": {"Type": "Wait", "SecondsPath": "$.v", "Next": "Park"},
                  "Park": {"Type": "Pass", "End": true}}}, "End": true}}}""");

    /** A task outcome that depends only on the payload and how often it was seen, like a deterministic flaky service. */
    private static ExpressResult runOnce(List<Integer> items, long seed, List<String> calls) {
        var seen = new java.util.HashMap<String, Integer>();
        ExpressRunner runner = new ExpressRunner(MACHINE, task -> {
            int v = task.payload().get("v").asInt();
            int n = seen.merge(task.payload().get("id").asText(), 1, Integer::sum);
            calls.add(task.token().encode() + " " + Json.write(task.payload()));
            if (v % 7 == 0) return TaskOutcome.failure("Broken", "v=" + v);
            if (v % 3 == 0 && n < 3) return TaskOutcome.failure("Flaky", "try " + n);
            return TaskOutcome.success(task.payload());
        }, h -> calls.add(h.at() + " " + h.type() + " " + h.state() + " " + h.frame()), ExpressRunner.DEFAULT_MAX_TRANSITIONS);
        StringBuilder input = new StringBuilder("{\"items\": [");
        for (int i = 0; i < items.size(); i++) input.append(i == 0 ? "" : ",").append(items.get(i));
        return runner.run("e", "n", Json.parse(input.append("]}").toString()), Machines.T0, RandomSource.seeded(seed));
    }

    @Property(tries = 200, seed = "20261202")
    void sameInputsGiveTheSameRun(@ForAll @Size(max = 12) List<@IntRange(min = 0, max = 100) Integer> items, @ForAll long seed) {
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        ExpressResult a = runOnce(items, seed, first);
        ExpressResult b = runOnce(items, seed, second);
        assertThat(a).isEqualTo(b);
        assertThat(first).isEqualTo(second);
        assertThat(a.succeeded()).isTrue();
        assertThat(a.output()).hasSize(items.size());
    }
}
