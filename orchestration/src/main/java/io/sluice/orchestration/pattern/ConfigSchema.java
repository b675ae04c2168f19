package io.sluice.orchestration.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A pattern's config schema (JSON Schema 2020-12), checked with networknt's validator. Schemas are
 * self-contained: nothing is fetched, so checking a config does no I/O.
 */
final class ConfigSchema {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            builder -> builder
                    .schemaRegistryConfig(SchemaRegistryConfig.builder()
                            .locale(Locale.ENGLISH)
                            .pathType(PathType.JSON_POINTER)
                            .build())
                    .schemaLoader(loader -> loader.fetchRemoteResources(false)));

    private final JsonNode source;
    private final Schema schema;

    private ConfigSchema(JsonNode source, Schema schema) {
        this.source = source;
        this.schema = schema;
    }

    static ConfigSchema of(JsonNode source) {
        return new ConfigSchema(source, REGISTRY.getSchema(source));
    }

    JsonNode source() {
        return source;
    }

    /** Every problem with {@code config}, in pointer order; an empty list when it is valid. */
    List<ConfigProblem> check(JsonNode config) {
        List<Error> errors = schema.validate(config);
        return errors.stream()
                .map(e -> SchemaErrors.describe(e, source))
                .distinct()
                .sorted(Comparator.comparing(ConfigProblem::pointer).thenComparing(ConfigProblem::message))
                .toList();
    }

    /** An RFC 6901 pointer for a validator path: each step escaped, {@code ""} for the root. */
    static String pointer(NodePath path) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object step = path.getElement(i);
            out.append('/').append(String.valueOf(step).replace("~", "~0").replace("/", "~1"));
        }
        return out.toString();
    }
}
