package io.sluice.api.sfn;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * When each bundled pipeline was made, for a bundled state machine's {@code creationDate}: its {@code <id>.asl.json}
 * file's time as the host reads it (Lambda unpacks the bundle with the archive's file times, an Azure deployment keeps
 * the files it was given; a file inside a jar gives the jar's time), so the date is the bundle's and the same on every
 * cold start and every function. A bundle whose times cannot be read shows none (the caller's fallback).
 */
public final class BundleTimes {
    private static final String SUFFIX = ".asl.json";
    private final Map<String, Instant> times;

    private BundleTimes(Map<String, Instant> times) {
        this.times = Map.copyOf(times);
    }

    /** The times of the {@code *.asl.json} resources {@code patterns} (comma-separated resource patterns) find. */
    public static BundleTimes of(ResourcePatternResolver resolver, String patterns) {
        Map<String, Instant> found = new TreeMap<>();
        for (String pattern : patterns.split(",")) {
            if (pattern.isBlank()) {
                continue;
            }
            Resource[] resources;
            try {
                resources = resolver.getResources(pattern.strip());
            } catch (IOException e) {
                continue; // the bundle itself is loaded (and its problems named) by the host's BundledPipelines
            }
            for (Resource r : resources) {
                String name = r.getFilename();
                if (name == null || !name.endsWith(SUFFIX)) {
                    continue;
                }
                lastModified(r).ifPresent(t -> found.putIfAbsent(name.substring(0, name.length() - SUFFIX.length()), t));
            }
        }
        return new BundleTimes(found);
    }

    public Optional<Instant> of(String pipeline) {
        return Optional.ofNullable(times.get(pipeline));
    }

    private static Optional<Instant> lastModified(Resource r) {
        try {
            long millis = r.lastModified();
            return millis > 0 ? Optional.of(Instant.ofEpochMilli(millis).truncatedTo(java.time.temporal.ChronoUnit.SECONDS)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
