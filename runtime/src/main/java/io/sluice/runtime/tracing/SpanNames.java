package io.sluice.runtime.tracing;

import io.opentelemetry.api.common.AttributeKey;

/**
 * The catalog of Sluice's spans and their attributes, in one place for the code and {@code docs/tracing.md}. Attributes
 * name what ran and how it ended; never a payload, an input or output, a task token, credentials or an error's cause.
 */
public final class SpanNames {
    private SpanNames() {}

    /** An execution's start (the root of its trace, or a child of whatever started it: a parent execution's task). */
    public static final String START = "sluice.start";
    /** The orchestrator applying one message to an execution: {@code sluice.apply <message type>}. */
    public static final String APPLY = "sluice.apply";
    /** A state entered by a committed transition: {@code sluice.state <state name>}, a child of the span that entered it. */
    public static final String STATE = "sluice.state";
    /** A task function's run on a worker: {@code sluice.task <function>}. */
    public static final String TASK = "sluice.task";

    public static final AttributeKey<String> PIPELINE = AttributeKey.stringKey("sluice.pipeline");
    public static final AttributeKey<String> EXECUTION = AttributeKey.stringKey("sluice.execution.id");
    public static final AttributeKey<String> CHANNEL = AttributeKey.stringKey("sluice.channel");
    public static final AttributeKey<String> MESSAGE = AttributeKey.stringKey("sluice.message");
    public static final AttributeKey<String> STATE_NAME = AttributeKey.stringKey("sluice.state");
    public static final AttributeKey<String> FUNCTION = AttributeKey.stringKey("sluice.function");
    /** The task's retry attempt: 0 for the first run, 1 for the first retry. */
    public static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("sluice.task.attempt");
    /** The status an execution ended with, on the span whose commit ended it. */
    public static final AttributeKey<String> STATUS = AttributeKey.stringKey("sluice.execution.status");
    /** The queue a task came from (OpenTelemetry's messaging convention). */
    public static final AttributeKey<String> QUEUE = AttributeKey.stringKey("messaging.destination.name");
    /** The error's name ({@code States.TaskFailed}, a function's own), OpenTelemetry's {@code error.type}. */
    public static final AttributeKey<String> ERROR = AttributeKey.stringKey("error.type");
}
