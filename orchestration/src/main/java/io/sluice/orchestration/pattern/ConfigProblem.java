package io.sluice.orchestration.pattern;

import java.util.Objects;

/**
 * One thing wrong with a pattern config.
 *
 * @param pointer an RFC 6901 JSON pointer into the config, {@code ""} for the whole config
 * @param message a sentence a user can act on
 */
public record ConfigProblem(String pointer, String message) {
    public ConfigProblem {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return (pointer.isEmpty() ? "/" : pointer) + ": " + message;
    }
}
