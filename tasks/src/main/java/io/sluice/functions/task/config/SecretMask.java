package io.sluice.functions.task.config;

import io.sluice.functions.task.config.SecretReferences.Reference;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Keeps secret values out of messages: every value is masked wherever it appears, and a message about
 * a value that came from a secret says so instead of showing it.
 */
final class SecretMask {
    private static final String MASK = "***";

    private final List<Reference> references;
    private final List<String> values;

    SecretMask(List<Reference> references, Collection<String> values) {
        this.references = List.copyOf(references);
        // Longest first, so that a value containing another is masked whole.
        this.values = values.stream().filter(v -> !v.isEmpty()).sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }

    /** {@code message}, about the value at {@code pointer}, with no secret value in it. */
    String apply(String pointer, String message) {
        String masked = message == null ? "" : message;
        for (String value : values) {
            masked = masked.replace(value, MASK);
        }
        for (Reference r : references) {
            if (pointer.equals(r.pointer()) || pointer.startsWith(r.pointer() + "/")) {
                return masked + " (the value comes from secret '" + r.name() + "' and is not shown)";
            }
        }
        return masked;
    }
}
