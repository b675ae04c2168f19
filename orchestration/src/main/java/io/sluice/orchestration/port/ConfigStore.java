package io.sluice.orchestration.port;

import java.util.Optional;

/**
 * Where pipelines' domain configs and their JSON Schemas live: documents by relative name, such as
 * {@code orders.json}, {@code orders.schema.json} or {@code schemas/common.schema.json}. The store
 * only reads; which document is a config and which its schema is decided once, by read-config.
 */
public interface ConfigStore {

    /** The text of the document named {@code name} ({@code /}-separated, relative), if there is one. */
    Optional<String> read(String name);
}
