package io.sluice.functions.integration.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.integration.dynamodb.Expression.AddOrDelete;
import io.sluice.functions.integration.dynamodb.Expression.And;
import io.sluice.functions.integration.dynamodb.Expression.Arithmetic;
import io.sluice.functions.integration.dynamodb.Expression.Between;
import io.sluice.functions.integration.dynamodb.Expression.Compare;
import io.sluice.functions.integration.dynamodb.Expression.Condition;
import io.sluice.functions.integration.dynamodb.Expression.Function;
import io.sluice.functions.integration.dynamodb.Expression.IfNotExists;
import io.sluice.functions.integration.dynamodb.Expression.In;
import io.sluice.functions.integration.dynamodb.Expression.ListAppend;
import io.sluice.functions.integration.dynamodb.Expression.Not;
import io.sluice.functions.integration.dynamodb.Expression.Operand;
import io.sluice.functions.integration.dynamodb.Expression.Or;
import io.sluice.functions.integration.dynamodb.Expression.Path;
import io.sluice.functions.integration.dynamodb.Expression.PathOperand;
import io.sluice.functions.integration.dynamodb.Expression.SetAction;
import io.sluice.functions.integration.dynamodb.Expression.Size;
import io.sluice.functions.integration.dynamodb.Expression.Update;
import io.sluice.functions.integration.dynamodb.Expression.Value;
import io.sluice.functions.integration.dynamodb.ExpressionParser.InvalidExpression;
import io.sluice.orchestration.json.Json;
import java.math.BigDecimal;
import java.util.Set;

/**
 * Conditions evaluated on an item, and updates applied to one, as DynamoDB does: a comparison with a
 * missing attribute or of two types is false ({@code <>} true), every operand of an update reads the
 * item as it was before the update, and a key attribute cannot be changed.
 */
final class Evaluation {
    private Evaluation() {}

    /** The value at {@code path} in {@code item}, or {@code null} when there is none. */
    static JsonNode resolve(JsonNode item, Path path) {
        JsonNode current = item == null ? null : item.get(path.first());
        for (int i = 1; i < path.steps().size() && current != null; i++) {
            Object step = path.steps().get(i);
            if (step instanceof Integer index) {
                JsonNode list = current.get("L");
                current = list != null && index < list.size() ? list.get(index) : null;
            } else {
                JsonNode map = current.get("M");
                current = map == null ? null : map.get((String) step);
            }
        }
        return current;
    }

    static boolean holds(Condition c, JsonNode item) {
        return switch (c) {
            case And a -> holds(a.left(), item) && holds(a.right(), item);
            case Or o -> holds(o.left(), item) || holds(o.right(), item);
            case Not n -> !holds(n.condition(), item);
            case Compare cmp -> compare(value(cmp.left(), item), cmp.op(), value(cmp.right(), item));
            case Between b -> {
                JsonNode v = value(b.value(), item);
                Integer lo = AttributeValues.compare(v, value(b.low(), item));
                Integer hi = AttributeValues.compare(v, value(b.high(), item));
                yield lo != null && hi != null && lo >= 0 && hi <= 0;
            }
            case In in -> {
                JsonNode v = value(in.value(), item);
                yield in.candidates().stream().anyMatch(x -> AttributeValues.equal(v, value(x, item)));
            }
            case Function f -> function(f, item);
        };
    }

    private static boolean compare(JsonNode a, String op, JsonNode b) {
        if (op.equals("=")) return AttributeValues.equal(a, b);
        if (op.equals("<>")) return !AttributeValues.equal(a, b);
        Integer c = AttributeValues.compare(a, b);
        if (c == null) return false;
        return switch (op) {
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case ">" -> c > 0;
            default -> c >= 0;
        };
    }

    private static boolean function(Function f, JsonNode item) {
        JsonNode first = value(f.args().getFirst(), item);
        return switch (f.name()) {
            case "attribute_exists" -> first != null;
            case "attribute_not_exists" -> first == null;
            case "attribute_type" -> {
                JsonNode t = value(f.args().get(1), item);
                yield first != null && t != null && t.has("S") && t.get("S").asText().equals(AttributeValues.type(first));
            }
            case "begins_with" -> {
                JsonNode prefix = value(f.args().get(1), item);
                yield first != null && prefix != null && (first.has("S") && prefix.has("S")
                        && first.get("S").asText().startsWith(prefix.get("S").asText())
                        || first.has("B") && prefix.has("B") && startsWith(AttributeValues.bytes(first.get("B").asText()),
                        AttributeValues.bytes(prefix.get("B").asText())));
            }
            default -> contains(first, value(f.args().get(1), item));
        };
    }

    private static boolean startsWith(byte[] a, byte[] prefix) {
        if (prefix.length > a.length) return false;
        for (int i = 0; i < prefix.length; i++) if (a[i] != prefix[i]) return false;
        return true;
    }

    private static boolean contains(JsonNode container, JsonNode operand) {
        if (container == null || operand == null) return false;
        String type = AttributeValues.type(container);
        JsonNode x = container.get(type);
        return switch (type) {
            case "S" -> operand.has("S") && x.asText().contains(operand.get("S").asText());
            case "SS", "BS", "NS" -> {
                String member = type.substring(0, 1);
                if (!operand.has(member)) yield false;
                for (JsonNode e : x) {
                    if (AttributeValues.equal(AttributeValues.of(member, e), operand)) yield true;
                }
                yield false;
            }
            case "L" -> {
                for (JsonNode e : x) if (AttributeValues.equal(e, operand)) yield true;
                yield false;
            }
            default -> false;
        };
    }

    /** An operand's value on {@code item}: {@code null} when its path holds nothing. */
    static JsonNode value(Operand o, JsonNode item) {
        return switch (o) {
            case Value v -> v.value();
            case PathOperand p -> resolve(item, p.path());
            case Size s -> size(resolve(item, s.path()));
            case IfNotExists i -> {
                JsonNode current = resolve(item, i.path());
                yield current != null ? current : value(i.fallback(), item);
            }
            case ListAppend l -> {
                JsonNode a = value(l.first(), item);
                JsonNode b = value(l.second(), item);
                if (a == null || b == null || !a.has("L") || !b.has("L")) {
                    throw new InvalidExpression("Invalid UpdateExpression: Incorrect operand type for operator or function;"
                            + " operator or function: list_append, operand type: " + typeOf(a == null || a.has("L") ? b : a));
                }
                ArrayNode joined = Json.NODES.arrayNode();
                joined.addAll((ArrayNode) a.get("L"));
                joined.addAll((ArrayNode) b.get("L"));
                yield AttributeValues.of("L", joined);
            }
            case Arithmetic a -> {
                JsonNode l = value(a.left(), item);
                JsonNode r = value(a.right(), item);
                if (l == null || r == null) {
                    throw new InvalidExpression("The provided expression refers to an attribute that does not exist in the item");
                }
                if (!l.has("N") || !r.has("N")) {
                    throw new InvalidExpression("An operand in the update expression has an incorrect data type");
                }
                BigDecimal x = AttributeValues.number(l.get("N").asText());
                BigDecimal y = AttributeValues.number(r.get("N").asText());
                yield AttributeValues.number(a.op() == '+' ? x.add(y) : x.subtract(y));
            }
        };
    }

    private static String typeOf(JsonNode v) {
        return v == null ? "missing" : AttributeValues.type(v);
    }

    private static JsonNode size(JsonNode v) {
        if (v == null) return null;
        String type = AttributeValues.type(v);
        JsonNode x = v.get(type);
        long n = switch (type) {
            case "S" -> x.asText().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            case "B" -> AttributeValues.bytes(x.asText()).length;
            case "M", "L", "SS", "NS", "BS" -> x.size();
            default -> -1;
        };
        return n < 0 ? null : AttributeValues.number(BigDecimal.valueOf(n));
    }

    /** The item after {@code update}; {@code keys} are the key attributes, which no action may touch. */
    static ObjectNode apply(Update update, ObjectNode before, Set<String> keys) {
        ObjectNode after = before.deepCopy();
        for (SetAction s : update.sets()) {
            guardKey(s.path(), keys);
            put(after, s.path(), value(s.value(), before));
        }
        for (Path p : update.removes()) {
            guardKey(p, keys);
            remove(after, p);
        }
        for (AddOrDelete a : update.adds()) {
            guardKey(a.path(), keys);
            JsonNode current = resolve(before, a.path());
            JsonNode v = value(a.value(), before);
            JsonNode next;
            if (v.has("N")) {
                if (current != null && !current.has("N")) throw wrongType("ADD");
                BigDecimal base = current == null ? BigDecimal.ZERO : AttributeValues.number(current.get("N").asText());
                next = AttributeValues.number(base.add(AttributeValues.number(v.get("N").asText())));
            } else if (v.has("SS") || v.has("NS") || v.has("BS")) {
                if (current != null && !AttributeValues.type(current).equals(AttributeValues.type(v))) throw wrongType("ADD");
                next = current == null ? v : AttributeValues.setOp(current, v, true);
            } else {
                throw wrongType("ADD");
            }
            put(after, a.path(), next);
        }
        for (AddOrDelete d : update.deletes()) {
            guardKey(d.path(), keys);
            JsonNode current = resolve(before, d.path());
            JsonNode v = value(d.value(), before);
            if (!(v.has("SS") || v.has("NS") || v.has("BS"))) throw wrongType("DELETE");
            if (current == null) continue;
            if (!AttributeValues.type(current).equals(AttributeValues.type(v))) throw wrongType("DELETE");
            JsonNode left = AttributeValues.setOp(current, v, false);
            if (left == null) remove(after, d.path());
            else put(after, d.path(), left);
        }
        return after;
    }

    private static InvalidExpression wrongType(String op) {
        return new InvalidExpression("Invalid UpdateExpression: Incorrect operand type for operator or function; operator: " + op);
    }

    private static void guardKey(Path p, Set<String> keys) {
        if (keys.contains(p.first())) {
            throw new InvalidExpression("One or more parameter values were invalid: Cannot update attribute " + p.first()
                    + ". This attribute is part of the key");
        }
    }

    private static void put(ObjectNode item, Path path, JsonNode value) {
        if (path.topLevel()) {
            item.set(path.first(), value);
            return;
        }
        JsonNode parent = resolve(item, new Path(path.steps().subList(0, path.steps().size() - 1)));
        Object last = path.steps().getLast();
        if (last instanceof Integer index && parent != null && parent.has("L")) {
            ArrayNode list = (ArrayNode) parent.get("L");
            if (index < list.size()) list.set(index, value);
            else list.add(value);
        } else if (last instanceof String name && parent != null && parent.has("M")) {
            ((ObjectNode) parent.get("M")).set(name, value);
        } else {
            throw new InvalidExpression("The document path provided in the update expression is invalid for update");
        }
    }

    private static void remove(ObjectNode item, Path path) {
        if (path.topLevel()) {
            item.remove(path.first());
            return;
        }
        JsonNode parent = resolve(item, new Path(path.steps().subList(0, path.steps().size() - 1)));
        Object last = path.steps().getLast();
        if (last instanceof Integer index && parent != null && parent.has("L")) {
            ArrayNode list = (ArrayNode) parent.get("L");
            if (index < list.size()) list.remove(index.intValue());
        } else if (last instanceof String name && parent != null && parent.has("M")) {
            ((ObjectNode) parent.get("M")).remove(name);
        }
    }
}
