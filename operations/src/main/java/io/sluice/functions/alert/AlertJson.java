package io.sluice.functions.alert;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.AlertSink.Alert;

/** An alert as JSON, the same in the log and at every sink that sends JSON: {@code incidentKey}, {@code severity}, {@code title}, {@code detail}. */
public final class AlertJson {
    private AlertJson() {}

    public static ObjectNode of(Alert alert) {
        return Json.object().put("incidentKey", alert.incidentKey()).put("severity", alert.severity().name())
                .put("title", alert.title()).put("detail", alert.detail());
    }
}
