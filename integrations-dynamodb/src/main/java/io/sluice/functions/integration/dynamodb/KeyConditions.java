package io.sluice.functions.integration.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.integration.dynamodb.Expression.Between;
import io.sluice.functions.integration.dynamodb.Expression.Compare;
import io.sluice.functions.integration.dynamodb.Expression.Condition;
import io.sluice.functions.integration.dynamodb.Expression.Function;
import io.sluice.functions.integration.dynamodb.Expression.PathOperand;
import io.sluice.functions.integration.dynamodb.Expression.Value;
import io.sluice.functions.integration.dynamodb.ExpressionParser.InvalidExpression;
import java.util.ArrayList;
import java.util.List;

/** A query's {@code KeyConditionExpression} read as DynamoDB allows it: the partition key's value and one sort-key condition. */
final class KeyConditions {
    private KeyConditions() {}

    /** The partition key's value, and the sort key's condition ({@code null} for none). */
    record KeyQuery(JsonNode partition, Condition sort) {}

    /** A key condition: {@code pk = :v}, and at most one condition on the sort key of the forms DynamoDB allows. */
    static KeyQuery of(Condition c, TableSchema table) {
        List<Condition> parts = new ArrayList<>();
        flattenAnd(c, parts);
        JsonNode partition = null;
        Condition sort = null;
        for (Condition part : parts) {
            if (part instanceof Compare cmp && cmp.op().equals("=") && onKey(cmp.left(), table.partitionKey())
                    && cmp.right() instanceof Value v && partition == null) {
                partition = v.value();
            } else if (table.sortKey() != null && sort == null && sortCondition(part, table.sortKey())) {
                sort = part;
            } else {
                throw new InvalidExpression("Query key condition not supported: a KeyConditionExpression is '"
                        + table.partitionKey() + " = :value'" + (table.sortKey() == null ? "" : ", optionally AND one of =, <, <=, >, >=,"
                        + " BETWEEN or begins_with on " + table.sortKey()));
            }
        }
        if (partition == null) {
            throw new InvalidExpression("Query condition missed key schema element: " + table.partitionKey());
        }
        return new KeyQuery(partition, sort);
    }

    private static void flattenAnd(Condition c, List<Condition> out) {
        if (c instanceof Expression.And a) {
            flattenAnd(a.left(), out);
            flattenAnd(a.right(), out);
        } else {
            out.add(c);
        }
    }

    private static boolean onKey(Expression.Operand o, String key) {
        return o instanceof PathOperand p && p.path().topLevel() && p.path().first().equals(key);
    }

    private static boolean sortCondition(Condition c, String sortKey) {
        return switch (c) {
            case Compare cmp -> !cmp.op().equals("<>") && onKey(cmp.left(), sortKey) && cmp.right() instanceof Value;
            case Between b -> onKey(b.value(), sortKey) && b.low() instanceof Value && b.high() instanceof Value;
            case Function f -> f.name().equals("begins_with") && onKey(f.args().get(0), sortKey) && f.args().get(1) instanceof Value;
            default -> false;
        };
    }
}
