package io.sluice.functions.harness;

/**
 * A failure a task function reports on purpose, with a stable ASL error name (such as
 * {@code Glue.JobFailed} or {@code Warehouse.CopyFailed}) that Retry and Catch can name, and whether
 * trying again could help. The message is the ASL {@code Cause}: a sentence a user can act on.
 */
public class TaskError extends RuntimeException {
    private final String errorName;
    private final boolean retryable;

    public TaskError(String errorName, String cause, boolean retryable) {
        super(cause);
        this.errorName = errorName;
        this.retryable = retryable;
    }

    public TaskError(String errorName, String cause, boolean retryable, Throwable source) {
        super(cause, source);
        this.errorName = errorName;
        this.retryable = retryable;
    }

    public String errorName() {
        return errorName;
    }

    public boolean retryable() {
        return retryable;
    }
}
