package io.sluice.functions.control.recover;

import io.sluice.orchestration.path.RandomSource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.control.Rule;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.control.RuleParser;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.json.Json;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Block-downstream in one action: a block rule for each pipeline of a chain and each partition
 * ({@code blk-<8 hex>-<n>}, the pipeline exact, the partition range one partition, the pipeline's tenant), made in the
 * rule manager like any other rule, so bad rows stop propagating there and then: what is running is held before its
 * next task. One rule per pipeline and partition, so that a backfill can lift each as its run starts ({@link #lift}).
 */
public final class Blocks {
    public static final String PREFIX = "blk-";
    /** Rules one block may make: pipelines × partitions. */
    public static final int MAX_RULES = 500;

    private final RuleBook rules;
    private final Clock clock;
    private final RandomSource random;

    /** @param random where each block's id is drawn from */
    public Blocks(RuleBook rules, Clock clock, RandomSource random) {
        this.random = java.util.Objects.requireNonNull(random, "random");
        this.rules = rules;
        this.clock = clock;
    }

    /** What a block made. */
    public record Block(String id, List<String> pipelines, List<String> partitions, List<String> rules) {}

    /**
     * Blocks every pipeline of {@code chain} for every partition until {@code until} (an ISO instant, required: every
     * manual rule lapses), for {@code reason}, as {@code author}. Checks it all before making any rule. Each rule names
     * its pipeline's tenant as {@code tenancy} (the host's tenants file) says, so the tenant's keys see it.
     */
    public Block block(Chain chain, List<String> partitions, String until, String reason, String author, Tenancy tenancy) {
        int count = chain.order().size() * partitions.size();
        if (count > MAX_RULES) {
            throw new InvalidRecovery("to", "a range whose partitions, times the " + chain.order().size() + " pipeline(s) of the chain, are at most "
                    + MAX_RULES + " (this one makes " + count + " rules)", null);
        }
        String id = PREFIX + random.uuid().toString().substring(0, 8);
        List<ObjectNode> bodies = new ArrayList<>();
        for (String pipeline : chain.order()) {
            for (String partition : partitions) {
                ObjectNode body = Json.object().put("id", id + "-" + bodies.size()).put("effect", "block").put("pipeline", pipeline);
                tenancy.tenantOf(pipeline).ifPresent(t -> body.put("tenant", t));
                body.putObject("partitions").put("from", partition).put("to", partition);
                body.put("until", until).put("reason", reason == null ? null : reason.strip() + " (block " + id + ")");
                bodies.add(body);
            }
        }
        try {
            RuleParser.parse(bodies.getFirst(), "", clock.instant(), author);
        } catch (RuleParser.InvalidRule e) {
            RuleParser.Problem p = e.problems().getFirst();
            String field = p.pointer().substring(p.pointer().lastIndexOf('/') + 1);
            throw new InvalidRecovery(field, p.message(), null);
        }
        List<String> made = new ArrayList<>();
        for (ObjectNode body : bodies) {
            made.add(rules.add(body, author).id());
        }
        return new Block(id, chain.order(), partitions, made);
    }

    /** The rule a block made for {@code pipeline} and {@code partition}, if one is in force. */
    public Optional<Rule> ruleFor(String pipeline, String partition) {
        return rules.current().all().stream().filter(r -> r.id().startsWith(PREFIX) && r.effect() == Rule.Effect.BLOCK
                && pipeline.equals(r.pipeline()) && partition.equals(r.partitionFrom()) && partition.equals(r.partitionTo())).findFirst();
    }

    /** Lifts the blocks on {@code pipeline} for {@code partition}; returns the ids of the rules removed. */
    public List<String> lift(String pipeline, String partition, String author) {
        List<String> lifted = new ArrayList<>();
        for (Optional<Rule> r = ruleFor(pipeline, partition); r.isPresent(); r = ruleFor(pipeline, partition)) {
            if (!rules.remove(r.get().id(), author)) {
                break; // a rules-file rule, or removed meanwhile by another process
            }
            lifted.add(r.get().id());
        }
        return lifted;
    }
}
