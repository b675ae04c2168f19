package io.sluice.functions.trigger.object;

/** The shape an event body arrived in, as {@link ObjectEvents} detected it. */
public enum EventFormat {
    /** Amazon S3 event notification: {@code {"Records": [...]}}, directly or inside an SNS envelope. */
    S3_NOTIFICATION,
    /** An Amazon EventBridge event from {@code aws.s3}. */
    EVENTBRIDGE,
    /** Azure Event Grid events in the Event Grid schema ({@code eventType}, {@code eventTime}). */
    EVENT_GRID,
    /** Azure Event Grid events in the CloudEvents 1.0 schema ({@code specversion}, {@code type}). */
    CLOUD_EVENTS,
    /** A {@link LocalFolderEvent} from the local runtime's folder watcher. */
    LOCAL_FOLDER,
    /** Not JSON, or JSON of no shape above. */
    UNKNOWN
}
