package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link TaskTokens} against the regular expression it replaced, kept here as the oracle: both split the same texts at
 * the same place, and refuse the same ones.
 */
class TaskTokensTest {
    private static final Pattern REPLACED = Pattern.compile("(.+)(\\.\\d+\\.\\d+\\.\\d+\\.[0-9a-f]{32})");
    private static final String HEX = "0123456789abcdef";

    @Test
    void aTokenSplitsAfterItsExecutionId() {
        String secret = "0123456789abcdef".repeat(2);
        assertThat(TaskTokens.restStart("orders:run-1.0.12.3." + secret, 0)).isEqualTo("orders:run-1".length());
        assertThat(TaskTokens.restStart("task:a.b:c.1.2.3." + secret, 5)).as("an id with dots").isEqualTo("task:a.b:c".length());
        assertThat(TaskTokens.restStart(".1.2.3." + secret, 0)).as("no execution id").isEqualTo(-1);
        assertThat(TaskTokens.restStart("p:n.1.2." + secret, 0)).as("a part missing").isEqualTo(-1);
        assertThat(TaskTokens.restStart("p:n.1.2.3." + secret.toUpperCase(), 0)).as("upper-case secret").isEqualTo(-1);
        assertThat(TaskTokens.restStart("p:n.1.2.3", 0)).as("no secret").isEqualTo(-1);
    }

    @Test
    void itAgreesWithTheExpressionItReplacedOnEveryText() {
        Random random = new Random(37);
        int matched = 0;
        for (int i = 0; i < 200_000; i++) {
            String prefix = random.nextBoolean() ? "task:" : "";
            String text = prefix + token(random);
            int from = prefix.length();
            Matcher m = REPLACED.matcher(text).region(from, text.length());
            int expected = m.matches() ? m.start(2) : -1;
            matched += expected >= 0 ? 1 : 0;
            assertThat(TaskTokens.restStart(text, from)).as("%s", text.replace("\n", "\\n")).isEqualTo(expected);
        }
        assertThat(matched).as("the texts hold tokens as well as near misses").isBetween(20_000, 180_000);
    }

    /** A token, often spoilt: odd characters in the id, parts missing, empty or not digits, a secret of the wrong form. */
    private static String token(Random random) {
        StringBuilder t = new StringBuilder(pick(random, "ab:.-9\n\u2028", random.nextInt(6)));
        int parts = random.nextInt(10) == 0 ? random.nextInt(5) : 3;
        for (int p = 0; p < parts; p++) {
            t.append('.').append(pick(random, random.nextInt(8) == 0 ? "0123456789x." : "0123456789", random.nextInt(4)));
        }
        t.append('.');
        int length = random.nextInt(6) == 0 ? 30 + random.nextInt(5) : 32;
        t.append(pick(random, random.nextInt(8) == 0 ? HEX + "AFg." : HEX, length));
        return t.toString();
    }

    private static String pick(Random random, String alphabet, int length) {
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }
}
