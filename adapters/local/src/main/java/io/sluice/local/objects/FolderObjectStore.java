package io.sluice.local.objects;

import io.sluice.orchestration.port.ObjectStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.UUID;

/**
 * The local object store: a folder (the runtime's data folder), in which an object's key is its
 * path relative to the folder, {@code /}-separated, as a key is inside an S3 bucket:
 * {@code landing/orders/2026-11-29.csv}. The DuckDB jobs read the same keys (the folder is their
 * search path) and write under {@code ${store}/<key>}; the warehouse loads and push-export read them
 * here. A key that would leave the folder (absolute, or with {@code ..}) holds nothing and cannot be
 * written. A put appears whole: it is written aside and moved into place.
 */
public final class FolderObjectStore implements ObjectStore {
    private final Path root;

    public FolderObjectStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    @Override
    public void put(String key, byte[] content) {
        Path file = file(key).orElseThrow(() -> new IllegalArgumentException("'" + key + "' is not a key of the object store "
                + root + ": use a relative path without '..'."));
        Path temp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".part");
        try {
            Files.createDirectories(file.getParent());
            Files.write(temp, content);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // The write failed already; that is what the caller hears about.
            }
            throw new UncheckedIOException("Could not write object " + key + " under " + root, e);
        }
    }

    @Override
    public Optional<byte[]> get(String key) {
        Optional<Path> file = file(key).filter(Files::isRegularFile);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAllBytes(file.get()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read object " + key + " under " + root, e);
        }
    }

    /** The file of {@code key}, if the key stays inside the folder. */
    private Optional<Path> file(String key) {
        if (key == null || key.isBlank() || key.startsWith("/") || key.contains("\\")) {
            return Optional.empty();
        }
        try {
            Path file = root.resolve(key).normalize();
            return file.startsWith(root) && !file.equals(root) ? Optional.of(file) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return "FolderObjectStore[" + root + "]";
    }
}
