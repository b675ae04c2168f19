package io.sluice.orchestration.path.jsonata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.Ticker;
import io.sluice.orchestration.path.Variables;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Security issue 30, finding 4: the built-ins are charged for what they build, a single call cannot build a value
 * larger than {@link StepBudget#MAX_VALUE} before it is refused, and the wall-clock backstop stops an evaluation
 * past its deadline by the ticker it was given. Memory is measured as this thread's allocated bytes, never time.
 */
class BuiltValueBudgetTest {
    private static final Instant NOW = Instant.parse("2026-11-29T06:30:00Z");
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

    private static Scope scope(JsonNode input) {
        return new Scope(input, Json.object(), RandomSource.seeded(1), Variables.NONE, null, null, NOW);
    }

    private static JsonNode render(String expression, JsonNode input) {
        return JsonataTemplate.compile(Json.NODES.textNode("{% " + expression + " %}"), "Output").render(scope(input));
    }

    private static void assertRefused(String expression, JsonNode input, String... causeParts) {
        assertThatThrownBy(() -> render(expression, input)).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.QueryEvaluationError");
            assertThat(e.cause()).contains("'Output'").contains(causeParts);
        });
    }

    private static long allocatedBy(Runnable r) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        r.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void padToFiveMillionCharactersIsRefusedBeforeTheStringIsBuilt() {
        long bytes = allocatedBy(() -> assertRefused("$pad('', 5000000, 'x')", Json.object(),
                "$pad's result of 5000000 characters and items", StepBudget.MAX_VALUE + ", the largest value one expression may build"));
        // Five million characters would be 5 MB at least (10 MB as UTF-16); nothing near that is allocated.
        assertThat(bytes).as("bytes allocated").isLessThan(3_000_000L);
        assertRefused("$pad('a', -5000000)", Json.object(), "$pad's result");
        assertRefused("'a' ~> $pad(1e300)", Json.object(), "$pad's result");
    }

    @Test
    void doublingAStringInReduceStopsAtTheLargestValueInsteadOfBuilding131MillionCharacters() {
        ObjectNode input = Json.object().put("seed", "x".repeat(1000));
        long bytes = allocatedBy(() -> assertRefused("$reduce([1..17], function($a, $i){ $a & $a }, $states.input.seed)", input,
                "a string of 2048000 characters and items", "the largest value one expression may build"));
        // 131 million characters would be 131 MB at least; the doubling stops at two million characters.
        assertThat(bytes).as("bytes allocated").isLessThan(40_000_000L);
        assertRefused("$reduce([1..17], function($a, $i){ $a & $a }, '" + "x".repeat(1000) + "')", Json.object(),
                "the largest value one expression may build");
    }

    @Test
    void objectsThatShareMembersCannotStandForAnExponentiallyLargeValue() {
        long bytes = allocatedBy(() -> assertRefused("$reduce([1..40], function($a, $i){ {'l': $a, 'r': $a} }, 'xxxxxxxx')",
                Json.object(), "an object of", "the largest value one expression may build"));
        assertThat(bytes).as("bytes allocated").isLessThan(40_000_000L);
        assertRefused("$string($reduce([1..40], function($a, $i){ [$a, {'r': $a}] }, {'x': 1}))", Json.object(),
                "the largest value one expression may build");
    }

    @Test
    void aPathThatMultipliesAnArrayIsChargedForEveryCopy() {
        // A billion items if it were built; the path's copy is refused while it is a few thousand references.
        long bytes = allocatedBy(() -> assertRefused("($a := [1..1000]; $count($a.($a).($a)))", Json.object(),
                "one expression gathers more than " + StepBudget.MAX_GATHERED + " characters and items from its parts"));
        assertThat(bytes).as("bytes allocated").isLessThan(100_000_000L);
        assertRefused("($s := $pad('', 500000, 'x'); [1..1000].($s))", Json.object(), "one expression gathers more than");
        // Many values, each within bounds and none kept, still add up to the rendering's budget.
        assertRefused("$sum([1..100].$length($pad('', 500000, 'x')))", Json.object(),
                "more than " + StepBudget.MAX_BUILT + " characters and items, the budget of what one state's expressions may build");
    }

    @Test
    void builtInsWhoseResultOutgrowsTheirArgumentsAreCheckedBeforeTheyBuild() {
        assertRefused("$replace($pad('', 100000, 'a'), 'a', $pad('', 1000, 'b'))", Json.object(), "$replace's result");
        assertRefused("$replace($pad('', 100000, 'a'), /a/, '$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0$0')", Json.object(), "$replace's result");
        assertRefused("$join([1..10000].$string(), $pad('', 200, ','))", Json.object(), "$join's result of 2038694 characters");
        assertRefused("$encodeUrlComponent($pad('', 200000, 'é'))", Json.object(), "$encodeUrlComponent's result");
        // With a limit the library copies the string once per replacement, up to the limit, matches or not.
        assertRefused("$replace($pad('', 100000, 'a'), 'a', 'b', 100000)", Json.object(),
                "$replace with a limit of 100000 over 100000 characters would copy up to", StepBudget.MAX_WORK + ", the most one built-in call may copy");
        assertThat(render("$replace('abc', 'z', 'y', 2000000000) & $replace('aaa', 'a', 'b', 2)", Json.object()).asText()).isEqualTo("abcbba");
        // The guarded built-ins give what the library's own give.
        assertThat(render("$replace('a-b-c', '-', '+')", Json.object()).asText()).isEqualTo("a+b+c");
        assertThat(render("$replace('a1b22', /[0-9]+/, '<$0>')", Json.object()).asText()).isEqualTo("a<1>b<22>");
        assertThat(render("$replace('abc', /b/, function($m){ $uppercase($m.match) })", Json.object()).asText()).isEqualTo("aBc");
        assertThat(render("$pad('x', -3, '#') & $pad('y', 2) & $pad('z', 6, 'ab') & $pad('☃', 3, '😀')", Json.object()).asText())
                .isEqualTo("##xy zababa☃😀😀");
        assertThat(render("$pad('long', 2) & $pad('', 0)", Json.object()).asText()).isEqualTo("long");
        assertThat(render("$string({'a': [1, 'two', null]})", Json.object()).asText()).isEqualTo("{\"a\":[1,\"two\",null]}");
        assertThat(render("$states.input.$string()", Json.parse("{\"k\": true}")).asText()).isEqualTo("{\"k\":true}");
        assertThat(render("$join(['a', 'b'])", Json.object()).asText()).isEqualTo("ab");
        assertThat(render("$base64encode('hi') & $encodeUrl('https://x.org/?q=a b')", Json.object()).asText())
                .isEqualTo(com.dashjoin.jsonata.Functions.base64encode("hi") + com.dashjoin.jsonata.Functions.encodeUrl("https://x.org/?q=a b"));
        assertThat(render("$encodeUrlComponent('a b/é')", Json.object()).asText()).isEqualTo("a%20b%2F%C3%A9");
        assertThat(render("$clone({'a': 1})", Json.object())).isEqualTo(Json.parse("{\"a\": 1}"));
    }

    /** What the library itself gives for {@code expression}, or its error's class and message. */
    private static String library(String expression, JsonNode input) {
        try {
            Object v = com.dashjoin.jsonata.Jsonata.jsonata(expression).evaluate(JsonataValues.toJava(input));
            return String.valueOf(JsonataValues.toJson(v));
        } catch (RuntimeException e) {
            return "error";
        }
    }

    /** As {@link #library}: an expression that gives nothing (which fails a state, as on AWS) reads "null" here. */
    private static String guarded(String expression, JsonNode input) {
        try {
            return String.valueOf(render(expression, input));
        } catch (AslException e) {
            return e.cause().endsWith("returned nothing (undefined).") ? "null" : "error";
        }
    }

    @Test
    void theGuardedBuiltInsAgreeWithTheLibrarysOwn() {
        JsonNode input = Json.parse("{\"s\": \"héllo wörld\", \"a\": [\"x\", \"y\"], \"o\": {\"k\": [1, {\"n\": null}]}, \"n\": 15}");
        String[] expressions = {
            "$pad(s, 8)", "$pad(s, -14, '*')", "s.$pad(15, '-=')", "$pad(s, 3.7)", "$pad(s, -20.2, '')",
            "$pad('', 0)", "$pad(s)", "$pad(o, 3)", "$pad(nothing, 3)",
            "$join(a)", "$join(a, ', ')", "a.$join(', ')", "$join('solo')", "$join([])", "$join([1, 2])", "$join(nothing)",
            "$replace(s, 'l', 'L')", "$replace(s, /l+/, '[$0]')", "$replace(s, 'o', 'O', 1)", "$replace(s, /(w)(ö)/, '$2$1')",
            "$replace(s, /o/, function($m){ '0' })", "$replace(s, '', 'x')", "$replace(s, 'l')", "s.$replace('h', 'H')",
            "$replace(s, /l/, 'L', -1)", "$replace(s, /l/, 'L', 0)", "$replace(s, 'l', 'L', 2)", "$replace(s, /[lo]/, '_', 3)", "$replace(s, /z*/, '-')", "$replace(nothing, 'a', 'b')",
            "$string(o)", "$string(o, true)", "$string(s)", "$string(n)", "$string(1.5)", "$string(a)", "o.$string()",
            "$string()", "$string(nothing)", "$string(function($x){ $x })", "$string([1, [2, [3]]], true)",
            "$clone(o)", "$clone(a)", "$clone(s)",
            "$base64encode(s)", "$base64encode(n)", "$encodeUrlComponent(s)", "$encodeUrl('https://x.org/a b?q=' & s)",
            "$encodeUrl('not a url')", "s.$base64encode()"
        };
        for (String e : expressions) {
            assertThat(guarded(e, input)).as(e).isEqualTo(library(e, input));
        }
        // One difference: the library's $pad refuses a width that is a Long, as every whole number read from the input is.
        assertThat(library("$pad(s, n)", input)).isEqualTo("error");
        assertThat(guarded("$pad(s, n)", input)).isEqualTo("\"héllo wörld    \"");
    }

    @Test
    void typicalDataShapingOverTenThousandItemsStillFits() {
        ObjectNode input = Json.object().put("rate", 3);
        ArrayNode items = input.putArray("items");
        for (int i = 0; i < 10_000; i++) {
            items.addObject().put("id", "item-" + i).put("n", i).put("tag", i % 2 == 0 ? "even" : "odd");
        }
        JsonNode mapped = render("$map($states.input.items, function($v){ {'id': $v.id, 'total': $v.n * $states.input.rate,"
                + " 'count': $count($states.input.items)} })", input);
        assertThat(mapped.size()).isEqualTo(10_000);
        assertThat(mapped.get(9_999)).isEqualTo(Json.parse("{\"id\": \"item-9999\", \"total\": 29997, \"count\": 10000}"));
        JsonNode joined = render("$join($states.input.items.id, ',')", input);
        assertThat(joined.asText()).startsWith("item-0,item-1,").endsWith(",item-9999").hasSize(98_889);
        assertThat(render("$count($states.input.items[tag = 'even'])", input).asInt()).isEqualTo(5_000);
        assertThat(render("$sum($states.input.items.n)", input).asLong()).isEqualTo(49_995_000L);
        assertThat(render("$keys($states.input.items{tag: $count($)})", input)).isEqualTo(Json.parse("[\"even\", \"odd\"]"));
    }

    /** A ticker that jumps 0.6 s at every reading: a deterministic stand-in for a slow evaluation, no sleeping. */
    private static Ticker jumpingTicker() {
        long[] now = {0};
        return () -> now[0] += 600_000_000L;
    }

    @Test
    void theBackstopStopsAnEvaluationPastItsDeadlineByTheTickerItWasGiven() {
        JsonataTemplate t = JsonataTemplate.compile(Json.NODES.textNode("{% $sum([1..5000].($ * 2)) %}"), "Output");
        Scope slow = new Scope(Json.object(), Json.object(), RandomSource.seeded(1), Variables.NONE, null, null, NOW, jumpingTicker());
        assertThatThrownBy(() -> t.render(slow)).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.QueryEvaluationError");
            assertThat(e.cause()).contains("'Output'").contains("more than 1000 ms, the wall-clock backstop");
        });
        // Without a ticker there is no deadline, and the same expression gives its value.
        assertThat(t.render(scope(Json.object())).asLong()).isEqualTo(5000L * 5001L);
        // A small expression is done before the ticker is read again.
        JsonataTemplate small = JsonataTemplate.compile(Json.NODES.textNode("{% 1 + 2 %}"), "Output");
        assertThat(small.render(slow).asInt()).isEqualTo(3);
    }
}
