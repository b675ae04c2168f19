package io.sluice.functions.nested;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Names a task's child deterministically from its task token, so every delivery of one dispatch names
 * the same child and starts it once: a UUID, as Step Functions names executions it names itself.
 */
public final class ChildNames {
    private ChildNames() {}

    public static String of(String token) {
        return UUID.nameUUIDFromBytes(token.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
