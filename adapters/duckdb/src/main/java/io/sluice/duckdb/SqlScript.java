package io.sluice.duckdb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job's SQL script: {@code ${name}} placeholders filled from the run's arguments (safely for where
 * each stands, see {@link SqlPlaceholders}), then split into statements on semicolons outside quotes
 * and comments, so each statement is run and logged on its own.
 */
final class SqlScript {
    private static final Pattern COPY = Pattern.compile("(?i)\\s*COPY\\b");
    private static final Pattern LEADING_COMMENTS = Pattern.compile("\\A(?:\\s*(?:--[^\\n]*(?:\\n|\\z)|/\\*.*?\\*/))*", Pattern.DOTALL);
    private static final Pattern COPY_TO = Pattern.compile("(?i)\\bTO\\s+'((?:[^']|'')*)'");

    private SqlScript() {}

    /** Fills every placeholder; throws {@link IllegalArgumentException} naming the first one without a value, or with a refused one. */
    static String fill(String script, Map<String, String> values) {
        return SqlPlaceholders.fill(script, values);
    }

    /**
     * The file a {@code COPY ... TO '<file>'} statement writes, if it is one: DuckDB does not create
     * the file's folder, so the engine does. Only the last {@code TO '...'} of the statement counts
     * (the query before it may hold other literals).
     */
    static Optional<String> copyTarget(String statement) {
        if (!COPY.matcher(LEADING_COMMENTS.matcher(statement).replaceFirst("")).lookingAt()) {
            return Optional.empty();
        }
        Matcher m = COPY_TO.matcher(statement);
        String target = null;
        while (m.find()) {
            target = m.group(1).replace("''", "'");
        }
        return Optional.ofNullable(target);
    }

    /** The statements of {@code sql}, trimmed, without empty ones. */
    static List<String> split(String sql) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int end = i + 1;
            if (c == '\'' || c == '"') {
                end = closing(sql, i, c);
            } else if (c == '-' && sql.startsWith("--", i)) {
                int nl = sql.indexOf('\n', i);
                end = nl < 0 ? sql.length() : nl + 1;
            } else if (c == '/' && sql.startsWith("/*", i)) {
                int close = sql.indexOf("*/", i + 2);
                end = close < 0 ? sql.length() : close + 2;
            } else if (c == ';') {
                add(statements, current);
                current.setLength(0);
                i++;
                continue;
            }
            current.append(sql, i, end);
            i = end;
        }
        add(statements, current);
        return statements;
    }

    /** The index after the quote that closes the one at {@code start}; a doubled quote is part of the text. */
    private static int closing(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    private static void add(List<String> statements, StringBuilder current) {
        String s = current.toString().strip();
        if (!s.isEmpty() && !onlyComments(s)) {
            statements.add(s);
        }
    }

    private static boolean onlyComments(String s) {
        String rest = s.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)--.*$", "");
        return rest.isBlank();
    }
}
