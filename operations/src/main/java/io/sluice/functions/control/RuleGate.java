package io.sluice.functions.control;

import io.sluice.functions.harness.TaskGate;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.engine.TaskToken;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * The task gate of the rules: a task whose execution a block rule covers now waits, asked again at the
 * rule's end or within {@link #RECHECK}, whichever is first. The pipeline comes from the task token (the
 * runtime's), its tenant from the tenants file and its priority from its options; only the partition is
 * read from the task's input ({@code partition}), and a task without one is covered only by rules
 * without a partition range.
 */
public final class RuleGate implements TaskGate {
    static final Duration RECHECK = Duration.ofMinutes(1);

    private final RuleBook rules;
    private final Tenancy tenancy;
    private final Function<String, String> priorityOf;
    private final Duration recheck;

    /** @param priorityOf a pipeline's priority channel ({@code P0}..{@code P3}) */
    public RuleGate(RuleBook rules, Tenancy tenancy, Function<String, String> priorityOf) {
        this(rules, tenancy, priorityOf, RECHECK);
    }

    /** @param recheck how soon a held task is asked again at the latest */
    public RuleGate(RuleBook rules, Tenancy tenancy, Function<String, String> priorityOf, Duration recheck) {
        this.rules = rules;
        this.tenancy = tenancy;
        this.priorityOf = priorityOf;
        this.recheck = recheck;
    }

    @Override
    public Optional<Hold> hold(TaskMessage task, Instant now) {
        String pipeline = Orchestrator.pipelineOf(TaskToken.executionIdOf(task.token()));
        String partition = task.payload() != null && task.payload().path("partition").isTextual() ? task.payload().get("partition").asText() : null;
        RuleTarget target = new RuleTarget(pipeline, tenancy.tenantOf(pipeline).orElse(null), priorityOf.apply(pipeline), partition);
        RuleDecision d = rules.current().decide(target, now);
        if (!d.blocked()) {
            return Optional.empty();
        }
        Instant ends = d.deciding().stream().map(Rule::until).min(Instant::compareTo).orElse(now);
        Instant again = now.plus(recheck);
        return Optional.of(new Hold(ends.isBefore(again) ? ends : again, d.reason()));
    }
}
