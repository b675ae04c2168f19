package io.sluice.api.sfn;

/**
 * A request the Step Functions API refuses, answered as the service does: the code, its HTTP status and a
 * message. Thrown by the operations and turned into the error body at one place ({@link SfnApi}), which is
 * what the service's protocol is: any operation may answer any of its errors instead of its output.
 */
public final class SfnException extends RuntimeException {
    private final SfnError error;

    public SfnException(SfnError error, String message) {
        super(message, null, false, false);
        this.error = error;
    }

    public SfnError error() {
        return error;
    }
}
