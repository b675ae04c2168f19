package io.sluice.functions.alert;

import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.task.jobs.JobRunJson;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.AlertSink.Alert;
import io.sluice.orchestration.port.AlertSink.Severity;
import java.util.function.Consumer;

/**
 * A completion handler: an execution that failed or timed out raises one alert, keyed by the execution.
 * A job run's JSON cause is told as a sentence with its log.
 */
public final class FailureAlerts implements Consumer<FinishedExecution> {
    private final AlertSink alerts;

    /** @param alerts usually an {@link OncePerIncident}, so a redelivered event does not alert twice */
    public FailureAlerts(AlertSink alerts) {
        this.alerts = alerts;
    }

    @Override
    public void accept(FinishedExecution e) {
        if (!e.failed()) {
            return;
        }
        String what = e.pipeline() == null ? "Execution '" + e.executionId() + "'"
                : "Pipeline '" + e.pipeline() + "' execution '" + e.name() + "'";
        String title = what + (e.partition() == null ? "" : " for partition " + e.partition()) + " " + e.status()
                + (e.error() == null ? "" : ": " + e.error());
        String detail = (e.cause() == null || e.cause().isBlank() ? "No cause was given." : JobRunJson.readable(e.cause()))
                + " Execution id: " + e.executionId() + ".";
        alerts.fire(new Alert("execution-failed:" + e.executionId(), Severity.ERROR, title, detail));
    }
}
