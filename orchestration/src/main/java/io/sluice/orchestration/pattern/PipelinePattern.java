package io.sluice.orchestration.pattern;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The four ready pipeline patterns; each renders an ASL definition from a small config. */
public enum PipelinePattern {
    INGESTION("ingestion"),
    EXPORT("export"),
    SIMULATION("simulation"),
    MANUAL_UPLOAD("manual-upload");

    private final String id;

    PipelinePattern(String id) {
        this.id = id;
    }

    /** The name used on the command line and in resource names, such as {@code manual-upload}. */
    public String id() {
        return id;
    }

    /** The template's resource name under {@link PatternResources#ROOT}. */
    public String templateResource() {
        return id + ".template.json";
    }

    /** The config schema's resource name under {@link PatternResources#ROOT}. */
    public String schemaResource() {
        return id + ".schema.json";
    }

    public static Optional<PipelinePattern> byId(String id) {
        return Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(PipelinePattern::id).toList();
    }
}
