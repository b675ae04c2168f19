package io.sluice.functions.task.export;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.port.Exporter;
import java.util.function.Function;

/**
 * Exporters for targets described in a pipeline's config, as the export pattern passes them to
 * push-export: where a target is and how to sign in to it are config (changed without a deploy),
 * while how each kind is reached (clients, rate limiters, host keys) is the host's wiring.
 */
@FunctionalInterface
public interface ExportTargets {

    /** Serves no described target: push-export then only knows the targets wired by name. */
    ExportTargets NONE = target -> {
        throw new TaskError(PushExport.INVALID_INPUT, "This push-export knows only the targets it was configured with; name one "
                + "(\"Target\": \"<name>\") instead of describing target '" + target.name() + "'.", false);
    };

    /**
     * The exporter for {@code target}; the same description may return the same exporter again.
     *
     * @throws TaskError {@code Export.InvalidInput} when the description cannot be served (unknown kind, bad endpoint)
     */
    Exporter exporter(Target target);

    /**
     * A target as a config describes it.
     *
     * @param kind               {@code http} or {@code sftp}
     * @param endpoint           an http(s) URL, or {@code sftp://user@host:port/directory}
     * @param credentials        the secret read-config resolved (a bearer token, a password), or {@code null}
     * @param rateLimitPerSecond the most requests a second the target takes, or {@code null} for the host's default
     */
    record Target(String name, String kind, String endpoint, String credentials, Integer rateLimitPerSecond) {

        /**
         * Reads the description; {@code Export.InvalidInput} names what is missing or malformed. Credentials
         * are a {@code {"secret": "<name>"}} reference, which {@code secrets} resolves now, at the moment of
         * use (so the value is never in a config, a state or a history), or, for a hand-written
         * definition, the value itself.
         */
        static Target from(JsonNode json, Function<String, String> secrets) {
            JsonNode credentials = json.path("credentials");
            String value;
            if (credentials.isObject() && credentials.size() == 1 && credentials.path("secret").isTextual()) {
                value = secrets.apply(credentials.get("secret").asText());
            } else if (credentials.isMissingNode() || credentials.isNull()) {
                value = null;
            } else if (credentials.isTextual()) {
                value = credentials.asText();
            } else {
                throw invalid("target '" + json.path("name").asText("?") + "' has credentials that are neither a secret reference,"
                        + " {\"secret\": \"<name>\"}, nor a string.");
            }
            JsonNode rate = json.path("rateLimitPerSecond");
            if (!rate.isMissingNode() && !rate.isNull() && !(rate.canConvertToInt() && rate.asInt() > 0)) {
                throw invalid("target '" + json.path("name").asText("?") + "' needs a positive whole \"rateLimitPerSecond\".");
            }
            return new Target(text(json, "name"), text(json, "kind"), text(json, "endpoint"),
                    value, rate.isIntegralNumber() ? rate.asInt() : null);
        }

        private static String text(JsonNode json, String field) {
            JsonNode v = json.get(field);
            if (v == null || !v.isTextual() || v.asText().isBlank()) {
                throw invalid("a described \"Target\" needs \"" + field + "\" (a non-empty string).");
            }
            return v.asText();
        }

        private static TaskError invalid(String cause) {
            return new TaskError(PushExport.INVALID_INPUT, "push-export: " + cause, false);
        }

        /** Never shows the credentials. */
        @Override
        public String toString() {
            return "Target[" + name + ", " + kind + ", " + endpoint + (credentials == null ? "" : ", credentials ***")
                    + (rateLimitPerSecond == null ? "" : ", " + rateLimitPerSecond + "/s") + "]";
        }
    }
}
