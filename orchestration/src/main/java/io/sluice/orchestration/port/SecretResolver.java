package io.sluice.orchestration.port;

import java.util.Optional;

/**
 * Secrets by name, for {@code {"secret": "name"}} references in domain configs. Implementations and
 * their callers never log, print or put a value in an exception message; {@code toString()} shows
 * no values either.
 */
public interface SecretResolver {

    /** The secret's value, if a secret of that name exists. */
    Optional<String> resolve(String name);
}
