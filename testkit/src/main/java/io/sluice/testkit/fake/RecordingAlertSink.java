package io.sluice.testkit.fake;

import io.sluice.orchestration.port.AlertSink;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An alert sink that keeps what it was given, for tests to read. */
public final class RecordingAlertSink implements AlertSink {
    private final List<Alert> fired = new CopyOnWriteArrayList<>();

    @Override
    public void fire(Alert alert) {
        fired.add(alert);
    }

    public List<Alert> fired() {
        return List.copyOf(fired);
    }
}
