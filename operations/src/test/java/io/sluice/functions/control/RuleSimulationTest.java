package io.sluice.functions.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.control.Rule.Effect;
import io.sluice.functions.control.RuleSimulation.Fire;
import io.sluice.functions.control.RuleSimulation.Running;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Simulation, as a table of pipelines, fires and running executions against one candidate rule. */
class RuleSimulationTest {
    static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    static final Map<String, String> TENANT = Map.of("orders", "retail", "order-lines", "retail", "ledger", "finance");
    static final List<String> PIPELINES = List.of("ledger", "order-lines", "orders");
    static final List<Fire> FIRES = List.of(new Fire("orders", NOW.plusSeconds(1800)), new Fire("orders", NOW.plusSeconds(7200 + 60)),
            new Fire("ledger", NOW.plusSeconds(600)));
    static final List<Running> RUNNING = List.of(new Running("orders:a", "orders", "2026-11-29"), new Running("orders:b", "orders", "2026-12-01"),
            new Running("ledger:a", "ledger", "2026-11-29"));

    static RuleTarget target(String pipeline) {
        return new RuleTarget(pipeline, TENANT.get(pipeline), "P2", null);
    }

    static Rule block(String pipeline, String from, String to) {
        return new Rule("candidate", Effect.BLOCK, pipeline, null, null, from, to, NOW, NOW.plusSeconds(7200), "bad rows", "ana");
    }

    @Test
    void aBlockOverAGlobAndPartitionsMatchesItsPipelinesTheirFiresInItsWindowAndTheRunsOfThosePartitions() {
        RuleSimulation.Result r = RuleSimulation.simulate(block("order*", "2026-11-28", "2026-11-30"), Rules.NONE, PIPELINES,
                RuleSimulationTest::target, FIRES, RUNNING);

        assertThat(r.pipelines()).containsExactly("order-lines", "orders");
        assertThat(r.fires()).as("the fire after the rule lapses is not matched").containsExactly(FIRES.get(0));
        assertThat(r.running()).extracting(Running::executionId).containsExactly("orders:a");
        assertThat(r.partitionDependent()).isTrue();
    }

    @Test
    void aBlockThatAnEquallySpecificAllowOverridesMatchesNothing() {
        Rule allow = new Rule("keep-orders", Effect.ALLOW, "orders", null, null, null, null, NOW.minusSeconds(60), NOW.plusSeconds(86_400),
                "month end", "bo");
        RuleSimulation.Result r = RuleSimulation.simulate(block("orders", null, null), new Rules(List.of(allow)), PIPELINES,
                RuleSimulationTest::target, FIRES, RUNNING);

        assertThat(r.pipelines()).isEmpty();
        assertThat(r.fires()).isEmpty();
        assertThat(r.running()).isEmpty();
        assertThat(r.partitionDependent()).isFalse();
    }

    @Test
    void aTenantBlockMatchesOnlyThatTenantsPipelines() {
        Rule tenant = new Rule("t", Effect.BLOCK, null, "finance", null, null, null, NOW, NOW.plusSeconds(3600), "audit", "ana");
        RuleSimulation.Result r = RuleSimulation.simulate(tenant, Rules.NONE, PIPELINES, RuleSimulationTest::target, FIRES, RUNNING);

        assertThat(r.pipelines()).containsExactly("ledger");
        assertThat(r.fires()).containsExactly(FIRES.get(2));
        assertThat(r.running()).extracting(Running::executionId).containsExactly("ledger:a");
    }
}
