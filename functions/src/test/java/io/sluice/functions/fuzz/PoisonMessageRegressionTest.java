package io.sluice.functions.fuzz;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.TaskMessage;
import org.junit.jupiter.api.Test;

/** Findings of {@link InboundFuzzTest}, kept as the inputs that found them. */
class PoisonMessageRegressionTest {
    @Test
    void anEmptyOrchestratorMessageSaysWhatWasExpected() {
        // Found: Jackson's "argument "content" is null" escaped for a null body, and an empty one.
        assertThatThrownBy(() -> MessageCodec.decode(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orchestrator message: expected a JSON object, got an empty body");
        assertThatThrownBy(() -> MessageCodec.decode("  ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orchestrator message: expected a JSON object, got an empty body");
    }

    @Test
    void anOrchestratorMessageThatIsNoObjectSaysSo() {
        assertThatThrownBy(() -> MessageCodec.decode("[1]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orchestrator message: expected a JSON object, got a JSON array");
    }

    @Test
    void anEmptyTaskMessageSaysWhatWasExpected() {
        assertThatThrownBy(() -> TaskMessage.decode(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("task message: expected a JSON object, got an empty body");
    }

    @Test
    void anUnknownIntegrationPatternIsNamedWithTheOnesThereAre() {
        // Found: "No enum constant ...IntegrationPattern.SYNCH" named a Java class, not the field.
        assertThatThrownBy(() -> TaskMessage.decode("{\"v\":1,\"token\":\"t\",\"function\":\"f\",\"pattern\":\"SYNCH\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("task message field pattern: expected one of [REQUEST_RESPONSE, SYNC, WAIT_FOR_TASK_TOKEN], got 'SYNCH'");
    }
}
