package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.eval;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.intrinsicFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IntrinsicEncodingFunctionsTest {

    /** A scope whose input is {"s": text}, for inputs too long to write in a call. */
    private static Scope withText(String text) {
        return new Scope(Json.object().put("s", text), Json.object(), RandomSource.seeded(1));
    }

    @Nested
    class Base64Encode {
        @Test
        void encodesUtf8() {
            assertThat(eval("States.Base64Encode('Data to encode')").textValue()).isEqualTo("RGF0YSB0byBlbmNvZGU=");
            assertThat(eval("States.Base64Encode('héllo ✓')").textValue()).isEqualTo("aMOpbGxvIOKckw==");
            assertThat(eval("States.Base64Encode('')").textValue()).isEmpty();
        }

        @Test
        void atMostTenThousandCharacters() {
            IntrinsicCall call = Intrinsics.parse("States.Base64Encode($.s)");
            assertThat(call.evaluate(withText("a".repeat(10_000))).textValue()).hasSize(13_336);
            assertThatFailure(call, withText("a".repeat(10_001)))
                    .isEqualTo("States.Base64Encode accepts at most 10000 characters in argument 1, but was given 10001.");
        }

        @Test
        void needsAString() {
            intrinsicFailure("States.Base64Encode($.numbers)");
        }
    }

    @Nested
    class Base64Decode {
        @Test
        void decodesToUtf8Text() {
            assertThat(eval("States.Base64Decode('RGF0YSB0byBlbmNvZGU=')").textValue()).isEqualTo("Data to encode");
            assertThat(eval("States.Base64Decode('aMOpbGxvIOKckw==')").textValue()).isEqualTo("héllo ✓");
            assertThat(eval("States.Base64Decode('RGF0YQ')").textValue()).isEqualTo("Data");
        }

        @Test
        void roundTrips() {
            assertThat(eval("States.Base64Decode(States.Base64Encode($.template))").textValue())
                    .isEqualTo("Hello, my name is {}.");
        }

        @Test
        void invalidBase64Fails() {
            assertThat(intrinsicFailure("States.Base64Decode('not base64!')").cause())
                    .startsWith("States.Base64Decode was given a string that is not valid Base64");
        }

        @Test
        void bytesThatAreNotUtf8Fail() {
            String invalidUtf8 = Base64.getEncoder().encodeToString(new byte[] {(byte) 0xC3, (byte) 0x28});
            assertThat(intrinsicFailure("States.Base64Decode('" + invalidUtf8 + "')").cause())
                    .isEqualTo("States.Base64Decode decoded its argument to bytes that are not UTF-8 text.");
        }

        @Test
        void atMostTenThousandCharacters() {
            IntrinsicCall call = Intrinsics.parse("States.Base64Decode($.s)");
            String justFits = Base64.getEncoder().encodeToString("x".repeat(7_500).getBytes(StandardCharsets.UTF_8));
            assertThat(justFits).hasSize(10_000);
            assertThat(call.evaluate(withText(justFits)).textValue()).hasSize(7_500);
            assertThatFailure(call, withText(justFits + "AAAA")).contains("at most 10000 characters");
        }
    }

    @Nested
    class Hash {
        @ParameterizedTest(name = "{0}")
        @CsvSource({
            "MD5,     812f45842bc6d66ee14572ce20db8e86",
            "SHA-1,   aaff4a450a104cd177d28d18d74485e8cae074b7",
            "SHA-256, b4a697a057313163aee33cd8d40c66e9f0f177e00cac2de32475ffff6169c3e3",
            "SHA-384, d28a7d5cf25a74f11a50a18452b75e04bb3d70c9dd0510d6123aa008c756511b87525bdc835ebb27e1fb9e9374a15562",
            "SHA-512, 6ce4adb348546d4f449c4d25aad9a7c9cb711d9e91982d3f0b29ca2f3f47d4ce2deba23bf2954f0f1d593fc50283731a533d30d425402d4f91316d871303aac4",
        })
        void lowercaseHexDigest(String algorithm, String digest) {
            assertThat(eval("States.Hash('input data', '" + algorithm + "')").textValue()).isEqualTo(digest);
        }

        @Test
        void hashesUtf8Bytes() {
            assertThat(eval("States.Hash('héllo ✓', 'SHA-256')").textValue())
                    .isEqualTo("5657cdef8a85a584e0e961e6f8247cf5d3f8ed21496ed6fdbcfd43a761e94245");
        }

        @Test
        void unknownAlgorithmFails() {
            assertThat(intrinsicFailure("States.Hash('x', 'SHA-999')").cause())
                    .isEqualTo("States.Hash does not know the algorithm 'SHA-999'; use one of MD5, SHA-1, SHA-256,"
                            + " SHA-384, SHA-512.");
            intrinsicFailure("States.Hash('x', 'sha-256')");
            intrinsicFailure("States.Hash('x', 'SHA-224')");
        }

        @Test
        void atMostTenThousandCharacters() {
            IntrinsicCall call = Intrinsics.parse("States.Hash($.s, 'MD5')");
            assertThat(call.evaluate(withText("a".repeat(10_000))).textValue()).hasSize(32);
            assertThatFailure(call, withText("a".repeat(10_001))).contains("at most 10000 characters");
        }

        @Test
        void dataMustBeAString() {
            assertThat(intrinsicFailure("States.Hash($.index, 'MD5')").cause())
                    .contains("argument 1 to be a string, but it is a number (5)");
        }
    }

    private static AbstractStringAssert<?> assertThatFailure(IntrinsicCall call, Scope scope) {
        try {
            call.evaluate(scope);
        } catch (AslException e) {
            assertThat(e.error()).isEqualTo(ErrorNames.INTRINSIC_FAILURE);
            return assertThat(e.cause());
        }
        throw new AssertionError("expected " + call + " to fail");
    }
}
