package io.sluice.functions.integration.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parses DynamoDB expressions, with their {@code ExpressionAttributeNames} ({@code #n}) and
 * {@code ExpressionAttributeValues} ({@code :v}) substituted. Precedence as DynamoDB's: comparisons and
 * functions, then NOT, AND, OR. A problem is an {@link InvalidExpression} naming the field and the token.
 */
final class ExpressionParser {

    /** A malformed expression; the message names the field, as DynamoDB's ValidationException does. */
    static final class InvalidExpression extends RuntimeException {
        InvalidExpression(String message) {
            super(message);
        }
    }

    private record Token(String kind, String text, int at) {}

    private final String field;
    private final String source;
    private final List<Token> tokens;
    private final JsonNode names;
    private final JsonNode values;
    private final Set<String> usedNames;
    private final Set<String> usedValues;
    private int pos;

    private ExpressionParser(String field, String source, JsonNode names, JsonNode values, Set<String> usedNames, Set<String> usedValues) {
        this.field = field;
        this.source = source;
        this.names = names;
        this.values = values;
        this.usedNames = usedNames;
        this.usedValues = usedValues;
        this.tokens = tokenize(source);
    }

    /** Parses expressions of one request, recording which placeholders they use. */
    static final class Placeholders {
        private final JsonNode names;
        private final JsonNode values;
        private final Set<String> usedNames = new HashSet<>();
        private final Set<String> usedValues = new HashSet<>();

        Placeholders(JsonNode names, JsonNode values) {
            this.names = names;
            this.values = values;
        }

        Condition condition(String field, String text) {
            ExpressionParser p = new ExpressionParser(field, text, names, values, usedNames, usedValues);
            Condition c = p.or();
            p.end();
            return c;
        }

        Update update(String text) {
            ExpressionParser p = new ExpressionParser("UpdateExpression", text, names, values, usedNames, usedValues);
            Update u = p.update();
            p.end();
            return u;
        }

        List<Path> projection(String text) {
            ExpressionParser p = new ExpressionParser("ProjectionExpression", text, names, values, usedNames, usedValues);
            List<Path> out = new ArrayList<>();
            do {
                out.add(p.path());
            } while (p.accept(","));
            p.end();
            return out;
        }

        /** DynamoDB refuses a request that defines placeholders its expressions do not use. */
        void checkAllUsed() {
            for (JsonNode defined : new JsonNode[] {names, values}) {
                if (defined == null || !defined.isObject()) continue;
                Set<String> used = defined == names ? usedNames : usedValues;
                defined.fieldNames().forEachRemaining(n -> {
                    if (!used.contains(n)) {
                        throw new InvalidExpression("Value provided in " + (defined == names ? "ExpressionAttributeNames"
                                : "ExpressionAttributeValues") + " unused in expressions: keys: {" + n + "}");
                    }
                });
            }
        }
    }

    private static List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int start = i;
            if (c == '#' || c == ':' || Character.isLetter(c) || c == '_') {
                i++;
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
                String text = s.substring(start, i);
                out.add(new Token(c == '#' ? "name" : c == ':' ? "value" : "word", text, start));
            } else if (Character.isDigit(c)) {
                while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
                out.add(new Token("number", s.substring(start, i), start));
            } else if (s.startsWith("<>", i) || s.startsWith("<=", i) || s.startsWith(">=", i)) {
                out.add(new Token("op", s.substring(i, i + 2), start));
                i += 2;
            } else if ("=<>(),.[]+-".indexOf(c) >= 0) {
                out.add(new Token("op", String.valueOf(c), start));
                i++;
            } else {
                throw new InvalidExpression("Invalid " + "expression: Syntax error; token: \"" + c + "\", near: \""
                        + near(s, start) + "\"");
            }
        }
        return out;
    }

    private static String near(String s, int at) {
        return s.substring(Math.max(0, at - 10), Math.min(s.length(), at + 10));
    }

    private InvalidExpression syntax(Token t) {
        String token = t == null ? "<EOF>" : t.text();
        return new InvalidExpression("Invalid " + field + ": Syntax error; token: \"" + token + "\", near: \""
                + (t == null ? near(source, source.length()) : near(source, t.at())) + "\"");
    }

    private Token peek() {
        return pos < tokens.size() ? tokens.get(pos) : null;
    }

    private boolean isWord(Token t, String word) {
        return t != null && t.kind().equals("word") && t.text().equalsIgnoreCase(word);
    }

    private boolean accept(String op) {
        Token t = peek();
        if (t != null && t.kind().equals("op") && t.text().equals(op)) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean acceptWord(String word) {
        if (isWord(peek(), word)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String op) {
        if (!accept(op)) throw syntax(peek());
    }

    private void end() {
        if (peek() != null) throw syntax(peek());
    }

    private Condition or() {
        Condition c = and();
        while (acceptWord("OR")) c = new Or(c, and());
        return c;
    }

    private Condition and() {
        Condition c = not();
        while (acceptWord("AND")) c = new And(c, not());
        return c;
    }

    private Condition not() {
        if (acceptWord("NOT")) return new Not(not());
        return primary();
    }

    private static final Set<String> FUNCTIONS = Set.of("attribute_exists", "attribute_not_exists", "attribute_type",
            "begins_with", "contains");

    private Condition primary() {
        Token t = peek();
        if (t == null) throw syntax(null);
        if (t.kind().equals("op") && t.text().equals("(")) {
            pos++;
            Condition c = or();
            expect(")");
            return c;
        }
        if (t.kind().equals("word") && FUNCTIONS.contains(t.text().toLowerCase(Locale.ROOT)) && next("(")) {
            pos++;
            String name = t.text().toLowerCase(Locale.ROOT);
            expect("(");
            List<Operand> args = new ArrayList<>();
            args.add(name.startsWith("attribute_") ? new PathOperand(path()) : operand(false));
            while (accept(",")) args.add(operand(false));
            expect(")");
            int arity = name.startsWith("attribute_e") || name.startsWith("attribute_n") ? 1 : 2;
            if (args.size() != arity) {
                throw new InvalidExpression("Invalid " + field + ": Incorrect number of operands for operator or function; operator"
                        + " or function: " + name + ", number of operands: " + args.size());
            }
            return new Function(name, args);
        }
        Operand left = operand(false);
        Token op = peek();
        if (op != null && op.kind().equals("op") && Set.of("=", "<>", "<", "<=", ">", ">=").contains(op.text())) {
            pos++;
            return new Compare(left, op.text(), operand(false));
        }
        if (acceptWord("BETWEEN")) {
            Operand low = operand(false);
            if (!acceptWord("AND")) throw syntax(peek());
            return new Between(left, low, operand(false));
        }
        if (acceptWord("IN")) {
            expect("(");
            List<Operand> candidates = new ArrayList<>();
            do {
                candidates.add(operand(false));
            } while (accept(","));
            expect(")");
            return new In(left, candidates);
        }
        throw syntax(op);
    }

    private boolean next(String op) {
        Token n = pos + 1 < tokens.size() ? tokens.get(pos + 1) : null;
        return n != null && n.kind().equals("op") && n.text().equals(op);
    }

    /** An operand; in an update's SET, {@code update} allows arithmetic, if_not_exists and list_append. */
    private Operand operand(boolean update) {
        Operand left = term(update);
        if (update) {
            Token t = peek();
            if (t != null && t.kind().equals("op") && (t.text().equals("+") || t.text().equals("-"))) {
                pos++;
                return new Arithmetic(left, t.text().charAt(0), term(true));
            }
        }
        return left;
    }

    private Operand term(boolean update) {
        Token t = peek();
        if (t == null) throw syntax(null);
        if (t.kind().equals("value")) {
            pos++;
            return new Value(t.text(), value(t.text()));
        }
        if (t.kind().equals("word") && next("(")) {
            String fn = t.text().toLowerCase(Locale.ROOT);
            if (fn.equals("size")) {
                pos += 2;
                Path p = path();
                expect(")");
                return new Size(p);
            }
            if (update && fn.equals("if_not_exists")) {
                pos += 2;
                Path p = path();
                expect(",");
                Operand fallback = term(true);
                expect(")");
                return new IfNotExists(p, fallback);
            }
            if (update && fn.equals("list_append")) {
                pos += 2;
                Operand a = term(true);
                expect(",");
                Operand b = term(true);
                expect(")");
                return new ListAppend(a, b);
            }
            throw new InvalidExpression("Invalid " + field + ": Invalid function name; function: " + t.text());
        }
        return new PathOperand(path());
    }

    private Path path() {
        List<Object> steps = new ArrayList<>();
        steps.add(name());
        while (true) {
            if (accept(".")) {
                steps.add(name());
            } else if (accept("[")) {
                Token n = peek();
                if (n == null || !n.kind().equals("number")) throw syntax(n);
                pos++;
                steps.add(Integer.parseInt(n.text()));
                expect("]");
            } else {
                return new Path(List.copyOf(steps));
            }
        }
    }

    private String name() {
        Token t = peek();
        if (t == null) throw syntax(null);
        if (t.kind().equals("name")) {
            pos++;
            usedNames.add(t.text());
            JsonNode n = names == null ? null : names.get(t.text());
            if (n == null || !n.isTextual()) {
                throw new InvalidExpression("Invalid " + field + ": An expression attribute name used in the document path is"
                        + " not defined; attribute name: " + t.text());
            }
            return n.asText();
        }
        if (t.kind().equals("word") && !isKeyword(t)) {
            pos++;
            return t.text();
        }
        throw syntax(t);
    }

    private static boolean isKeyword(Token t) {
        return Set.of("AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE").contains(t.text().toUpperCase(Locale.ROOT));
    }

    private JsonNode value(String name) {
        usedValues.add(name);
        JsonNode v = values == null ? null : values.get(name);
        if (v == null) {
            throw new InvalidExpression("Invalid " + field + ": An expression attribute value used in expression is not defined;"
                    + " attribute value: " + name);
        }
        String problem = AttributeValues.problem(v, "ExpressionAttributeValues." + name);
        if (problem != null) {
            throw new InvalidExpression(problem);
        }
        return v;
    }

    private Update update() {
        List<SetAction> sets = new ArrayList<>();
        List<Path> removes = new ArrayList<>();
        List<AddOrDelete> adds = new ArrayList<>();
        List<AddOrDelete> deletes = new ArrayList<>();
        Set<String> clauses = new HashSet<>();
        if (peek() == null) throw syntax(null);
        while (peek() != null) {
            Token clause = peek();
            String word = clause.kind().equals("word") ? clause.text().toUpperCase(Locale.ROOT) : "";
            if (!Set.of("SET", "REMOVE", "ADD", "DELETE").contains(word)) throw syntax(clause);
            if (!clauses.add(word)) {
                throw new InvalidExpression("Invalid UpdateExpression: The \"" + word + "\" section can only be used once in an update expression;");
            }
            pos++;
            do {
                switch (word) {
                    case "SET" -> {
                        Path p = path();
                        expect("=");
                        sets.add(new SetAction(p, operand(true)));
                    }
                    case "REMOVE" -> removes.add(path());
                    case "ADD" -> adds.add(new AddOrDelete(path(), term(false)));
                    default -> deletes.add(new AddOrDelete(path(), term(false)));
                }
            } while (accept(","));
        }
        return new Update(sets, removes, adds, deletes);
    }
}
