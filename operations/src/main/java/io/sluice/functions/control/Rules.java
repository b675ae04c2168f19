package io.sluice.functions.control;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides with a set of rules, predictably: among the rules active now that cover a target, a block
 * wins only if it is more specific ({@link Rule#specificity()}) than every allow that covers it too;
 * when the most specific allow and block are as specific, allow wins. No rule: allowed.
 */
public final class Rules {
    public static final Rules NONE = new Rules(List.of());

    private final List<Rule> rules;

    public Rules(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    public List<Rule> all() {
        return rules;
    }

    public RuleDecision decide(RuleTarget target, Instant now) {
        int allow = -1;
        int block = -1;
        List<Rule> allows = new ArrayList<>();
        List<Rule> blocks = new ArrayList<>();
        for (Rule r : rules) {
            if (!r.activeAt(now) || !r.covers(target)) {
                continue;
            }
            int s = r.specificity();
            if (r.effect() == Rule.Effect.ALLOW) {
                if (s > allow) {
                    allow = s;
                    allows.clear();
                }
                if (s == allow) {
                    allows.add(r);
                }
            } else {
                if (s > block) {
                    block = s;
                    blocks.clear();
                }
                if (s == block) {
                    blocks.add(r);
                }
            }
        }
        if (block > allow) {
            return new RuleDecision(true, blocks);
        }
        return allow < 0 ? RuleDecision.NO_RULE : new RuleDecision(false, allows);
    }

    /** The rules still in force at {@code now} or later: the lapsed ones dropped. */
    public Rules withoutLapsed(Instant now) {
        return new Rules(rules.stream().filter(r -> now.isBefore(r.until())).toList());
    }
}
