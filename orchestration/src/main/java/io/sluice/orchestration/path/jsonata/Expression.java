package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.JException;
import com.dashjoin.jsonata.Jsonata;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.path.PathSyntaxException;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One compiled JSONata expression, the text between {@code {%} and {@code %}}, with the workflow
 * variables it may read (so an evaluation binds only those) and the field it stands in (for errors).
 */
public final class Expression {
    private static final Pattern VARIABLE = Pattern.compile("\\$([\\p{L}_][\\p{L}\\p{N}_]*)");

    private final String text;
    private final String field;
    private final Jsonata compiled;
    private final Set<String> variables;
    private final boolean readsContext;
    /** {@code $exists((text))}, compiled when first needed: the library gives JSON null and undefined alike as Java null. */
    private volatile Jsonata exists;

    private Expression(String text, String field, Jsonata compiled, Set<String> variables, boolean readsContext) {
        this.text = text;
        this.field = field;
        this.compiled = compiled;
        this.variables = variables;
        this.readsContext = readsContext;
    }

    /** Whether {@code value} is a string of the form <code>{% expression %}</code>. */
    public static boolean isExpression(JsonNode value) {
        return value != null && value.isTextual() && isExpression(value.asText());
    }

    /**
     * Only a string that begins with <code>{%</code> and ends with <code>%}</code> is an expression: with
     * white space around them it is a literal, as AWS records (conformance/jsonata-literals.json).
     */
    public static boolean isExpression(String text) {
        return text.length() >= 4 && text.startsWith("{%") && text.endsWith("%}");
    }

    /**
     * Compiles the expression in {@code text} (with its <code>{% %}</code>); {@code field} names where it
     * stands, such as {@code Arguments.orderId}. Throws {@link PathSyntaxException} when it does not parse.
     */
    public static Expression compile(String text, String field) {
        String body = text.substring(2, text.length() - 2).strip();
        if (body.isEmpty()) {
            throw new PathSyntaxException(text, "the expression between {% and %} is empty");
        }
        Jsonata compiled;
        try {
            compiled = Jsonata.jsonata(body);
        } catch (JException | IllegalArgumentException e) {
            throw new PathSyntaxException(text, "JSONata cannot parse it: " + e.getMessage());
        } catch (RuntimeException e) {
            // The parser's own faults on malformed text (a ClassCastException, found by fuzzing) are still bad text.
            throw new PathSyntaxException(text, "JSONata cannot parse it (" + e.getClass().getSimpleName().replace("Exception", "")
                    + " in the parser)");
        } catch (StackOverflowError e) {
            throw new PathSyntaxException(text, "JSONata cannot parse it: it nests too deeply");
        }
        Set<String> names = new LinkedHashSet<>();
        Matcher m = VARIABLE.matcher(body);
        while (m.find()) {
            String name = m.group(1);
            if (!name.equals("states") && !PureFunctions.NAMES.contains(name)) {
                names.add(name);
            }
        }
        return new Expression(body, field, compiled, Set.copyOf(names), body.contains("$states") && body.contains("context"));
    }

    public String text() {
        return text;
    }

    public String field() {
        return field;
    }

    Set<String> variables() {
        return variables;
    }

    boolean readsContext() {
        return readsContext;
    }

    /**
     * The value, or {@code null} when the expression gives nothing (JSONata's undefined). A failure is
     * {@code States.QueryEvaluationError} with a cause naming the field and the reason.
     */
    JsonNode evaluate(Evaluation evaluation) {
        Object value;
        try {
            evaluation.budget().begin();
            value = compiled.evaluate(evaluation.input(), evaluation.frame());
        } catch (JException e) {
            throw failure(e.getError() != null && e.getError().matches("[A-Z]\\d{4}") ? e.getError() + ": " + reason(e.getMessage())
                    : reason(e.getMessage()));
        } catch (StepBudget.Exceeded e) {
            throw failure(reason(e.getMessage()));
        } catch (RuntimeException e) {
            StepBudget.Exceeded spent = spent(e);
            if (spent != null) {
                throw failure(spent.getMessage());
            }
            throw failure(e.getMessage() == null ? e.getClass().getSimpleName() : reason(e.getMessage()));
        } catch (StackOverflowError e) {
            throw failure("it recurses too deeply");
        }
        if (value == null) {
            return isNull(evaluation) ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : null;
        }
        try {
            return JsonataValues.toJson(value);
        } catch (IllegalArgumentException e) {
            // As AWS words it (LocalStack's aws.validated test_map_state_items_eval_jsonata_fail[function]).
            throw new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "The JSONata expression '" + shorten(text)
                    + "' specified for the field '" + field + "' returned an unsupported result type.");
        }
    }

    /**
     * Whether an expression that gave Java null gave JSON null rather than nothing: the library turns its null into
     * Java null on the way out, so a second evaluation asks {@code $exists}. Only a null result pays for it.
     */
    private boolean isNull(Evaluation evaluation) {
        try {
            Jsonata check = exists;
            if (check == null) {
                check = Jsonata.jsonata("$exists((" + text + "\n))");
                exists = check;
            }
            evaluation.budget().begin();
            return Boolean.TRUE.equals(check.evaluate(evaluation.input(), evaluation.frame()));
        } catch (RuntimeException | StackOverflowError e) {
            return false;
        }
    }

    /** The budget's refusal, when the library wrapped it on its way out. */
    private static StepBudget.Exceeded spent(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StepBudget.Exceeded x) {
                return x;
            }
        }
        return null;
    }

    /**
     * A library message as a reason: the JSONata library puts the class name of an error raised inside a function
     * ({@code "JSonataException $eval is not available..."}) before its message; a user reads the message.
     */
    static String reason(String message) {
        return message == null ? "it failed" : message.replaceFirst("^(?:[\\w$]+\\.)*\\w*Exception:?\\s+", "");
    }

    /** As AWS words it: {@code The JSONata expression '…' specified for the field '…' threw an error during evaluation. T1006: …}. */
    AslException failure(String reason) {
        return new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "The JSONata expression '" + shorten(text)
                + "' specified for the field '" + field + "' threw an error during evaluation. " + reason);
    }

    private static String shorten(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    @Override
    public String toString() {
        return "{% " + text + " %}";
    }
}
