package io.sluice.functions.harness;

import io.sluice.functions.tenancy.OwnerRefused;

/**
 * Turns what a task function threw into an ASL error. A {@link TaskError} keeps its name; anything
 * else is named by its class, as AWS Lambda's Java runtime names it (so {@code ErrorEquals:
 * ["java.lang.IllegalStateException"]} works the same on every platform), and is retryable unless it
 * is a programming error.
 */
public record ErrorMapping(String error, String cause, boolean retryable) {

    public static ErrorMapping of(Throwable t) {
        if (t instanceof TaskError e) {
            return new ErrorMapping(e.errorName(), String.valueOf(e.getMessage()), e.retryable());
        }
        if (t instanceof OwnerRefused refused) {
            return new ErrorMapping(refused.errorName(), String.valueOf(refused.getMessage()), false);
        }
        boolean programming = t instanceof IllegalArgumentException || t instanceof NullPointerException
                || t instanceof ClassCastException || t instanceof UnsupportedOperationException;
        String cause = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return new ErrorMapping(t.getClass().getName(), cause, !programming);
    }
}
