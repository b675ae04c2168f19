package io.sluice.orchestration.validation;

import java.util.Objects;

/**
 * One thing wrong with a definition.
 *
 * @param pointer  an RFC 6901 JSON pointer to the offending value in the definition, {@code ""} for
 *                 the whole definition
 * @param message  a sentence a user can act on: the field, what was found, what was expected
 * @param severity {@link Severity#ERROR} when the definition cannot run, {@link Severity#WARNING}
 *                 when it can but probably not as meant
 */
public record Problem(String pointer, String message, Severity severity) {

    public enum Severity { ERROR, WARNING }

    public Problem {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(severity, "severity");
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString() {
        return severity + " at " + (pointer.isEmpty() ? "(root)" : pointer) + ": " + message;
    }
}
