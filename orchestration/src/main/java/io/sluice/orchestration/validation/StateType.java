package io.sluice.orchestration.validation;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The eight ASL state types, with the fields each allows in a JSONPath definition. */
enum StateType {
    TASK("Task", true, "InputPath", "OutputPath", "ResultPath", "Parameters", "ResultSelector", "Retry", "Catch",
            "Resource", "TimeoutSeconds", "TimeoutSecondsPath", "HeartbeatSeconds", "HeartbeatSecondsPath", "Credentials"),
    PASS("Pass", true, "InputPath", "OutputPath", "ResultPath", "Parameters", "Result"),
    CHOICE("Choice", false, "InputPath", "OutputPath", "Choices", "Default"),
    WAIT("Wait", true, "InputPath", "OutputPath", "Seconds", "SecondsPath", "Timestamp", "TimestampPath"),
    SUCCEED("Succeed", false, "InputPath", "OutputPath"),
    FAIL("Fail", false, "Error", "ErrorPath", "Cause", "CausePath"),
    PARALLEL("Parallel", true, "InputPath", "OutputPath", "ResultPath", "Parameters", "ResultSelector", "Retry", "Catch",
            "Branches"),
    MAP("Map", true, "InputPath", "OutputPath", "ResultPath", "Parameters", "ResultSelector", "Retry", "Catch",
            "ItemProcessor", "Iterator", "ItemsPath", "ItemSelector", "MaxConcurrency", "MaxConcurrencyPath",
            "ItemReader", "ItemBatcher", "ResultWriter", "ToleratedFailurePercentage", "ToleratedFailurePercentagePath",
            "ToleratedFailureCount", "ToleratedFailureCountPath", "Label");

    /** Fields of a distributed Map only ({@link DistributedMapRules}). */
    static final Set<String> DISTRIBUTED_MAP_FIELDS = Set.of("ItemReader", "ItemBatcher", "ResultWriter",
            "ToleratedFailurePercentage", "ToleratedFailurePercentagePath", "ToleratedFailureCount",
            "ToleratedFailureCountPath", "Label");

    /** Fields that exist only in JSONata states. */
    static final Set<String> JSONATA_FIELDS = Set.of("Arguments", "Output", "Items");

    /** Whether a state of this type may have {@code field}, one of {@link #JSONATA_FIELDS} or Assign. */
    boolean allowsQueryField(String field) {
        return switch (field) {
            case "Assign" -> this != SUCCEED && this != FAIL;
            case "Output" -> this != FAIL;
            case "Arguments" -> this == TASK || this == PARALLEL;
            case "Items" -> this == MAP;
            default -> false;
        };
    }

    /** Fields that exist only in JSONPath states; a JSONata state uses Arguments, Output and expressions instead. */
    static final Set<String> JSONPATH_FIELDS = Set.of("InputPath", "OutputPath", "ResultPath", "Parameters",
            "ResultSelector", "ItemsPath", "SecondsPath", "TimestampPath", "TimeoutSecondsPath", "HeartbeatSecondsPath",
            "MaxConcurrencyPath", "ErrorPath", "CausePath", "ToleratedFailurePercentagePath", "ToleratedFailureCountPath");

    private final String text;
    private final boolean flowsOn;
    private final Set<String> allowed;

    StateType(String text, boolean flowsOn, String... own) {
        this.text = text;
        this.flowsOn = flowsOn;
        LinkedHashSet<String> fields = new LinkedHashSet<>(List.of("Type", "Comment", "QueryLanguage"));
        if (flowsOn) {
            fields.addAll(List.of("Next", "End"));
        }
        fields.addAll(Arrays.asList(own));
        this.allowed = fields;
    }

    static Optional<StateType> of(String text) {
        return Arrays.stream(values()).filter(t -> t.text.equals(text)).findFirst();
    }

    static List<String> names() {
        return Arrays.stream(values()).map(StateType::text).toList();
    }

    String text() {
        return text;
    }

    /** Whether the state goes on to another (Next) or ends the machine (End); Choice, Succeed and Fail do neither. */
    boolean flowsOn() {
        return flowsOn;
    }

    boolean allows(String field) {
        return allowed.contains(field);
    }

    Set<String> allowed() {
        return allowed;
    }

    /** Why {@code field} may not appear in a state of this type, as a sentence. */
    String whyNotAllowed(String field) {
        if (field.equals("Assign") || JSONATA_FIELDS.contains(field)) {
            return field + " is not allowed in a " + text + " state; " + switch (field) {
                case "Assign" -> "Succeed and Fail states end their machine, so there is nothing to assign for.";
                case "Output" -> "a Fail state has no output, only Error and Cause.";
                case "Arguments" -> "only Task and Parallel states take Arguments.";
                default -> "only Map states take Items.";
            };
        }
        if ((field.equals("Next") || field.equals("End")) && !flowsOn) {
            return "A " + text + " state must not have " + field + "; " + (this == CHOICE
                    ? "it goes on through the Next of its Choices and its Default."
                    : "it always ends its state machine.");
        }
        return "Field " + field + " is not allowed in a " + text + " state; a " + text + " state allows "
                + Fields.list(allowed) + ".";
    }
}
