package io.sluice.functions.events.cloud;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.EventSink.CloudEvent;

/**
 * An execution event as a CloudEvents 1.0 event, structured JSON mode: {@code specversion}, {@code id},
 * {@code source} ({@code <host source>/pipelines/<pipeline>}), {@code type} ({@code io.sluice.execution.<kind>}),
 * {@code subject} (the execution id), {@code time}, {@code datacontenttype} and {@code data}: tenant, pipeline,
 * execution id, partition, status, error and cause (and for task events, the state and the retry number).
 * The tenant is the runtime's ({@code null} for a platform pipeline), never read from a payload.
 */
public final class CloudEventJson {
    public static final String SPEC_VERSION = "1.0";

    private CloudEventJson() {}

    /** @param hostSource the host's source URI reference, e.g. {@code /sluice/local} */
    public static CloudEvent of(ExecutionEvent e, String tenant, String hostSource) {
        String source = hostSource + "/pipelines/" + e.pipeline();
        ObjectNode o = Json.object().put("specversion", SPEC_VERSION).put("id", e.id()).put("source", source)
                .put("type", e.kind().cloudEventType()).put("subject", e.executionId()).put("time", e.time().toString())
                .put("datacontenttype", "application/json");
        ObjectNode data = o.putObject("data");
        data.put("tenant", tenant).put("pipeline", e.pipeline()).put("executionId", e.executionId()).put("partition", e.partition())
                .put("status", e.status()).put("error", e.error()).put("cause", e.cause());
        if (e.state() != null) {
            data.put("state", e.state());
        }
        if (e.attempt() > 0) {
            data.put("retry", e.attempt());
        }
        return new CloudEvent(e.id(), e.kind().cloudEventType(), source, e.executionId(), Json.write(o));
    }
}
