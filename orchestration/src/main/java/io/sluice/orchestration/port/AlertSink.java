package io.sluice.orchestration.port;

/**
 * Where alerts go (a log, a webhook, a pager). One incident is one alert: callers pass a stable
 * {@link Alert#incidentKey()} and the deduplication in front of the sink fires it once.
 */
@FunctionalInterface
public interface AlertSink {
    /** Drops every alert; for hosts that have no sink configured. */
    AlertSink NONE = alert -> { };

    /** Sends the alert; throws when the sink could not take it (the caller may try again). */
    void fire(Alert alert);

    enum Severity { INFO, WARNING, ERROR, CRITICAL }

    /** @param incidentKey what makes two alerts the same incident, such as {@code execution-failed:<execution id>} */
    record Alert(String incidentKey, Severity severity, String title, String detail) {
        public Alert {
            if (incidentKey == null || incidentKey.isBlank()) {
                throw new IllegalArgumentException("an alert needs an incident key, so it fires once per incident");
            }
        }
    }
}
