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
        try {
            return new QueryPath(text, JsonPath.compile(text));
        } catch (InvalidPathException | IllegalArgumentException e) {
            throw new PathSyntaxException(text, e.getMessage());
        }
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
            return null;
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
