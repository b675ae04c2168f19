package io.sluice.functions.control.recover;

/** A block or backfill request that cannot be carried out: the field at fault, what was expected, and what was given. */
public final class InvalidRecovery extends IllegalArgumentException {
    private final String field;
    private final String expected;
    private final String given;

    public InvalidRecovery(String field, String expected, String given) {
        super(field + ": expected " + expected + (given == null ? "" : ", got '" + given + "'"));
        this.field = field;
        this.expected = expected;
        this.given = given;
    }

    public String field() {
        return field;
    }

    public String expected() {
        return expected;
    }

    public String given() {
        return given;
    }
}
