package io.sluice.postgres.warehouse;

import io.sluice.orchestration.port.ObjectStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Opens the file a load reads. A location with nothing at it throws {@link NoSuchFileException}. */
@FunctionalInterface
public interface BatchSource {

    InputStream open(String location) throws IOException;

    /** Local files only: a path, or a {@code file:} URI. */
    static BatchSource files() {
        return location -> Files.newInputStream(path(location));
    }

    /**
     * Absolute paths and {@code file:} URIs as local files; any other location as a key of {@code objects},
     * such as {@code enriched/sales/2026-11-29.csv} in the local object store.
     */
    static BatchSource filesOr(ObjectStore objects) {
        return location -> {
            if (location.startsWith("file:") || Path.of(location).isAbsolute()) {
                return Files.newInputStream(path(location));
            }
            byte[] bytes = objects.get(location).orElseThrow(() -> new NoSuchFileException(location, null, "no such object"));
            return new ByteArrayInputStream(bytes);
        };
    }

    private static Path path(String location) {
        return location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
    }
}
