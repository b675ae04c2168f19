package io.sluice.runtime;

import io.sluice.functions.time.SystemRandom;
import io.sluice.functions.alert.OncePerIncident;
import io.sluice.functions.deadletter.DeadLetters;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.IdempotencyStore;
import java.time.Clock;
import java.time.Duration;

/** How every host alerts: each incident at most once an hour (claimed in the idempotency store), and the dead-letter handler. */
public final class Alerting {
    /** How long an incident stays quiet after it fired. */
    public static final Duration QUIET = Duration.ofHours(1);
    /** How long one process holds an incident's claim while it fires. */
    public static final Duration LEASE = Duration.ofSeconds(30);

    private Alerting() {}

    /** {@code sink}, firing each incident once per {@link #QUIET} across every process that shares {@code claims}. */
    public static AlertSink oncePerIncident(AlertSink sink, IdempotencyStore claims, Clock clock, String owner) {
        return oncePerIncident(sink, claims, clock, owner, LEASE);
    }

    /** As {@link #oncePerIncident(AlertSink, IdempotencyStore, Clock, String)}, each claim held for {@code lease} (a drill's short one). */
    public static AlertSink oncePerIncident(AlertSink sink, IdempotencyStore claims, Clock clock, String owner, Duration lease) {
        return new OncePerIncident(sink, claims, clock, QUIET, lease, owner, SystemRandom.SECURE);
    }

    /**
     * The dead-letter handler: records each dead letter in {@code letters} (listed and redriven through the API; may be
     * null) and alerts on it through {@code alerts} (a sink already made {@link #oncePerIncident}).
     */
    public static DeadLetterHandler deadLetters(RuntimePorts ports, QueueNames names, AlertSink alerts, DeadLetters letters) {
        return new DeadLetterHandler(ports.queue(), names, alerts, letters);
    }

    /** As {@link #deadLetters(RuntimePorts, QueueNames, AlertSink, DeadLetters)}, each arrival told to {@code observer} (the runtime's metrics). */
    public static DeadLetterHandler deadLetters(RuntimePorts ports, QueueNames names, AlertSink alerts, DeadLetters letters,
                                                io.sluice.functions.observe.RuntimeObserver observer) {
        return new DeadLetterHandler(ports.queue(), names, alerts, letters, observer);
    }
}
