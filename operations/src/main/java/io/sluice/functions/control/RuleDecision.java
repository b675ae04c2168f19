package io.sluice.functions.control;

import java.util.List;

/**
 * What the rules say about one target now: blocked or not, and the rules that decided it.
 *
 * @param deciding the most specific blocks when blocked; else the most specific matching allows (empty when none matched)
 */
public record RuleDecision(boolean blocked, List<Rule> deciding) {
    public static final RuleDecision NO_RULE = new RuleDecision(false, List.of());

    public RuleDecision {
        deciding = List.copyOf(deciding);
    }

    /** Why it is blocked, for a refusal or a held execution: {@code rule <id> (<author>): <reason>, until <instant>}. */
    public String reason() {
        return deciding.stream().map(r -> "rule " + r.id() + " (" + r.author() + "): " + r.reason() + ", until " + r.until())
                .reduce((a, b) -> a + "; " + b).orElse("no rule");
    }
}
