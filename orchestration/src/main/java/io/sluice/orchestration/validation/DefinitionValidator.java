package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.integration.Platform;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Validates an Amazon States Language definition (JSONPath flavour) on its raw JSON tree, before
 * any model is built, and reports every problem at once: each with a JSON pointer into the
 * definition and a sentence that says what to change.
 *
 * <p>Paths and payload templates are checked by compiling them with the same parsers the
 * interpreter uses, so a definition without errors here compiles there. What Sluice cannot run yet
 * (distributed Map) is an error; what cannot run on the platform validated for (an unmapped service
 * integration, an activity) and states that can never run are warnings.
 */
public final class DefinitionValidator {
    private static final List<String> TOP_LEVEL_FIELDS =
            List.of("Comment", "StartAt", "States", "Version", "TimeoutSeconds", "QueryLanguage");

    /** Problems in pointer order, numeric steps compared as numbers; then errors before warnings. */
    private static final Comparator<Problem> ORDER = Comparator
            .comparing(Problem::pointer, DefinitionValidator::comparePointers)
            .thenComparing(Problem::severity)
            .thenComparing(Problem::message);

    private DefinitionValidator() {}

    /** Every problem in {@code definition} for the local platform; an empty list when there is none. */
    public static List<Problem> validate(JsonNode definition) {
        return validate(definition, Platform.LOCAL);
    }

    /**
     * Every problem in {@code definition}, where each Task state whose resource cannot run on {@code platform}
     * (as {@link io.sluice.orchestration.integration.IntegrationCatalog} says) is a warning naming the state,
     * the resource and the platform.
     */
    public static List<Problem> validate(JsonNode definition, Platform platform) {
        Report report = new Report(platform);
        if (definition == null || !definition.isObject()) {
            report.error(Pointer.ROOT, "A definition must be a JSON object with StartAt and States, but is "
                    + Fields.describe(definition) + ".");
            return List.copyOf(report.problems());
        }
        MachineRules.validate(definition, Pointer.ROOT, "state machine", TOP_LEVEL_FIELDS, null, report);
        topLevelFields(definition, report);
        UniqueNames.check(definition, report);
        List<Problem> problems = new ArrayList<>(report.problems());
        problems.sort(ORDER);
        return List.copyOf(problems);
    }

    /** Whether {@code problems} has no error; warnings do not stop a definition from running. */
    public static boolean isValid(List<Problem> problems) {
        return problems.stream().noneMatch(Problem::isError);
    }

    private static void topLevelFields(JsonNode definition, Report report) {
        JsonNode version = definition.get("Version");
        if (version != null) {
            Fields.string(report, Pointer.ROOT.child("Version"), "Version", version);
        }
        JsonNode timeout = definition.get("TimeoutSeconds");
        if (timeout != null) {
            Fields.positiveInt(report, Pointer.ROOT.child("TimeoutSeconds"), "TimeoutSeconds", timeout);
        }
        JsonNode language = definition.get("QueryLanguage");
        if (language != null) {
            FieldRules.queryLanguage(report, Pointer.ROOT.child("QueryLanguage"), language);
        }
    }

    private static int comparePointers(String a, String b) {
        String[] left = a.split("/", -1);
        String[] right = b.split("/", -1);
        for (int i = 0; i < Math.min(left.length, right.length); i++) {
            int c = compareSteps(left[i], right[i]);
            if (c != 0) return c;
        }
        return Integer.compare(left.length, right.length);
    }

    private static int compareSteps(String a, String b) {
        boolean numbers = !a.isEmpty() && !b.isEmpty() && a.length() < 10 && b.length() < 10
                && a.chars().allMatch(Character::isDigit) && b.chars().allMatch(Character::isDigit);
        return numbers ? Integer.compare(Integer.parseInt(a), Integer.parseInt(b)) : a.compareTo(b);
    }
}
