package io.sluice.functions.tenancy;

/**
 * A run was refused something its owner may not do: touch data with no owner ({@value Owner#NO_OWNER}), or act for a
 * pipeline it has none of ({@value Owner#NO_PIPELINE}). A task fails with this ASL error name; trying again cannot help.
 * (It is not a {@code TaskError} only because the harness, where that lives, depends on this package.)
 */
public final class OwnerRefused extends RuntimeException {
    private final String errorName;

    OwnerRefused(String errorName, String cause) {
        super(cause, null, false, false);
        this.errorName = errorName;
    }

    /** The ASL error name. */
    public String errorName() {
        return errorName;
    }
}
