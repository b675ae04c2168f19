package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.ErrorNames;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/** Retry and Catch: the shape of each retrier and catcher, and where {@code States.ALL} may stand. */
final class ErrorHandlerRules {
    private static final List<String> RETRIER_FIELDS = List.of("ErrorEquals", "IntervalSeconds", "MaxAttempts",
            "BackoffRate", "MaxDelaySeconds", "JitterStrategy", "Comment");
    private static final List<String> CATCHER_FIELDS = List.of("ErrorEquals", "Next", "ResultPath", "Assign", "Comment");
    private static final List<String> JSONATA_CATCHER_FIELDS = List.of("ErrorEquals", "Next", "Output", "Assign", "Comment");
    /** What an HTTP Task fails with when the endpoint answers an error status: {@code States.Http.StatusCode.429}. */
    private static final java.util.regex.Pattern HTTP_STATUS = java.util.regex.Pattern.compile("States\\.Http\\.StatusCode\\.[1-5][0-9][0-9]");
    private static final Set<String> PREDEFINED = Set.of(ErrorNames.ALL, ErrorNames.TASK_FAILED, ErrorNames.TIMEOUT,
            ErrorNames.HEARTBEAT_TIMEOUT, ErrorNames.RUNTIME, ErrorNames.NO_CHOICE_MATCHED,
            ErrorNames.PARAMETER_PATH_FAILURE, ErrorNames.RESULT_PATH_MATCH_FAILURE, ErrorNames.INTRINSIC_FAILURE,
            ErrorNames.BRANCH_FAILED, ErrorNames.PERMISSIONS, ErrorNames.ITEM_READER_FAILED,
            ErrorNames.EXCEEDED_TOLERATED_FAILURE_THRESHOLD, ErrorNames.DATA_LIMIT_EXCEEDED, "States.ResultWriterFailed",
            ErrorNames.QUERY_EVALUATION_ERROR, "States.Http.Socket");

    private ErrorHandlerRules() {}

    static void retry(StateContext state, JsonNode value) {
        Report report = state.report();
        Pointer at = state.at("Retry");
        if (!isArrayOfHandlers(report, at, "Retry", value)) return;
        for (int i = 0; i < value.size(); i++) {
            JsonNode retrier = value.get(i);
            Pointer here = at.child(i);
            if (!Fields.object(report, here, "Each Retry entry", retrier)) continue;
            unknownFields(report, here, "retrier", retrier, RETRIER_FIELDS);
            errorEquals(report, here, retrier, "retrier", i == value.size() - 1);
            retrierNumbers(report, here, retrier);
        }
    }

    static void catchers(StateContext state, JsonNode value) {
        Report report = state.report();
        Pointer at = state.at("Catch");
        if (!isArrayOfHandlers(report, at, "Catch", value)) return;
        for (int i = 0; i < value.size(); i++) {
            JsonNode catcher = value.get(i);
            Pointer here = at.child(i);
            if (!Fields.object(report, here, "Each Catch entry", catcher)) continue;
            catcherFields(state, here, catcher);
            errorEquals(report, here, catcher, "catcher", i == value.size() - 1);
            if (catcher.has("Next")) {
                state.machine().checkTarget(report, here.child("Next"), "Next", catcher.get("Next"));
            } else {
                report.error(here, "A catcher needs Next, naming the state to go to when it catches an error.");
            }
            if (catcher.has("ResultPath") && !state.jsonata()) {
                PathRules.resultPath(report, here.child("ResultPath"), "ResultPath", catcher.get("ResultPath"));
            }
            if (catcher.has("Assign")) {
                QueryRules.assign(state, here.child("Assign"), catcher.get("Assign"));
            }
            if (catcher.has("Output") && state.jsonata()) {
                QueryRules.expressions(report, here.child("Output"), "Output", catcher.get("Output"));
            }
            if (catcher.has("Comment")) {
                Fields.string(report, here.child("Comment"), "Comment", catcher.get("Comment"));
            }
        }
    }

    private static void catcherFields(StateContext state, Pointer at, JsonNode catcher) {
        if (!state.jsonata()) {
            if (catcher.has("Output")) {
                state.report().error(at.child("Output"), "Output is a JSONata field, but this catcher's state is written in"
                        + " JSONPath; use ResultPath to place the error output, or make the state JSONata.");
            }
            unknownFields(state.report(), at, "catcher", catcher, CATCHER_FIELDS.contains("Output") ? CATCHER_FIELDS
                    : java.util.stream.Stream.concat(CATCHER_FIELDS.stream(), java.util.stream.Stream.of("Output")).toList());
            return;
        }
        if (catcher.has("ResultPath")) {
            state.report().error(at.child("ResultPath"), "ResultPath is a JSONPath field and is not allowed in a JSONata"
                    + " catcher; use Output, for example {% $merge([$states.input, {'error': $states.errorOutput}]) %}.");
        }
        unknownFields(state.report(), at, "catcher", catcher,
                java.util.stream.Stream.concat(JSONATA_CATCHER_FIELDS.stream(), java.util.stream.Stream.of("ResultPath")).toList());
    }

    private static boolean isArrayOfHandlers(Report report, Pointer at, String field, JsonNode value) {
        if (value.isArray()) return true;
        report.error(at, field + " must be an array of objects, but is " + Fields.describe(value) + ".");
        return false;
    }

    private static void unknownFields(Report report, Pointer at, String what, JsonNode node, List<String> allowed) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!allowed.contains(field)) {
                report.error(at.child(field), "Field " + field + " is not allowed in a " + what + "; a " + what
                        + " allows " + Fields.list(allowed) + ".");
            }
        }
    }

    private static void errorEquals(Report report, Pointer at, JsonNode handler, String what, boolean last) {
        JsonNode names = handler.get("ErrorEquals");
        Pointer here = at.child("ErrorEquals");
        if (names == null) {
            report.error(at, "A " + what + " needs ErrorEquals, a non-empty array of error names such as [\"States.ALL\"].");
            return;
        }
        if (!Fields.nonEmptyArray(report, here, "ErrorEquals", names, "error names")) return;
        boolean hasAll = false;
        for (int i = 0; i < names.size(); i++) {
            JsonNode name = names.get(i);
            if (!name.isTextual() || name.asText().isEmpty()) {
                report.error(here.child(i), "ErrorEquals entries must be non-empty strings naming errors, but this one is "
                        + Fields.describe(name) + ".");
                continue;
            }
            hasAll |= name.asText().equals(ErrorNames.ALL);
            errorName(report, here.child(i), what, name.asText());
        }
        if (hasAll && names.size() > 1) {
            report.error(here, "States.ALL must be the only error name in its ErrorEquals, because it already matches every error.");
        }
        if (hasAll && !last) {
            report.error(here, "A " + what + " matching States.ALL must be the last one, or the " + what
                    + "s after it can never match.");
        }
    }

    private static void errorName(Report report, Pointer at, String what, String name) {
        if (ErrorNames.isTerminal(name, true)) {
            // States.DataLimitExceeded is not here: a task's result over the quota fails the task, and its Catch takes it.
            report.warning(at, name + " can never be retried or caught, so this " + what + " never matches it.");
        } else if (ErrorNames.isStatesError(name) && !PREDEFINED.contains(name) && !HTTP_STATUS.matcher(name).matches()) {
            report.warning(at, "'" + name + "' is not a predefined error name; names starting with 'States.' are reserved"
                    + " (for example States.ALL, States.TaskFailed, States.Timeout).");
        }
    }

    private static void retrierNumbers(Report report, Pointer at, JsonNode retrier) {
        if (retrier.has("IntervalSeconds")) {
            Fields.positiveInt(report, at.child("IntervalSeconds"), "IntervalSeconds", retrier.get("IntervalSeconds"));
        }
        if (retrier.has("MaxAttempts")) {
            Fields.nonNegativeInt(report, at.child("MaxAttempts"), "MaxAttempts", retrier.get("MaxAttempts"));
        }
        if (retrier.has("MaxDelaySeconds")) {
            Fields.positiveInt(report, at.child("MaxDelaySeconds"), "MaxDelaySeconds", retrier.get("MaxDelaySeconds"));
        }
        JsonNode rate = retrier.get("BackoffRate");
        if (rate != null && !(rate.isNumber() && rate.asDouble() >= 1.0)) {
            report.error(at.child("BackoffRate"), "BackoffRate must be a number of 1.0 or more, but is "
                    + Fields.describe(rate) + ".");
        }
        JsonNode jitter = retrier.get("JitterStrategy");
        if (jitter != null && !(jitter.isTextual() && Set.of("FULL", "NONE").contains(jitter.asText()))) {
            report.error(at.child("JitterStrategy"), "JitterStrategy must be \"FULL\" or \"NONE\", but is "
                    + Fields.describe(jitter) + ".");
        }
        if (retrier.has("Comment")) {
            Fields.string(report, at.child("Comment"), "Comment", retrier.get("Comment"));
        }
    }
}
