package io.sluice.orchestration.error;

/**
 * A failure raised while the interpreter evaluates a state (a path that selects nothing, an
 * intrinsic given a wrong argument). It becomes the state's error, with the ASL error name, and
 * goes through the state's Retry and Catch like a task failure.
 */
public class AslException extends RuntimeException {
    private final String error;

    public AslException(String error, String cause) {
        super(cause, null, false, false);
        this.error = error;
    }

    /** The ASL error name, e.g. {@code States.ParameterPathFailure}. */
    public String error() {
        return error;
    }

    /** The sentence that explains the failure (the ASL {@code Cause}). */
    public String cause() {
        return getMessage();
    }
}
