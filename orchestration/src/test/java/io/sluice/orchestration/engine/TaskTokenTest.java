package io.sluice.orchestration.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TaskTokenTest {
    private static final String SECRET = "0123456789abcdef".repeat(2);

    @Test
    void aSecretIsThirtyTwoLowerCaseHexDigitsToTheEnd() {
        assertThat(TaskToken.isSecret(SECRET, 0)).isTrue();
        assertThat(TaskToken.isSecret("x." + SECRET, 2)).isTrue();
        assertThat(TaskToken.isSecret(SECRET.toUpperCase(), 0)).isFalse();
        assertThat(TaskToken.isSecret(SECRET + "0", 0)).isFalse();
        assertThat(TaskToken.isSecret(SECRET.substring(1), 0)).isFalse();
        assertThat(TaskToken.isSecret(SECRET.substring(1) + "g", 0)).isFalse();
        assertThat(TaskToken.isSecret(SECRET, -1)).isFalse();
    }

    @Test
    void aTokenDecodesToWhatEncodedIt() {
        TaskToken token = new TaskToken("orders:run.1", 0, 12, 3, SECRET);
        assertThat(TaskToken.decode(token.encode())).isEqualTo(token);
        TaskToken old = new TaskToken("orders:run", 1, 2, 0, "");
        assertThat(TaskToken.decode(old.encode())).as("a token from before secrets").isEqualTo(old);
        assertThatThrownBy(() -> new TaskToken("p:n", 0, 1, 0, SECRET.toUpperCase())).hasMessageContaining("32 lower-case hex digits");
        assertThatThrownBy(() -> TaskToken.decode("p:n.x.1.0." + SECRET)).hasMessageContaining("not a Sluice task token");
    }

    @Test
    void theExecutionIdAloneIsReadAndRefusedAsDecodeReadsAndRefusesIt() {
        String[] texts = {"orders:run.1.0.12.3." + SECRET, "orders:run.1.2.0", "p.q.r:n.1.2.3." + SECRET, "p:n.-1.+2.3",
            "p:n.1.2.3." + SECRET.toUpperCase(), "p:n.x.1.0." + SECRET, "p:n.1.2.99999999999", "p:n.1..3", ".1.2.3", "a.b",
            "p:n.1.2.3.", "", "p:n.1.2.3" + SECRET};
        for (String text : texts) {
            String decoded;
            try {
                decoded = TaskToken.decode(text).executionId();
            } catch (IllegalArgumentException e) {
                assertThatThrownBy(() -> TaskToken.executionIdOf(text)).as(text).isInstanceOf(IllegalArgumentException.class)
                        .hasMessage(e.getMessage());
                continue;
            }
            assertThat(TaskToken.executionIdOf(text)).as(text).isEqualTo(decoded);
        }
        assertThatThrownBy(() -> TaskToken.executionIdOf(null)).hasMessage("task token is missing");
    }
}
