package io.sluice.functions.task.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ConfigStore;
import java.util.Optional;

/**
 * A pipeline's own config as written (secret references in place), for a function that takes part of what it does
 * from it rather than from its input — push-export's targets — so that what the platform configured cannot be
 * replaced by a payload. read-config is the one that validates a config; this only reads it.
 */
public final class PipelineConfigs {
    private PipelineConfigs() {}

    /**
     * The config of {@code pipeline}, if the store has one.
     *
     * @throws TaskError {@code Config.Unavailable} (retryable) when the store cannot be read, {@code Config.Invalid} when it is not JSON
     */
    public static Optional<JsonNode> read(ConfigStore store, String pipeline) {
        if (!ConfigNames.valid(pipeline)) {
            return Optional.empty();
        }
        String document = ConfigNames.document(pipeline);
        Optional<String> text;
        try {
            text = store.read(document);
        } catch (RuntimeException e) {
            throw new TaskError(ReadConfig.UNAVAILABLE, "The config store could not be read (" + document + "): " + e.getMessage(), true, e);
        }
        try {
            return text.map(Json::parse);
        } catch (IllegalArgumentException e) {
            throw ConfigErrors.invalid(document + " is " + e.getMessage(), e);
        }
    }
}
