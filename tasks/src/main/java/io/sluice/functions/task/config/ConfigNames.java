package io.sluice.functions.task.config;

import java.net.URI;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Names of configs and schemas in the {@link io.sluice.orchestration.port.ConfigStore}: relative,
 * {@code /}-separated, no {@code ..}. A config named {@code orders} is the document {@code orders.json};
 * its schema is {@code orders.schema.json} beside it, or the document its {@code $schema} names.
 */
final class ConfigNames {
    /** The base IRI of store documents, so that relative {@code $schema} and {@code $ref} resolve inside the store. */
    static final String BASE = "sluice-config:/";

    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");
    private static final String JSON = ".json";

    private ConfigNames() {}

    static boolean valid(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (String segment : name.split("/", -1)) {
            if (!SEGMENT.matcher(segment).matches()) {
                return false;
            }
        }
        return true;
    }

    /** {@code orders} → {@code orders.json}; a name ending in {@code .json} is kept. */
    /** The pipeline a config name belongs to: its first folder, or the whole name ({@code orders}, {@code orders/lookup}). */
    static String owner(String configName) {
        int slash = configName.indexOf('/');
        return slash < 0 ? configName : configName.substring(0, slash);
    }

    static String document(String configName) {
        return configName.endsWith(JSON) ? configName : configName + JSON;
    }

    /** {@code orders.json} → {@code orders.schema.json}. */
    static String siblingSchema(String document) {
        return document.substring(0, document.length() - JSON.length()) + ".schema" + JSON;
    }

    /**
     * The store document a {@code $schema} value names, relative to the config's document; empty when it is
     * an absolute IRI (a URL is never fetched: the sibling schema applies then) or leaves the store.
     */
    static Optional<String> relativeSchema(String document, String schemaRef) {
        URI ref;
        try {
            ref = URI.create(schemaRef);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (ref.isAbsolute()) {
            return Optional.empty();
        }
        String resolved = URI.create(BASE + document).resolve(ref).toString();
        return Optional.of(resolved.startsWith(BASE) ? resolved.substring(BASE.length()) : resolved);
    }

    /** The store document an IRI of {@link #BASE} names, if it is one. */
    static Optional<String> fromIri(String iri) {
        if (!iri.startsWith(BASE)) {
            return Optional.empty();
        }
        String name = iri.substring(BASE.length());
        return valid(name) ? Optional.of(name) : Optional.empty();
    }
}
