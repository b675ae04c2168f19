package io.sluice.functions.alert;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.AlertSink;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Writes each alert as one JSON line to the {@code io.sluice.alerts} logger (SEVERE for ERROR and CRITICAL). */
public final class LogAlertSink implements AlertSink {
    private static final Logger LOG = Logger.getLogger("io.sluice.alerts");

    @Override
    public void fire(Alert alert) {
        Level level = switch (alert.severity()) {
            case INFO -> Level.INFO;
            case WARNING -> Level.WARNING;
            case ERROR, CRITICAL -> Level.SEVERE;
        };
        LOG.log(level, () -> Json.write(AlertJson.of(alert)));
    }
}
