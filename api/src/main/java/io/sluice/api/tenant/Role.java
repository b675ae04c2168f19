package io.sluice.api.tenant;

import java.util.Arrays;
import java.util.Optional;

/** What a key may do within its tenant. */
public enum Role {
    /** Read, and start, stop, redrive and complete tasks. */
    OPERATOR("operator"),
    /** Read only: a change answers 403. */
    READER("reader");

    private final String label;

    Role(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static Optional<Role> byLabel(String label) {
        return Arrays.stream(values()).filter(r -> r.label.equals(label)).findFirst();
    }
}
