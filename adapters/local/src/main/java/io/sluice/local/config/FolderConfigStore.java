package io.sluice.local.config;

import io.sluice.orchestration.port.ConfigStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Configs and schemas as files in a folder: the document {@code team/orders.json} is the file
 * {@code <root>/team/orders.json}. A name that would leave the folder (absolute, or with {@code ..})
 * finds nothing.
 */
public final class FolderConfigStore implements ConfigStore {
    private final Path root;

    public FolderConfigStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public Optional<String> read(String name) {
        Path file;
        try {
            file = root.resolve(name).normalize();
            if (name.isEmpty() || Path.of(name).isAbsolute() || !file.startsWith(root) || !Files.isRegularFile(file)) {
                return Optional.empty();
            }
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + file, e);
        }
    }

    @Override
    public String toString() {
        return "FolderConfigStore[" + root + "]";
    }
}
