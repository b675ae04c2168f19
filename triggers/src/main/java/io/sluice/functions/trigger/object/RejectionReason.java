package io.sluice.functions.trigger.object;

/** Why an event or a record in it started nothing and never will; the code names the metric. */
public enum RejectionReason {
    /** The body is not JSON. */
    MALFORMED_JSON("malformed-json"),
    /** The body is JSON of no known event shape. */
    UNKNOWN_FORMAT("unknown-format"),
    /** A record of a known shape lacks a field, or has one of the wrong type. */
    MALFORMED_RECORD("malformed-record"),
    /** The bucket or container name is empty, too long or holds characters no store allows. */
    INVALID_BUCKET("invalid-bucket"),
    /** The key could climb out of its bucket, holds control characters, or is too long. */
    INVALID_KEY("invalid-key"),
    /** A rule matched but the key does not carry the partition the rule parses from it. */
    NO_PARTITION("no-partition"),
    /** The partition read from the key, or the input's {@code partition}, is not one (see {@code Partitions}). */
    INVALID_PARTITION("invalid-partition"),
    /** The starter refused the execution for good, for example because the pipeline is not deployed. */
    REFUSED("refused");

    private final String code;

    RejectionReason(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
