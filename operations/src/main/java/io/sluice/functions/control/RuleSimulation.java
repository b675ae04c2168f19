package io.sluice.functions.control;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a rule would match before it is saved: the pipelines it covers, their scheduled fires in the
 * window asked about, and the running executions it would hold, each decided as the gate would decide
 * with the rule added to those in force (so an allow it would not override shows as not matched).
 * A pipeline or a fire has no partition yet: a rule with a partition range counts it as covered when
 * everything else matches, and says so ({@code partitionDependent}).
 */
public final class RuleSimulation {
    private RuleSimulation() {}

    public record Fire(String pipeline, Instant at) {}

    public record Running(String executionId, String pipeline, String partition) {}

    /** @param partitionDependent whether pipelines and fires match only for the rule's partitions */
    public record Result(List<String> pipelines, List<Fire> fires, List<Running> running, boolean partitionDependent) {}

    /**
     * @param pipelines every pipeline id the caller sees
     * @param targetOf  a pipeline's target without a partition (its tenant and priority, from the runtime)
     */
    public static Result simulate(Rule rule, Rules current, List<String> pipelines, Function<String, RuleTarget> targetOf, List<Fire> fires,
                                  List<Running> running) {
        List<Rule> with = new ArrayList<>(current.all());
        with.removeIf(r -> r.id().equals(rule.id()));
        with.add(rule);
        Rules after = new Rules(with);
        boolean ranged = rule.partitionFrom() != null || rule.partitionTo() != null;
        Instant at = rule.from();
        List<String> matched = new ArrayList<>();
        for (String p : pipelines) {
            if (matches(rule, after, partitionFree(targetOf.apply(p), rule), at)) {
                matched.add(p);
            }
        }
        List<Fire> firing = fires.stream().filter(f -> f.at().isBefore(rule.until()) && !f.at().isBefore(rule.from())
                && matches(rule, after, partitionFree(targetOf.apply(f.pipeline()), rule), f.at())).toList();
        List<Running> held = running.stream().filter(r -> {
            RuleTarget t = targetOf.apply(r.pipeline());
            return matches(rule, after, new RuleTarget(t.pipeline(), t.tenant(), t.priority(), r.partition()), at);
        }).toList();
        return new Result(matched, firing, held, ranged);
    }

    /** A target in the rule's partition range when the rule has one, so a pipeline is asked about apart from its partitions. */
    private static RuleTarget partitionFree(RuleTarget t, Rule rule) {
        String inRange = rule.partitionFrom() != null ? rule.partitionFrom() : rule.partitionTo();
        return new RuleTarget(t.pipeline(), t.tenant(), t.priority(), inRange);
    }

    /** The rule covers the target, and for a block, the decision with it is a block by it (no allow overrides it). */
    private static boolean matches(Rule rule, Rules after, RuleTarget target, Instant at) {
        if (!rule.covers(target)) {
            return false;
        }
        RuleDecision d = after.decide(target, at);
        return rule.effect() == Rule.Effect.BLOCK ? d.blocked() && d.deciding().contains(rule) : !d.blocked();
    }
}
