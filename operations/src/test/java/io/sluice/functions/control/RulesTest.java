package io.sluice.functions.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.control.Rule.Effect;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How rules decide, as a table: which rules are in force, the target, and whether it is blocked. The
 * conflict rule is stated here: a block wins only when it is more specific than every allow that also
 * matches; as specific, allow wins.
 */
class RulesTest {
    static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    static final RuleTarget ORDERS = new RuleTarget("orders", "retail", "P2", "2026-11-29");

    static Rule rule(String id, Effect effect, String pipeline, String tenant, String priority, String from, String to) {
        return new Rule(id, effect, pipeline, tenant, priority, from, to, NOW.minusSeconds(3600), NOW.plusSeconds(3600), "why", "ana");
    }

    static Rule block(String pipeline) {
        return rule("b-" + pipeline, Effect.BLOCK, pipeline, null, null, null, null);
    }

    static Rule allow(String pipeline) {
        return rule("a-" + pipeline, Effect.ALLOW, pipeline, null, null, null, null);
    }

    static Stream<Arguments> table() {
        Rule lapsed = new Rule("old", Effect.BLOCK, "orders", null, null, null, null, NOW.minusSeconds(7200), NOW.minusSeconds(1), "why", "ana");
        Rule future = new Rule("later", Effect.BLOCK, "orders", null, null, null, null, NOW.plusSeconds(60), NOW.plusSeconds(7200), "why", "ana");
        Rule nov28to30 = rule("range", Effect.BLOCK, "orders", null, null, "2026-11-28", "2026-11-30");
        Rule dec = rule("dec", Effect.BLOCK, "orders", null, null, "2026-12-01", null);
        return Stream.of(
                Arguments.of("no rules: allowed", List.of(), ORDERS, false),
                Arguments.of("an exact block", List.of(block("orders")), ORDERS, true),
                Arguments.of("a block of another pipeline", List.of(block("returns")), ORDERS, false),
                Arguments.of("a glob block", List.of(block("ord*")), ORDERS, true),
                Arguments.of("a glob that does not match", List.of(block("ord?")), ORDERS, false),
                Arguments.of("block everything", List.of(block(null)), ORDERS, true),
                Arguments.of("a lapsed block", List.of(lapsed), ORDERS, false),
                Arguments.of("a block not yet in force", List.of(future), ORDERS, false),
                Arguments.of("a partition range that covers", List.of(nov28to30), ORDERS, true),
                Arguments.of("a partition range that does not", List.of(dec), ORDERS, false),
                Arguments.of("a partition range, a target without partition", List.of(nov28to30),
                        new RuleTarget("orders", "retail", "P2", null), false),
                Arguments.of("tenant block", List.of(rule("t", Effect.BLOCK, null, "retail", null, null, null)), ORDERS, true),
                Arguments.of("other tenant's block", List.of(rule("t", Effect.BLOCK, null, "finance", null, null, null)), ORDERS, false),
                Arguments.of("priority block (P3 only)", List.of(rule("p", Effect.BLOCK, null, null, "P3", null, null)), ORDERS, false),
                Arguments.of("priority block (P2)", List.of(rule("p", Effect.BLOCK, null, null, "P2", null, null)), ORDERS, true),
                // conflicts
                Arguments.of("allow and block equally specific: allow wins", List.of(block("orders"), allow("orders")), ORDERS, false),
                Arguments.of("glob allow, exact block: the block is more specific", List.of(allow("ord*"), block("orders")), ORDERS, true),
                Arguments.of("exact allow, glob block: the allow stands", List.of(allow("orders"), block("ord*")), ORDERS, false),
                Arguments.of("allow all, block the partitions of one pipeline",
                        List.of(allow(null), nov28to30), ORDERS, true),
                Arguments.of("allow the pipeline in a tenant beats a pipeline block: 3 > 2",
                        List.of(block("orders"), rule("at", Effect.ALLOW, "orders", "retail", null, null, null)), ORDERS, false),
                Arguments.of("an allow that does not cover the target does not count",
                        List.of(block("orders"), rule("at", Effect.ALLOW, "orders", "finance", null, null, null)), ORDERS, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void decides(String name, List<Rule> rules, RuleTarget target, boolean blocked) {
        RuleDecision d = new Rules(rules).decide(target, NOW);
        assertThat(d.blocked()).as(name).isEqualTo(blocked);
        if (blocked) {
            assertThat(d.deciding()).isNotEmpty().allMatch(r -> r.effect() == Effect.BLOCK);
            assertThat(d.reason()).contains("rule ").contains("(ana): why, until ");
        }
    }

    static Stream<Arguments> globs() {
        return Stream.of(Arguments.of("*", "orders", true), Arguments.of("ord*", "orders", true), Arguments.of("*ers", "orders", true),
                Arguments.of("o*d*s", "orders", true), Arguments.of("o?ders", "orders", true), Arguments.of("orders?", "orders", false),
                Arguments.of("*x*", "orders", false), Arguments.of("orders", "orders", true), Arguments.of("order", "orders", false),
                Arguments.of("**", "", true), Arguments.of("a*a*a*a*a*b", "a".repeat(5000), false));
    }

    @ParameterizedTest(name = "{0} ~ {1}: {2}")
    @MethodSource("globs")
    void globsMatchWholeIds(String glob, String id, boolean matches) {
        assertThat(PipelineGlob.matches(glob, id)).isEqualTo(matches);
    }
}
