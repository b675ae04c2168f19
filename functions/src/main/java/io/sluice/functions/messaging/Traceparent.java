package io.sluice.functions.messaging;

import java.util.regex.Pattern;

/**
 * The W3C Trace Context {@code traceparent} value messages carry (https://www.w3.org/TR/trace-context/#traceparent-header):
 * {@code 00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>}, lower case. A message field that is not one is ignored
 * (read as absent), as the recommendation says a receiver does with an invalid header: tracing never refuses a message.
 */
public final class Traceparent {
    /** Version 00; ids of all zeros are invalid. */
    private static final Pattern FORM = Pattern.compile("00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}");
    /** The name of the field every message and outbox entry carries it in. */
    public static final String FIELD = "traceparent";

    private Traceparent() {}

    /** {@code value} when it is a valid traceparent, else null. */
    public static String valid(String value) {
        return value != null && value.length() == 55 && FORM.matcher(value).matches() ? value : null;
    }

    /** The traceparent in {@code json}'s {@link #FIELD}, or null when there is none or it is not valid. */
    public static String of(com.fasterxml.jackson.databind.JsonNode json) {
        com.fasterxml.jackson.databind.JsonNode v = json.get(FIELD);
        return v != null && v.isTextual() ? valid(v.asText()) : null;
    }
}
