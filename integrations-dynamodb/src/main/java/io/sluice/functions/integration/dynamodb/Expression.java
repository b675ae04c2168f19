package io.sluice.functions.integration.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** The parsed forms of DynamoDB's condition, key condition, update and projection expressions. */
final class Expression {
    private Expression() {}

    /** A document path: attribute names and list indices, {@code a.b[2].c}. */
    record Path(List<Object> steps) {
        String first() {
            return (String) steps.getFirst();
        }

        boolean topLevel() {
            return steps.size() == 1;
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder();
            for (Object s : steps) {
                if (s instanceof Integer i) b.append('[').append(i).append(']');
                else b.append(b.isEmpty() ? "" : ".").append(s);
            }
            return b.toString();
        }
    }

    /** Something that gives a value: a path, an expression attribute value, a function, or arithmetic (updates). */
    sealed interface Operand permits PathOperand, Value, Size, IfNotExists, ListAppend, Arithmetic {}

    record PathOperand(Path path) implements Operand {}

    record Value(String name, JsonNode value) implements Operand {}

    record Size(Path path) implements Operand {}

    record IfNotExists(Path path, Operand fallback) implements Operand {}

    record ListAppend(Operand first, Operand second) implements Operand {}

    record Arithmetic(Operand left, char op, Operand right) implements Operand {}

    /** A condition: a comparison, BETWEEN, IN, a function, or AND/OR/NOT of conditions. */
    sealed interface Condition permits Compare, Between, In, Function, And, Or, Not {}

    record Compare(Operand left, String op, Operand right) implements Condition {}

    record Between(Operand value, Operand low, Operand high) implements Condition {}

    record In(Operand value, List<Operand> candidates) implements Condition {}

    /** {@code attribute_exists}, {@code attribute_not_exists}, {@code attribute_type}, {@code begins_with}, {@code contains}. */
    record Function(String name, List<Operand> args) implements Condition {}

    record And(Condition left, Condition right) implements Condition {}

    record Or(Condition left, Condition right) implements Condition {}

    record Not(Condition condition) implements Condition {}

    /** An UpdateExpression's actions, by clause. */
    record Update(List<SetAction> sets, List<Path> removes, List<AddOrDelete> adds, List<AddOrDelete> deletes) {}

    record SetAction(Path path, Operand value) {}

    record AddOrDelete(Path path, Operand value) {}
}
