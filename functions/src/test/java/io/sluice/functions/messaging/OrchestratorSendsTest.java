package io.sluice.functions.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What a timer index keeps for a fire, and the message it becomes when the timer comes due. */
class OrchestratorSendsTest {
    private static final Instant DUE = Instant.parse("2026-12-06T10:00:00Z");
    private static final String TRACE = TraceparentTest.W3C_EXAMPLE;

    @Test
    void anEngineTimersFireIsItsIdAloneAndComesBackWhole() {
        assertThat(OrchestratorSends.timerFired("orders:run.t7", "orders:run.t7.t12")).isEmpty();
        OutgoingMessage fired = OrchestratorSends.firedTimer("", "orders:run.t7.t12", DUE);
        assertThat(MessageCodec.decode(fired.body())).isEqualTo(new OrchestratorMessage.TimerFired("orders:run.t7", "orders:run.t7.t12"));
        assertThat(fired.group()).isEqualTo("orders:run.t7");
        assertThat(fired.id()).isEqualTo("timer:orders:run.t7.t12@" + DUE.toEpochMilli());
    }

    @Test
    void aFireTheIdDoesNotSayIsKeptAsItsMessage() {
        String traced = OrchestratorSends.timerFired("orders:run", "orders:run.t3", TRACE);
        assertThat(MessageCodec.decode(traced)).isEqualTo(new OrchestratorMessage.TimerFired("orders:run", "orders:run.t3", TRACE));
        for (String otherId : new String[] {"orders:other.t3", "orders:run.t", "orders:run.t3x", "orders:run.deadline"}) {
            String payload = OrchestratorSends.timerFired("orders:run", otherId);
            assertThat(payload).as(otherId).isNotEmpty();
            assertThat(MessageCodec.decode(OrchestratorSends.firedTimer(payload, otherId, DUE).body()))
                    .isEqualTo(new OrchestratorMessage.TimerFired("orders:run", otherId));
        }
    }

    @Test
    void anEmptyPayloadUnderAnIdThatNamesNoExecutionIsRefusedByName() {
        assertThatThrownBy(() -> OrchestratorSends.firedTimer("", "deadline:abc", DUE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("deadline:abc").hasMessageContaining("<execution id>.t<n>");
    }
}
