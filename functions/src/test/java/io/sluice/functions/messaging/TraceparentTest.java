package io.sluice.functions.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import org.junit.jupiter.api.Test;

/**
 * The {@code traceparent} messages carry: W3C Trace Context's form (https://www.w3.org/TR/trace-context/#traceparent-header),
 * its example value accepted; anything else read as absent, never refusing the message it came in.
 */
class TraceparentTest {
    /** The example of the recommendation's section 3.2.2.4 (the all-zero ids are its examples of invalid ones). */
    static final String W3C_EXAMPLE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    static final String TOKEN = "orders:run-1.1.1.0.63cbe1e459320dd7044c3cd7f43c661c";

    @Test
    void theRecommendationsFormIsAcceptedAndEverythingElseIsNot() {
        assertThat(Traceparent.valid(W3C_EXAMPLE)).isEqualTo(W3C_EXAMPLE);
        assertThat(Traceparent.valid("00-00000000000000000000000000000000-00f067aa0ba902b7-01")).as("all-zero trace id").isNull();
        assertThat(Traceparent.valid("00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01")).as("all-zero parent id").isNull();
        assertThat(Traceparent.valid("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01")).as("upper case").isNull();
        assertThat(Traceparent.valid("ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")).as("version ff").isNull();
        assertThat(Traceparent.valid("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra")).isNull();
        assertThat(Traceparent.valid(null)).isNull();
    }

    @Test
    void aMessageWithAnInvalidTraceparentIsReadWithoutOne() {
        OrchestratorMessage m = MessageCodec.decode("{\"v\":2,\"type\":\"heartbeat\",\"token\":\"" + TOKEN + "\",\"traceparent\":\"junk\"}");
        assertThat(m).isEqualTo(new OrchestratorMessage.Heartbeat(TOKEN));
        TaskMessage t = TaskMessage.decode("{\"v\":1,\"token\":\"" + TOKEN + "\",\"function\":\"f\",\"pattern\":\"REQUEST_RESPONSE\","
                + "\"traceparent\":42}");
        assertThat(t.traceparent()).isNull();
    }

    @Test
    void everyOrchestratorMessageCarriesItsTraceparentThroughTheCodec() {
        for (OrchestratorMessage m : java.util.List.<OrchestratorMessage>of(
                new OrchestratorMessage.TaskResult(TOKEN, null, "E", "c", W3C_EXAMPLE),
                new OrchestratorMessage.Heartbeat(TOKEN, W3C_EXAMPLE),
                new OrchestratorMessage.TimerFired("orders:run-1", "t-1", W3C_EXAMPLE),
                new OrchestratorMessage.Stop("orders:run-1", "E", "c", W3C_EXAMPLE),
                new OrchestratorMessage.Redrive("orders:run-1", W3C_EXAMPLE),
                new OrchestratorMessage.Abandon("orders:run-1", "E", "c", W3C_EXAMPLE))) {
            assertThat(MessageCodec.decode(MessageCodec.encode(m))).isEqualTo(m);
        }
        TaskMessage task = new TaskMessage(TOKEN, "sluice:function:f", "f", IntegrationPattern.REQUEST_RESPONSE, Json.object(), "S", 0,
                null, null, null, null, null, W3C_EXAMPLE);
        assertThat(TaskMessage.decode(task.encode())).isEqualTo(task);
    }
}
