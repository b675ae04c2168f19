package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The value of each field a state type allows, checked the same way whatever the type. Rules that
 * relate fields to each other (one of, not both, required) live with each type.
 */
final class FieldRules {
    private FieldRules() {}

    static void check(StateContext state, String field, JsonNode value) {
        Report report = state.report();
        Pointer at = state.at(field);
        switch (field) {
            case "Comment", "Error", "Cause" -> Fields.string(report, at, field, value);
            case "QueryLanguage" -> queryLanguage(report, at, value);
            // They may read a workflow variable ($name), as AWS records (see conformance/variables-in-input-and-output-path.json).
            case "InputPath", "OutputPath" -> PathRules.pathOrNull(report, at, field, value);
            case "Assign" -> QueryRules.assign(state, at, value);
            case "ResultPath" -> PathRules.resultPath(report, at, field, value);
            case "Parameters", "ResultSelector", "ItemSelector" -> PathRules.template(report, at, field, value);
            case "TimeoutSecondsPath", "HeartbeatSecondsPath", "SecondsPath", "TimestampPath", "ItemsPath",
                 "MaxConcurrencyPath" -> PathRules.referencePath(report, at, field, value);
            case "ErrorPath", "CausePath" -> PathRules.pathOrIntrinsic(report, at, field, value);
            case "TimeoutSeconds", "HeartbeatSeconds" -> Fields.positiveInt(report, at, field, value);
            case "Seconds", "MaxConcurrency" -> Fields.nonNegativeInt(report, at, field, value);
            case "Timestamp" -> timestamp(report, at, value);
            case "Retry" -> ErrorHandlerRules.retry(state, value);
            case "Catch" -> ErrorHandlerRules.catchers(state, value);
            case "Credentials" -> credentials(report, at, value);
            default -> {
                // Type, Next, End, Resource, Result, Choices, Default, Branches, ItemProcessor, Iterator:
                // checked with the transitions or by the rules of their state type.
            }
        }
    }

    static boolean isJsonata(JsonNode language) {
        return language != null && language.isTextual() && language.asText().equals("JSONata");
    }

    /** QueryLanguage, at the top or on a state: JSONPath (the default) or JSONata. */
    static void queryLanguage(Report report, Pointer at, JsonNode value) {
        if (!(value.isTextual() && (value.asText().equals("JSONPath") || value.asText().equals("JSONata")))) {
            report.error(at, "QueryLanguage must be \"JSONPath\" or \"JSONata\", but is " + Fields.describe(value) + ".");
        }
    }

    /**
     * Credentials: an object such as {@code {"RoleArn": "..."}} (paths and intrinsics allowed), passed to the
     * host. Only AWS acts on it; elsewhere the task runs with the runtime's own identity, which a warning says.
     */
    private static void credentials(Report report, Pointer at, JsonNode value) {
        if (!value.isObject()) {
            report.error(at, "Credentials must be an object such as {\"RoleArn\": \"arn:aws:iam::123456789012:role/x\"}, but is "
                    + Fields.describe(value) + ".");
            return;
        }
        PathRules.template(report, at, "Credentials", value);
        warnIgnored(report, at);
    }

    static void warnIgnored(Report report, Pointer at) {
        if (report.platform() != io.sluice.orchestration.integration.Platform.AWS) {
            report.warning(at, "Credentials is passed to the host, and platform " + report.platform().id()
                    + " assumes no role: the task runs with the runtime's own identity there.");
        }
    }

    private static void timestamp(Report report, Pointer at, JsonNode value) {
        if (!value.isTextual() || !Timestamps.isValid(value.asText())) {
            report.error(at, "Timestamp must be an RFC 3339 timestamp string such as '2026-11-29T06:00:00Z', but is "
                    + Fields.describe(value) + ".");
        }
    }
}
