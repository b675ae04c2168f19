package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.eval;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.intrinsicFailure;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IntrinsicArrayFunctionsTest {

    @Nested
    class Array {
        @Test
        void collectsItsArgumentsInOrder() {
            assertThat(eval("States.Array($.index)")).isEqualTo(json("[5]"));
            assertThat(eval("States.Array($.unescapedJson, 'x', States.Array())"))
                    .isEqualTo(json("[{\"foo\": \"bar\"}, \"x\", []]"));
        }

        @Test
        void noArgumentsGiveAnEmptyArray() {
            assertThat(eval("States.Array()")).isEqualTo(json("[]"));
        }
    }

    @Nested
    class Partition {
        @Test
        void theLastChunkMayBeShorter() {
            assertThat(eval("States.ArrayPartition($.numbers, 4)")).isEqualTo(json("[[1,2,3,4],[5,6,7,8],[9]]"));
        }

        @Test
        void evenSplitsAndOversizedChunks() {
            assertThat(eval("States.ArrayPartition(States.Array(1, 2, 3, 4), 2)")).isEqualTo(json("[[1,2],[3,4]]"));
            assertThat(eval("States.ArrayPartition(States.Array(1, 2), 5)")).isEqualTo(json("[[1,2]]"));
            assertThat(eval("States.ArrayPartition(States.Array(), 3)")).isEqualTo(json("[]"));
        }

        @Test
        void chunkSizeMustBePositive() {
            assertThat(intrinsicFailure("States.ArrayPartition($.numbers, 0)").cause())
                    .isEqualTo("States.ArrayPartition needs a chunk size of at least 1, but it was given 0.");
            intrinsicFailure("States.ArrayPartition($.numbers, -2)");
        }

        @Test
        void argumentTypesAreChecked() {
            assertThat(intrinsicFailure("States.ArrayPartition($.name, 2)").cause())
                    .isEqualTo("States.ArrayPartition expects argument 1 to be an array, but it is a string (\"Arnav\").");
            assertThat(intrinsicFailure("States.ArrayPartition($.numbers, 1.5)").cause())
                    .contains("argument 2 to be an integer");
        }
    }

    @Nested
    class Contains {
        @Test
        void findsValuesOfAnyType() {
            assertThat(eval("States.ArrayContains($.numbers, 5)").booleanValue()).isTrue();
            assertThat(eval("States.ArrayContains($.numbers, 10)").booleanValue()).isFalse();
            assertThat(eval("States.ArrayContains($.items, $.items[1])").booleanValue()).isTrue();
            assertThat(eval("States.ArrayContains(States.Array('a', null), null)").booleanValue()).isTrue();
            assertThat(eval("States.ArrayContains(States.Array(), 'a')").booleanValue()).isFalse();
        }

        @Test
        void numbersCompareByValue() {
            assertThat(eval("States.ArrayContains($.numbers, 5.0)").booleanValue()).isTrue();
            assertThat(eval("States.ArrayContains(States.Array(2.50), $.decimal)").booleanValue()).isTrue();
        }

        @Test
        void typesDoNotMix() {
            assertThat(eval("States.ArrayContains($.numbers, '5')").booleanValue()).isFalse();
        }

        @Test
        void firstArgumentMustBeAnArray() {
            assertThat(intrinsicFailure("States.ArrayContains($.unescapedJson, 'bar')").cause())
                    .contains("argument 1 to be an array, but it is an object");
        }
    }

    @Nested
    class Range {
        @ParameterizedTest(name = "ArrayRange({0}) = {1}")
        @CsvSource(delimiter = '|', value = {
            "1, 9, 2     | [1, 3, 5, 7, 9]",
            "0, 10, 3    | [0, 3, 6, 9]",
            "5, 5, 1     | [5]",
            "10, 1, -3   | [10, 7, 4, 1]",
            "-2, 2, 1    | [-2, -1, 0, 1, 2]",
            "5, 1, 1     | []",
            "1, 5, -1    | []",
        })
        void startAndEndAreIncludedWhenAStepLandsOnThem(String args, String expected) {
            assertThat(eval("States.ArrayRange(" + args + ")")).isEqualTo(json(expected));
        }

        @Test
        void atMostAThousandElements() {
            assertThat(eval("States.ArrayRange(1, 1000, 1)").size()).isEqualTo(1000);
            assertThat(intrinsicFailure("States.ArrayRange(1, 1001, 1)").cause())
                    .isEqualTo("States.ArrayRange would produce 1001 elements from 1 to 1001 in steps of 1,"
                            + " but an array range may hold at most 1000.");
        }

        @Test
        void extremeBoundsDoNotOverflow() {
            intrinsicFailure("States.ArrayRange(-2147483648, 2147483647, 1)");
            assertThat(eval("States.ArrayRange(2147483647, -2147483648, -2147483648)"))
                    .isEqualTo(json("[2147483647, -1]"));
        }

        @Test
        void stepMustNotBeZero() {
            assertThat(intrinsicFailure("States.ArrayRange(1, 5, 0)").cause())
                    .isEqualTo("States.ArrayRange needs a step other than 0.");
        }

        @Test
        void argumentsMustBeIntegers() {
            assertThat(intrinsicFailure("States.ArrayRange(1, 5.5, 1)").cause())
                    .contains("argument 2 to be an integer", "a number (5.5)");
            intrinsicFailure("States.ArrayRange('1', 5, 1)");
            intrinsicFailure("States.ArrayRange(1, 5, 3000000000)");
        }

        @Test
        void integralDecimalsAreIntegers() {
            assertThat(eval("States.ArrayRange(1.0, 3, 1)")).isEqualTo(json("[1, 2, 3]"));
        }
    }

    @Nested
    class GetItem {
        @Test
        void indexesStartAtZero() {
            assertThat(eval("States.ArrayGetItem($.numbers, $.index)")).isEqualTo(json("6"));
            assertThat(eval("States.ArrayGetItem($.numbers, 0)")).isEqualTo(json("1"));
            assertThat(eval("States.ArrayGetItem($.items, 1)")).isEqualTo(json("{\"id\": \"z\", \"n\": 5}"));
        }

        @Test
        void indexOutOfRangeFails() {
            assertThat(intrinsicFailure("States.ArrayGetItem($.numbers, 9)").cause())
                    .isEqualTo("States.ArrayGetItem cannot get the item at index 9 of an array of 9 items;"
                            + " indexes start at 0.");
            intrinsicFailure("States.ArrayGetItem($.numbers, -1)");
            intrinsicFailure("States.ArrayGetItem(States.Array(), 0)");
        }

        @Test
        void indexMustBeAnInteger() {
            assertThat(intrinsicFailure("States.ArrayGetItem($.numbers, '1')").cause())
                    .contains("argument 2 to be an integer", "a string (\"1\")");
        }
    }

    @Nested
    class Length {
        @Test
        void countsItems() {
            assertThat(eval("States.ArrayLength($.numbers)")).isEqualTo(json("9"));
            assertThat(eval("States.ArrayLength(States.Array())")).isEqualTo(json("0"));
        }

        @Test
        void ofAStringFails() {
            assertThat(intrinsicFailure("States.ArrayLength($.name)").cause())
                    .isEqualTo("States.ArrayLength expects argument 1 to be an array, but it is a string (\"Arnav\").");
            assertThat(intrinsicFailure("States.ArrayLength($.nothing)").cause())
                    .contains("but it is null");
        }
    }

    @Nested
    class Unique {
        @Test
        void keepsTheFirstOfEachValueInOrder() {
            assertThat(eval("States.ArrayUnique($.dupes)")).isEqualTo(json("[1, 2, 3, 4]"));
            assertThat(eval("States.ArrayUnique(States.Array('b', 'a', 'b', null, null, true))"))
                    .isEqualTo(json("[\"b\", \"a\", null, true]"));
            assertThat(eval("States.ArrayUnique(States.Array())")).isEqualTo(json("[]"));
        }

        @Test
        void comparesNumbersByValueAndObjectsByContent() {
            assertThat(eval("States.ArrayUnique(States.Array(1, 1.0, 1e0, 2))")).isEqualTo(json("[1, 2]"));
            assertThat(eval("States.ArrayUnique(States.Array(States.StringToJson('\\{\"a\":1,\"b\":[2.0]\\}'),"
                    + " States.StringToJson('\\{\"b\":[2],\"a\":1\\}')))"))
                    .isEqualTo(json("[{\"a\": 1, \"b\": [2.0]}]"));
        }

        @Test
        void needsAnArray() {
            intrinsicFailure("States.ArrayUnique($.index)");
        }
    }
}
