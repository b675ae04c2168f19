package io.sluice.functions.task.config;

import io.sluice.functions.harness.TaskError;
import java.util.List;

/** The errors read-config reports. None is retryable: each needs a change to a config, a schema or a secret. */
final class ConfigErrors {
    static final String NOT_FOUND = "Config.NotFound";
    static final String INVALID = "Config.Invalid";
    static final String SECRET_NOT_FOUND = "Config.SecretNotFound";

    private ConfigErrors() {}

    static TaskError notFound(String cause) {
        return new TaskError(NOT_FOUND, cause, false);
    }

    static TaskError invalid(String cause) {
        return new TaskError(INVALID, cause, false);
    }

    static TaskError invalid(String cause, Throwable source) {
        return new TaskError(INVALID, cause, false, source);
    }

    /** Names each reference by its pointer and secret name; a value never reaches an error. */
    static TaskError secretsNotFound(String config, List<SecretReferences.Reference> missing) {
        StringBuilder cause = new StringBuilder("Config '").append(config).append("' refers to ")
                .append(missing.size() == 1 ? "a secret that does not exist: " : missing.size() + " secrets that do not exist: ");
        for (int i = 0; i < missing.size(); i++) {
            SecretReferences.Reference r = missing.get(i);
            cause.append(i == 0 ? "" : "; ").append(pointer(r.pointer())).append(" names secret '").append(r.name()).append('\'');
        }
        return new TaskError(SECRET_NOT_FOUND, cause.append(". Create the secrets or correct the names.").toString(), false);
    }

    static String pointer(String pointer) {
        return pointer.isEmpty() ? "(root)" : pointer;
    }
}
