package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.PathNotFoundException;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import io.sluice.orchestration.json.Json;

/** Full JSONPath (wildcards, filters, slices, deep scan), evaluated by Jayway JsonPath over Jackson trees. */
public final class QueryPath implements Path {
    private static final Configuration CONFIGURATION = Configuration.builder()
            .jsonProvider(new JacksonJsonNodeJsonProvider(Json.MAPPER))
            .mappingProvider(new JacksonMappingProvider(Json.MAPPER))
            .build();

    private final String text;
    private final JsonPath compiled;

    private QueryPath(String text, JsonPath compiled) {
        this.text = text;
        this.compiled = compiled;
    }

    public static QueryPath parse(String text) {
        if (text == null || !text.startsWith("$") || text.startsWith("$$")) {
            throw new PathSyntaxException(text, "a path starts with '$'");
        }
        String unbalanced = unbalanced(text);
        if (unbalanced != null) {
            throw new PathSyntaxException(text, unbalanced);
        }
        try {
            return new QueryPath(text, JsonPath.compile(text));
        } catch (InvalidPathException | IllegalArgumentException e) {
            throw new PathSyntaxException(text, e.getMessage());
        }
    }

    /** Jayway silently repairs some broken paths ({@code $.a[} reads as {@code $.a}); refuse them first. */
    private static String unbalanced(String text) {
        java.util.ArrayDeque<Character> open = new java.util.ArrayDeque<>();
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            switch (c) {
                case '\'', '"' -> quote = c;
                case '[', '(' -> open.push(c);
                case ']', ')' -> {
                    char expected = c == ']' ? '[' : '(';
                    if (open.isEmpty() || open.pop() != expected) {
                        return "'" + c + "' at position " + i + " closes nothing";
                    }
                }
                default -> { }
            }
        }
        if (quote != 0) {
            return "a quoted name is not closed";
        }
        return open.isEmpty() ? null : "'" + open.peek() + "' is not closed";
    }

    public boolean isDefinite() {
        return compiled.isDefinite();
    }

    @Override
    public String text() {
        return text;
    }

    @Override
    public JsonNode select(JsonNode root) {
        try {
            Object result = compiled.read(root, CONFIGURATION);
            return result instanceof JsonNode node ? node : Json.MAPPER.valueToTree(result);
        } catch (PathNotFoundException e) {
            // A wildcard or slice under a field that is not there selects no element: the empty array,
            // as AWS records ($.items[*] on {} gives []); a definite path selects nothing.
            return isDefinite() ? null : Json.NODES.arrayNode();
        } catch (RuntimeException e) {
            // Jayway reports type mismatches in filters as exceptions: treat them as "selects nothing".
            return isDefinite() ? null : Json.NODES.arrayNode();
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
