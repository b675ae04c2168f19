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
    private final TieredAlerts tiers;
    private final java.util.function.Function<String, io.sluice.functions.priority.Priority> priorityOf;

    /** @param alerts usually an {@link OncePerIncident}, so a redelivered event does not alert twice */
    public FailureAlerts(AlertSink alerts) {
        this.alerts = alerts;
        this.tiers = null;
        this.priorityOf = null;
    }

    /**
     * Alerts routed by the failed execution's priority ({@link TieredAlerts}).
     *
     * @param priorityOf an execution's priority by its id (as stored with it)
     */
    public FailureAlerts(TieredAlerts tiers, java.util.function.Function<String, io.sluice.functions.priority.Priority> priorityOf) {
        this.alerts = null;
        this.tiers = tiers;
        this.priorityOf = priorityOf;
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
        Alert alert = new Alert("execution-failed:" + e.executionId(), Severity.ERROR, title, detail);
        if (tiers != null) {
            tiers.fire(alert, priorityOf.apply(e.executionId()));
        } else {
            alerts.fire(alert);
        }
    }
}
