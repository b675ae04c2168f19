package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.eval;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.intrinsicFailure;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class IntrinsicMathFunctionsTest {

    private static Scope seeded(long seed) {
        return new Scope(IntrinsicFixtures.INPUT, IntrinsicFixtures.CONTEXT, RandomSource.seeded(seed));
    }

    @Nested
    class MathAdd {
        @Test
        void addsIntegers() {
            assertThat(eval("States.MathAdd(111, -1)")).isEqualTo(json("110"));
            assertThat(eval("States.MathAdd($.index, $$.Map.Item.Index)")).isEqualTo(json("7"));
            assertThat(eval("States.MathAdd(States.ArrayLength($.numbers), 1)")).isEqualTo(json("10"));
        }

        @Test
        void theSumMayLeaveTheIntRange() {
            assertThat(eval("States.MathAdd(2147483647, 1)").longValue()).isEqualTo(2147483648L);
            assertThat(eval("States.MathAdd(-2147483648, -1)").longValue()).isEqualTo(-2147483649L);
        }

        @Test
        void integralDecimalsCount() {
            assertThat(eval("States.MathAdd(2.0, 1)")).isEqualTo(json("3"));
        }

        /**
         * AWS rounds each argument to the nearest integer, halves towards positive infinity, then adds:
         * https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/intrinsic_functions/test_math_operations.snapshot.json
         * (test_math_add; more inputs in conformance/intrinsic-math-add-non-integers.json).
         */
        @Test
        void nonIntegersAreRoundedHalfUpBeforeAdding() {
            assertThat(eval("States.MathAdd($.decimal, 1)")).isEqualTo(json("4"));
            assertThat(eval("States.MathAdd(1.49, 1.5)")).isEqualTo(json("3"));
            assertThat(eval("States.MathAdd(1.5, 1.51)")).isEqualTo(json("4"));
            assertThat(eval("States.MathAdd(-0.5, 0.5)")).isEqualTo(json("1"));
            assertThat(eval("States.MathAdd(-1.5, -1.51)")).isEqualTo(json("-3"));
        }

        @Test
        void nonNumbersAndNumbersOutsideTheIntRangeFail() {
            assertThat(intrinsicFailure("States.MathAdd(1, '2')").cause())
                    .isEqualTo("States.MathAdd expects argument 2 to be a number between -2147483648 and"
                            + " 2147483647, but it is a string (\"2\").");
            intrinsicFailure("States.MathAdd(1, 2147483648)");
            intrinsicFailure("States.MathAdd(1, 2147483647.5)");
            intrinsicFailure("States.MathAdd(null, 1)");
        }
    }

    @Nested
    class MathRandom {
        @Test
        void staysWithinStartIncludedEndExcluded() {
            IntrinsicCall call = Intrinsics.parse("States.MathRandom(1, 4)");
            Set<Integer> seen = new HashSet<>();
            Scope scope = seeded(7);
            for (int i = 0; i < 500; i++) {
                seen.add(call.evaluate(scope).intValue());
            }
            assertThat(seen).containsExactlyInAnyOrder(1, 2, 3);
        }

        @Test
        void aRangeOfOneGivesItsStart() {
            assertThat(eval("States.MathRandom(-5, -4)")).isEqualTo(json("-5"));
        }

        @Test
        void theWidestRange() {
            int value = eval("States.MathRandom(-2147483648, 2147483647)").intValue();
            assertThat(value).isBetween(Integer.MIN_VALUE, Integer.MAX_VALUE - 1);
        }

        @Test
        void withoutSeedItDrawsFromTheScope() {
            IntrinsicCall call = Intrinsics.parse("States.MathRandom(0, 1000000)");
            assertThat(call.evaluate(seeded(3))).isEqualTo(call.evaluate(seeded(3)));
            Scope scope = seeded(3);
            JsonNode first = call.evaluate(scope);
            assertThat(call.evaluate(scope)).as("the source advances").isNotEqualTo(first);
        }

        @Test
        void withSeedTheResultDependsOnlyOnTheSeed() {
            IntrinsicCall call = Intrinsics.parse("States.MathRandom(0, 1000000, 1234)");
            JsonNode value = call.evaluate(seeded(1));
            assertThat(call.evaluate(seeded(2))).isEqualTo(value);
            assertThat(call.evaluate(new Scope(Json.object(), Json.object(), null))).isEqualTo(value);
            assertThat(Intrinsics.parse("States.MathRandom(0, 1000000, 1235)").evaluate(seeded(1))).isNotEqualTo(value);
        }

        @Test
        void seedMayComeFromAPath() {
            assertThat(eval("States.MathRandom(0, 1000, $.index)")).isEqualTo(eval("States.MathRandom(0, 1000, 5)"));
        }

        @Test
        void startMustBeBelowEnd() {
            assertThat(intrinsicFailure("States.MathRandom(5, 5)").cause())
                    .isEqualTo("States.MathRandom needs a start lower than its end, but was given start 5 and end 5.");
            intrinsicFailure("States.MathRandom(10, 1)");
        }

        @Test
        void argumentsMustBeIntegers() {
            assertThat(intrinsicFailure("States.MathRandom(0, 1.5)").cause()).contains("argument 2 to be an integer");
            assertThat(intrinsicFailure("States.MathRandom(0, 10, 'seed')").cause()).contains("argument 3 to be an integer");
        }
    }

    @Nested
    class Uuid {
        @Test
        void isAVersion4Uuid() {
            String text = eval("States.UUID()").textValue();
            assertThat(text).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
            UUID uuid = UUID.fromString(text);
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
        }

        @Test
        void isDeterministicForTheSameSource() {
            IntrinsicCall call = Intrinsics.parse("States.UUID()");
            assertThat(call.evaluate(seeded(99))).isEqualTo(call.evaluate(seeded(99)));
            assertThat(call.evaluate(seeded(99))).isNotEqualTo(call.evaluate(seeded(100)));
        }

        @Test
        void usesTwoLongsOfTheSource() {
            RandomSource reference = RandomSource.seeded(5);
            long high = reference.nextLong();
            long low = reference.nextLong();
            String expected = new UUID((high & ~0xF000L) | 0x4000L,
                    (low & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L).toString();
            assertThat(Intrinsics.parse("States.UUID()").evaluate(seeded(5)).textValue()).isEqualTo(expected);
        }

        @Test
        void successiveCallsDiffer() {
            Scope scope = seeded(1);
            IntrinsicCall call = Intrinsics.parse("States.Array(States.UUID(), States.UUID())");
            JsonNode pair = call.evaluate(scope);
            assertThat(pair.get(0)).isNotEqualTo(pair.get(1));
        }
    }
}
