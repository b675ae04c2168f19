package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/** One state: its Type, the fields its type allows, then the rules of that type; Wait and Fail live here. */
final class StateRules {
    private static final List<String> WAIT_FIELDS = List.of("Seconds", "SecondsPath", "Timestamp", "TimestampPath");

    private StateRules() {}

    static void check(String name, JsonNode node, Pointer at, Machine machine, Report report) {
        if (!node.isObject()) {
            report.error(at, "State '" + name + "' must be an object with a Type, but is " + Fields.describe(node) + ".");
            return;
        }
        JsonNode typeNode = node.get("Type");
        if (typeNode == null) {
            report.error(at, "State '" + name + "' needs Type, one of " + String.join(", ", StateType.names()) + ".");
            return;
        }
        Optional<StateType> type = typeNode.isTextual() ? StateType.of(typeNode.asText()) : Optional.empty();
        if (type.isEmpty()) {
            report.error(at.child("Type"), "Type must be one of " + String.join(", ", StateType.names()) + ", but is "
                    + Fields.describe(typeNode) + ".");
            return;
        }
        StateContext state = new StateContext(node, at, type.get(), machine, report);
        fields(state);
        switch (state.type()) {
            case TASK -> TaskRules.check(state);
            case CHOICE -> ChoiceRules.check(state);
            case WAIT -> waitRules(state);
            case FAIL -> failRules(state);
            case PARALLEL -> CompositeRules.parallel(state);
            case MAP -> CompositeRules.map(state);
            case PASS, SUCCEED -> { }
        }
        TransitionRules.check(state);
    }

    private static void fields(StateContext state) {
        boolean jsonata = state.jsonata();
        for (Iterator<String> it = state.node().fieldNames(); it.hasNext(); ) {
            String field = it.next();
            JsonNode value = state.get(field);
            Pointer at = state.at(field);
            if (field.equals("Assign") || StateType.JSONATA_FIELDS.contains(field)) {
                queryField(state, field, value, jsonata);
            } else if (jsonata && StateType.JSONPATH_FIELDS.contains(field)) {
                state.report().error(at, field + " is a JSONPath field and is not allowed in a JSONata"
                        + " state; JSONata states use Arguments, Output and {% %} expressions instead.");
            } else if (!state.type().allows(field)) {
                state.report().error(at, state.type().whyNotAllowed(field));
            } else if (field.equals("QueryLanguage")) {
                FieldRules.check(state, field, value);
                if (value.isTextual() && value.asText().equals("JSONPath") && state.machine().jsonata()) {
                    state.report().error(at, "A state of a JSONata state machine cannot be JSONPath; write it in JSONata,"
                            + " or make the state machine JSONPath and set \"QueryLanguage\": \"JSONata\" on its JSONata states.");
                }
            } else if (jsonata && (Fields.isExpression(value) || field.equals("ItemSelector") || field.equals("Credentials"))) {
                QueryRules.expressions(state.report(), at, field, value);
                if (field.equals("Credentials")) {
                    FieldRules.warnIgnored(state.report(), at);
                }
            } else {
                FieldRules.check(state, field, value);
            }
        }
    }

    /** Assign (both languages) and the JSONata fields Arguments, Output and Items. */
    private static void queryField(StateContext state, String field, JsonNode value, boolean jsonata) {
        Pointer at = state.at(field);
        if (!state.type().allowsQueryField(field)) {
            state.report().error(at, state.type().whyNotAllowed(field));
        } else if (field.equals("Assign")) {
            QueryRules.assign(state, at, value);
        } else if (!jsonata) {
            state.report().error(at, field + " is a JSONata field, but this state is written in JSONPath; set"
                    + " \"QueryLanguage\": \"JSONata\" on the state (or the state machine), or use "
                    + switch (field) {
                        case "Output" -> "ResultSelector, ResultPath and OutputPath";
                        case "Items" -> "ItemsPath";
                        default -> "Parameters";
                    } + " instead.");
        } else if (field.equals("Items") && !(value.isArray() || Fields.isExpression(value))) {
            state.report().error(at, "Items must be an array or a JSONata expression such as {% $states.input.orders %},"
                    + " but is " + Fields.describe(value) + ".");
        } else {
            QueryRules.expressions(state.report(), at, field, value);
        }
    }

    private static void waitRules(StateContext state) {
        List<String> present = Fields.present(state.node(), WAIT_FIELDS);
        if (present.size() != 1) {
            state.report().error(state.pointer(), "A Wait state needs exactly one of Seconds, SecondsPath, Timestamp"
                    + " and TimestampPath; " + (present.isEmpty() ? "it has none." : "it has " + Fields.list(present) + "."));
        }
    }

    private static void failRules(StateContext state) {
        Fields.notBoth(state.report(), state.pointer(), state.node(), "Error", "ErrorPath");
        Fields.notBoth(state.report(), state.pointer(), state.node(), "Cause", "CausePath");
    }
}
