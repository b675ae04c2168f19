package io.sluice.duckdb;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills a job script's {@code ${name}} placeholders so that no value can change what the script
 * says. The script is read as DuckDB reads it, and each placeholder is filled for where it stands:
 * <ul>
 *   <li>inside a string literal ({@code '${input}'}): the value with its quotes doubled (and, in an
 *       {@code E'...'} literal, its backslashes too), so it cannot end the literal;</li>
 *   <li>inside a quoted identifier ({@code "${column}"}): the value with its double quotes doubled;</li>
 *   <li>anywhere else in the code ({@code LIMIT ${n}}): the value as a quoted string literal, never
 *       as code;</li>
 *   <li>inside a comment: not filled at all (a comment runs to the end of its line, so a value there
 *       could only ever add code), though its value is checked as any other;</li>
 *   <li>inside a dollar-quoted string ({@code $$...$$}), which no quoting can make safe: refused.</li>
 * </ul>
 * A value with a control character (a newline, say) is refused outright: job arguments are one line
 * of text. So is one with a {@code ..} path segment, which no argument of a job over the data folder
 * needs.
 */
final class SqlPlaceholders {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)}");
    private static final Pattern DOLLAR_QUOTE = Pattern.compile("\\$(?:[A-Za-z_][A-Za-z0-9_]*)?\\$");

    private final String script;
    private final Map<String, String> values;
    private final StringBuilder out = new StringBuilder();

    private SqlPlaceholders(String script, Map<String, String> values) {
        this.script = script;
        this.values = values;
    }

    /** The script with every placeholder filled; {@link IllegalArgumentException} naming a missing or refused argument. */
    static String fill(String script, Map<String, String> values) {
        return new SqlPlaceholders(script, values).fill();
    }

    private String fill() {
        int i = 0;
        int n = script.length();
        while (i < n) {
            char c = script.charAt(i);
            if (c == '\'') {
                i = quoted(i, '\'', escapeString(i));
            } else if (c == '"') {
                i = quoted(i, '"', false);
            } else if (script.startsWith("--", i)) {
                int nl = script.indexOf('\n', i);
                i = comment(i, nl < 0 ? n : nl + 1);
            } else if (script.startsWith("/*", i)) {
                int close = script.indexOf("*/", i + 2);
                i = comment(i, close < 0 ? n : close + 2);
            } else if (c == '$' && script.startsWith("${", i)) {
                i = placeholder(i, value -> out.append('\'').append(value.replace("'", "''")).append('\''));
            } else if (c == '$' && dollarQuote(i) != null) {
                i = dollarQuoted(i, dollarQuote(i));
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Copies the literal or identifier opened at {@code start}, filling its placeholders; returns the index after it. */
    private int quoted(int start, char quote, boolean backslashes) {
        out.append(quote);
        int i = start + 1;
        while (i < script.length()) {
            char c = script.charAt(i);
            if (c == quote && i + 1 < script.length() && script.charAt(i + 1) == quote) {
                out.append(quote).append(quote);
                i += 2;
            } else if (c == quote) {
                out.append(quote);
                return i + 1;
            } else if (backslashes && c == '\\' && i + 1 < script.length()) {
                out.append(c).append(script.charAt(i + 1));
                i += 2;
            } else if (script.startsWith("${", i)) {
                String q = String.valueOf(quote);
                i = placeholder(i, value -> {
                    String v = value.replace(q, q + q);
                    out.append(backslashes ? v.replace("\\", "\\\\") : v);
                });
            } else {
                out.append(c);
                i++;
            }
        }
        return i;
    }

    /** Whether the literal at {@code quote} is an {@code E'...'} one, in which a backslash escapes. */
    private boolean escapeString(int quote) {
        if (quote == 0 || Character.toLowerCase(script.charAt(quote - 1)) != 'e') {
            return false;
        }
        return quote == 1 || !isWordChar(script.charAt(quote - 2));
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private String dollarQuote(int i) {
        if (i > 0 && isWordChar(script.charAt(i - 1))) {
            return null; // $ inside a word, not an opening quote
        }
        Matcher m = DOLLAR_QUOTE.matcher(script).region(i, script.length());
        return m.lookingAt() ? m.group() : null;
    }

    private int dollarQuoted(int start, String tag) {
        int close = script.indexOf(tag, start + tag.length());
        int end = close < 0 ? script.length() : close + tag.length();
        Matcher m = PLACEHOLDER.matcher(script).region(start, end);
        if (m.find()) {
            throw new IllegalArgumentException("The script uses ${" + m.group(1) + "} inside the dollar-quoted string " + tag + "..." + tag
                    + ", where no value can be quoted safely; put the placeholder in a '...' literal instead.");
        }
        return copy(start, end);
    }

    /** Copies a comment as written; its placeholders' values are checked all the same, so a bad one fails the run wherever it is used. */
    private int comment(int from, int to) {
        Matcher m = PLACEHOLDER.matcher(script).region(from, to);
        while (m.find()) {
            value(m.group(1));
        }
        return copy(from, to);
    }

    private int copy(int from, int to) {
        out.append(script, from, to);
        return to;
    }

    /** Fills the placeholder at {@code start} (or copies a {@code ${} that is none); returns the index after it. */
    private int placeholder(int start, java.util.function.Consumer<String> write) {
        Matcher m = PLACEHOLDER.matcher(script).region(start, script.length());
        if (!m.lookingAt()) {
            out.append('$');
            return start + 1;
        }
        write.accept(value(m.group(1)));
        return m.end();
    }

    private String value(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("The script uses ${" + name + "}, but the run has no argument '" + name
                    + "' (pass it as \"--" + name + "\" in Arguments).");
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                throw new IllegalArgumentException(String.format("The argument '%s' has a control character (U+%04X at position %d); "
                        + "a job argument is one line of text.", name, (int) value.charAt(i), i));
            }
        }
        for (String segment : value.split("[/\\\\]", -1)) {
            if (segment.equals("..")) {
                throw new IllegalArgumentException("The argument '" + name + "' has a '..' path segment; a job's files stay in "
                        + "the data folder, named from its root.");
            }
        }
        return value;
    }
}
