package io.sluice.functions.alert;

import io.sluice.orchestration.port.AlertSink;
import java.util.List;

/**
 * Fires each alert at every sink (the log and a webhook, say). Every sink is tried;
 * if any failed, the first failure is thrown afterwards so the alert is tried again.
 */
public final class FanOutAlertSink implements AlertSink {
    private final List<AlertSink> sinks;

    public FanOutAlertSink(List<AlertSink> sinks) {
        this.sinks = List.copyOf(sinks);
    }

    @Override
    public void fire(Alert alert) {
        RuntimeException first = null;
        for (AlertSink sink : sinks) {
            try {
                sink.fire(alert);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
