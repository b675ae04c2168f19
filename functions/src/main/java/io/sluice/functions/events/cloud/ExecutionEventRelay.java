package io.sluice.functions.events.cloud;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.EventSink;
import io.sluice.orchestration.port.EventSink.CloudEvent;
import io.sluice.orchestration.port.ExecutionStore;
import java.util.List;

/**
 * Takes the execution events off the events queue and delivers each, as a CloudEvent, to every sink. The
 * tenant comes from the runtime's tenancy; a partition the sender did not know (a held task's) from the
 * stored execution's input. A sink that throws makes the message come back, so delivery is at least once.
 */
public final class ExecutionEventRelay {
    private final List<EventSink> sinks;
    private final Tenancy tenancy;
    private final ExecutionStore executions;
    private final String hostSource;

    /** @param hostSource the CloudEvents source of this host, e.g. {@code /sluice/local} */
    public ExecutionEventRelay(List<EventSink> sinks, Tenancy tenancy, ExecutionStore executions, String hostSource) {
        this.sinks = List.copyOf(sinks);
        this.tenancy = tenancy;
        this.executions = executions;
        this.hostSource = hostSource;
    }

    public CloudEvent relay(JsonNode message) {
        ExecutionEvent e = ExecutionEvent.decode(message);
        if (e.partition() == null) {
            e = e.withPartition(executions.load(e.executionId()).map(s -> ExecutionCodec.decode(Json.parse(s.state())).input())
                    .map(in -> in.path("partition")).filter(JsonNode::isTextual).map(JsonNode::asText).orElse(null));
        }
        CloudEvent event = CloudEventJson.of(e, tenancy.tenantOf(e.pipeline()).orElse(null), hostSource);
        for (EventSink sink : sinks) {
            sink.deliver(event);
        }
        return event;
    }
}
