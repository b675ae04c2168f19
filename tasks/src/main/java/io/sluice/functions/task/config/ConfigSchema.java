package io.sluice.functions.task.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import io.sluice.orchestration.port.ConfigStore;
import java.util.List;

/**
 * Validation of a config against its JSON Schema with networknt's validator. Schemas without a
 * {@code $schema} keyword are read as draft 2020-12. {@code $ref}s to other documents resolve inside
 * the config store; nothing is fetched from the network.
 */
final class ConfigSchema {
    private static final SchemaRegistryConfig CONFIG = SchemaRegistryConfig.builder()
            .pathType(PathType.JSON_POINTER)
            .formatAssertionsEnabled(true)
            .build();

    private final ConfigStore store;

    ConfigSchema(ConfigStore store) {
        this.store = store;
    }

    /** One violation: where in the config (an RFC 6901 pointer, {@code ""} for the root) and what is wrong. */
    record Violation(String pointer, String message) {}

    /**
     * Every violation of the schema document {@code schemaName} (already parsed as {@code schema}) by {@code config}.
     *
     * @throws SchemaException when the schema itself cannot be used (an unresolvable {@code $ref}, a bad keyword)
     */
    List<Violation> violations(String schemaName, JsonNode schema, JsonNode config) {
        // A registry per call: configs and schemas change between invocations, and its cache must not outlive them.
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, builder -> builder
                .schemaRegistryConfig(CONFIG)
                .schemas(iri -> ConfigNames.fromIri(iri).flatMap(store::read).orElse(null)));
        Schema compiled = registry.getSchema(SchemaLocation.of(ConfigNames.BASE + schemaName), schema);
        return compiled.validate(config).stream()
                .map(e -> new Violation(e.getInstanceLocation().toString(), e.getMessage()))
                .toList();
    }
}
