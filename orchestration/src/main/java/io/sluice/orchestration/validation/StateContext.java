package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;

/** The state under validation and where it sits, handed to each family of rules. */
record StateContext(JsonNode node, Pointer pointer, StateType type, Machine machine, Report report) {

    /** The pointer to one of this state's fields. */
    Pointer at(String field) {
        return pointer.child(field);
    }

    boolean has(String field) {
        return node.has(field);
    }

    JsonNode get(String field) {
        return node.get(field);
    }

    /** Whether this state is written in JSONata: by its own QueryLanguage or its machine's. */
    boolean jsonata() {
        JsonNode own = node.get("QueryLanguage");
        return own != null && own.isTextual() ? FieldRules.isJsonata(own) : machine.jsonata();
    }
}
