package io.sluice.functions.trigger.schedule;

/**
 * A schedule expression, zone or policy that cannot be used. The message names the expression, the
 * field at fault and what was expected there; {@link #field()} is that field's name, or
 * {@code null} when the problem is the expression as a whole.
 */
public final class ScheduleSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String field;

    ScheduleSyntaxException(String expression, String field, String problem) {
        super("'" + expression + "': " + (field == null ? "" : "the " + field + " field ") + problem);
        this.field = field;
    }

    /** The field at fault, e.g. {@code "hours"}; {@code null} for the expression as a whole. */
    public String field() {
        return field;
    }
}
