package io.sluice.orchestration.path.intrinsic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import org.junit.jupiter.api.Test;

/** No intrinsic function call may take or give more than {@link FunctionCall#MAX_BYTES} of JSON (security issue 30). */
class IntrinsicSizeLimitTest {
    private static final Scope BIG = new Scope(Json.object().put("s", "q".repeat(200_000)).put("small", "ab,cd"),
            Json.object(), RandomSource.seeded(1));

    private static void assertRefused(String call, String part) {
        assertThatThrownBy(() -> Intrinsics.parse(call).evaluate(BIG)).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.IntrinsicFailure");
            assertThat(e.cause()).contains(part).contains(FunctionCall.MAX_BYTES + " bytes of JSON");
        });
    }

    @Test
    void argumentsTogetherOverTheLimitAreRefusedBeforeTheCallBuildsAnything() {
        assertRefused("States.Format('{}{}{}{}{}{}', $.s, $.s, $.s, $.s, $.s, $.s)", "States.Format cannot be evaluated: its arguments hold");
        assertRefused("States.Array($.s, $.s, $.s, $.s, $.s, $.s)", "States.Array cannot be evaluated: its arguments hold");
        // Nesting cannot get round it: the inner call's result is checked before the outer call receives it.
        assertRefused("States.ArrayLength(States.Array(States.Array($.s, $.s, $.s), States.Array($.s, $.s, $.s)))",
                "its arguments hold");
    }

    @Test
    void aResultOverTheLimitIsRefused() {
        // Each of 200,000 control characters is six bytes of JSON once escaped: 1.2 MB from a 200,000-character string.
        Scope controls = new Scope(Json.object().put("c", "\u0001".repeat(200_000)), Json.object(), RandomSource.seeded(1));
        assertThatThrownBy(() -> Intrinsics.parse("States.JsonToString($.c)").evaluate(controls))
                .isInstanceOfSatisfying(AslException.class, e -> assertThat(e.cause()).contains("its arguments hold"));
        assertThatThrownBy(() -> Intrinsics.parse("States.JsonToString(States.Array($.c))").evaluate(controls))
                .isInstanceOf(AslException.class);
    }

    @Test
    void ordinaryCallsStillWork() {
        assertThat(Intrinsics.parse("States.StringSplit($.small, ',')").evaluate(BIG)).isEqualTo(Json.parse("[\"ab\", \"cd\"]"));
        assertThat(Intrinsics.parse("States.ArrayLength(States.Array($.s, $.s))").evaluate(BIG).asInt()).isEqualTo(2);
        assertThat(Intrinsics.parse("States.ArrayPartition(States.ArrayRange(1, 1000, 1), 100)").evaluate(BIG).size()).isEqualTo(10);
    }
}
