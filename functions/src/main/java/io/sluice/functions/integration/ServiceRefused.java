package io.sluice.functions.integration;

/**
 * A cloud service refused a call a port made for an integration (a queue that does not exist, access denied), thrown
 * by the host's adapter with the service's own error name ({@code QueueDoesNotExistException}); the handler names it
 * as Step Functions does for the action it runs ({@link ServiceErrors#of}: {@code SQS.QueueDoesNotExistException} or
 * {@code Sqs.QueueDoesNotExistException}). The message is the service's, as the cause.
 */
public final class ServiceRefused extends RuntimeException {
    private final String error;
    private final boolean retryable;

    /** @param error the service's error name, without the service prefix */
    public ServiceRefused(String error, String message, boolean retryable, Throwable source) {
        super(message, source);
        this.error = error;
        this.retryable = retryable;
    }

    public String error() {
        return error;
    }

    public boolean retryable() {
        return retryable;
    }
}
