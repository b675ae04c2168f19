package io.sluice.functions.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.json.Json;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RuleParserTest {
    static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    @Test
    void aFullRuleReadsAndWritesBackTheSame() {
        String text = """
                {"id": "bad-feed", "effect": "block", "pipeline": "orders*", "tenant": "retail", "priority": "P2",
                 "partitions": {"from": "2026-11-28", "to": "2026-11-30"}, "from": "2026-12-01T06:00:00Z",
                 "until": "2026-12-02T06:00:00Z", "reason": "supplier shipped bad rows", "author": "oncall"}""";
        Rule r = RuleParser.parse(Json.parse(text), "", NOW, null);

        assertThat(r).isEqualTo(new Rule("bad-feed", Rule.Effect.BLOCK, "orders*", "retail", "P2", "2026-11-28", "2026-11-30",
                Instant.parse("2026-12-01T06:00:00Z"), Instant.parse("2026-12-02T06:00:00Z"), "supplier shipped bad rows", "oncall"));
        assertThat(RuleParser.json(r)).isEqualTo(Json.parse(text));
    }

    @Test
    void theCallersIdentityIsTheAuthorAndFromDefaultsToNow() {
        Rule r = RuleParser.parse(Json.parse("""
                {"effect": "allow", "until": "2026-12-01T18:00:00Z", "reason": "r", "author": "someone else"}"""), "", NOW, "key:ops");
        assertThat(r.author()).isEqualTo("key:ops");
        assertThat(r.from()).isEqualTo(NOW);
        assertThat(r.id()).matches("rule-[0-9a-f]{8}");
    }

    @Test
    void aRuleWithoutAnIdGetsOneMadeFromItsJsonSoTheSameRuleSentTwiceIsOne() {
        String text = """
                {"effect": "block", "pipeline": "orders", "until": "2026-12-01T18:00:00Z", "reason": "r", "author": "a"}""";
        Rule first = RuleParser.parse(Json.parse(text), "", NOW, null);
        Rule again = RuleParser.parse(Json.parse(text), "", NOW.plusSeconds(5), null);
        Rule other = RuleParser.parse(Json.parse(text.replace("orders", "customers")), "", NOW, null);
        assertThat(again.id()).isEqualTo(first.id());
        assertThat(other.id()).isNotEqualTo(first.id());
    }

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of("{\"effect\": \"block\", \"reason\": \"r\", \"author\": \"a\"}", "/until", "required"),
                Arguments.of("{\"effect\": \"stop\", \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}", "/effect",
                        "'allow' or 'block'"),
                Arguments.of("{\"effect\": \"block\", \"until\": \"tomorrow\", \"reason\": \"r\", \"author\": \"a\"}", "/until", "ISO-8601"),
                Arguments.of("{\"effect\": \"block\", \"until\": \"2026-12-01T11:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}", "/until",
                        "must be after now"),
                Arguments.of("{\"effect\": \"block\", \"until\": \"2027-06-01T00:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}", "/until",
                        "at most 90 days"),
                Arguments.of("{\"effect\": \"block\", \"until\": \"2026-12-02T00:00:00Z\", \"author\": \"a\"}", "/reason", "required"),
                Arguments.of("{\"effect\": \"block\", \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \" \", \"author\": \"a\"}", "/reason",
                        "non-blank"),
                Arguments.of("{\"effect\": \"block\", \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\"}", "/author", "required"),
                Arguments.of("{\"effect\": \"block\", \"pipeline\": \"../etc\", \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}",
                        "/pipeline", "a pipeline id or a glob"),
                Arguments.of("{\"effect\": \"block\", \"priority\": \"P9\", \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}",
                        "/priority", "P0, P1, P2 or P3"),
                Arguments.of("{\"effect\": \"block\", \"partitions\": {\"from\": \"2026-12-02\", \"to\": \"2026-12-01\"}, "
                        + "\"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}", "/partitions", "comes after"),
                Arguments.of("{\"effect\": \"block\", \"partitions\": [], \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}",
                        "/partitions", "expected {"),
                Arguments.of("{\"effect\": \"block\", \"colour\": 1, \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\", \"author\": \"a\"}",
                        "/colour", "unknown field"),
                Arguments.of("[1]", "", "expected a rule"));
    }

    @ParameterizedTest(name = "{1}: {2}")
    @MethodSource("bad")
    void everyProblemNamesItsFieldAndWhatWasExpected(String text, String pointer, String phrase) {
        assertThatThrownBy(() -> RuleParser.parse(Json.parse(text), "", NOW, null)).isInstanceOfSatisfying(RuleParser.InvalidRule.class,
                e -> assertThat(e.problems()).anySatisfy(p -> {
                    assertThat(p.pointer()).isEqualTo(pointer);
                    assertThat(p.message()).contains(phrase);
                }));
    }

    @Test
    void aRulesFileIsReadWholeOrRefusedWholeWithEachProblemsPlace() {
        String good = "{\"id\": \"a\", \"effect\": \"block\", \"until\": \"2026-12-02T00:00:00Z\", \"reason\": \"r\", \"author\": \"x\"}";
        assertThat(RulesFile.parse(Json.parse("{\"rules\": [" + good + "]}"), NOW)).extracting(Rule::id).containsExactly("a");

        assertThatThrownBy(() -> RulesFile.parse(Json.parse("{\"rules\": [" + good + ", " + good + ", {\"effect\": \"block\"}]}"), NOW))
                .isInstanceOfSatisfying(RuleParser.InvalidRule.class, e -> assertThat(e.problems()).extracting(RuleParser.Problem::pointer)
                        .contains("/rules/1/id", "/rules/2/until", "/rules/2/reason"));
        assertThatThrownBy(() -> RulesFile.parse(Json.parse("{\"rule\": []}"), NOW)).hasMessageContaining("/rules");
    }
}
