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
}
