package io.sluice.functions.trigger.object;

/**
 * What a parser made of one record of an event body. {@code where} locates the record in the body
 * for logs and reports: {@code Records[2]}, {@code [0]}, {@code detail}, {@code objects[1]}.
 */
public sealed interface ParsedRecord {
    String where();

    /** An object-created record, read. */
    record Found(String where, ObjectCreated object) implements ParsedRecord {}

    /** A record (or the whole body) that cannot be read; it is rejected and counted. */
    record Malformed(String where, RejectionReason reason, String detail) implements ParsedRecord {}

    /** A well-formed record about something else (a deletion, a test event); nothing to do. */
    record Ignored(String where, String detail) implements ParsedRecord {}
}
