package io.sluice.local.objects;

import io.sluice.orchestration.port.ObjectStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.UUID;

/**
 * The local object store: a folder (the runtime's data folder), in which an object's key is its
 * path relative to the folder, {@code /}-separated, as a key is inside an S3 bucket:
 * {@code landing/orders/2026-11-29.csv}. The DuckDB jobs name the same keys as
 * {@code ${store}/<key>}; the warehouse loads and push-export read them here. A put appears whole: it is written aside and moved into place.
 *
 * <p>Whatever a caller passes, no key reaches a file outside the folder: a key must be relative,
 * {@code /}-separated segments that are none of empty, {@code .} or {@code ..}, without backslashes
 * or control characters; and the file it names is checked, once resolved, to lie under the folder,
 * following links. Any other key is refused, on get as on put, with an
 * {@link IllegalArgumentException} saying why.
 */
public final class FolderObjectStore implements ObjectStore {
    /** How often a put makes its folder again when a delete that emptied it removed it meanwhile. */
    private static final int PUT_ATTEMPTS = 8;

    private final Path root;

    public FolderObjectStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /**
     * Writes the object aside and moves it into place. A delete that empties a folder removes it ({@link #delete}), so a
     * put whose folder went between making it and writing there makes it again.
     */
    @Override
    public void put(String key, byte[] content) {
        Path file = file(key);
        Path temp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".part");
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    requireInside(key, file);
                    Files.createDirectories(file.getParent());
                    requireInside(key, file);
                    Files.write(temp, content);
                    break;
                } catch (NoSuchFileException | FileAlreadyExistsException folderRemovedMeanwhile) {
                    if (attempt == PUT_ATTEMPTS) { // a file where a folder must be stays in the way
                        throw folderRemovedMeanwhile;
                    }
                }
            }
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
        Path file = file(key);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        requireInside(key, file);
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read object " + key + " under " + root, e);
        }
    }

    /**
     * Walks the folder in key order, entering only the directories that can hold keys after
     * {@code startAfter} with {@code prefix}, and stops at {@code max}: a page costs what it returns,
     * not the size of the folder. Files being written ({@code .<name>.<uuid>.part}) are not objects.
     */
    @Override
    public List<ObjectInfo> list(String prefix, String startAfter, int max) {
        if (prefix == null) {
            throw new IllegalArgumentException("list: prefix must be a string (\"\" for all keys), not null");
        }
        List<ObjectInfo> out = new ArrayList<>();
        if (max > 0 && Files.isDirectory(root)) {
            try {
                walk(root, "", prefix, startAfter, max, out);
            } catch (IOException e) {
                throw new UncheckedIOException("Could not list objects under " + root + " with prefix " + prefix, e);
            }
        }
        return out;
    }

    /**
     * One folder's entries in key order, as many as the page still needs. A folder can hold an entry per execution
     * (hibernated/executions/pipeline=P/name=N/), so its names are heaped (linear) rather than sorted, and only the
     * entries the page takes are looked at on disk. A folder's key is its name and {@code /}, so it comes after the names
     * that extend its name with a character before {@code /} ({@code a-b} before {@code a/}): it waits in {@code folders}
     * until the next name sorts after it.
     */
    private void walk(Path dir, String dirKey, String prefix, String startAfter, int max, List<ObjectInfo> out) throws IOException {
        List<String> candidates = new ArrayList<>();
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                String name = child.getFileName().toString();
                if (!(name.startsWith(".") && name.endsWith(".part")) && mayHold(dirKey + name, prefix, startAfter)) {
                    candidates.add(name);
                }
            }
        } catch (NoSuchFileException removedMeanwhile) {
            return; // its last object was deleted since its parent was read
        }
        PriorityQueue<String> names = new PriorityQueue<>(candidates);
        PriorityQueue<String> folders = new PriorityQueue<>(); // a folder's name and '/'
        while (out.size() < max && !(names.isEmpty() && folders.isEmpty())) {
            if (!folders.isEmpty() && (names.isEmpty() || folders.peek().compareTo(names.peek()) < 0)) {
                String folder = folders.poll();
                walk(dir.resolve(folder.substring(0, folder.length() - 1)), dirKey + folder, prefix, startAfter, max, out);
                continue;
            }
            String name = names.poll();
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(dir.resolve(name), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException deletedMeanwhile) {
                continue;
            }
            String key = dirKey + name;
            if (a.isDirectory() && mayHold(key + "/", prefix, startAfter)) {
                folders.add(name + "/");
            } else if (a.isRegularFile() && key.startsWith(prefix) && (startAfter == null || key.compareTo(startAfter) > 0)) {
                out.add(new ObjectInfo(key, a.size(), a.lastModifiedTime().toInstant())); // links are never objects
            }
        }
    }

    /**
     * Whether the entry whose key (without a directory's trailing {@code /}) is {@code key} can be, or hold, a key with
     * {@code prefix} after {@code startAfter}: told from its name alone, so a page does not look at the entries before its
     * cursor (one directory can hold an entry per execution, hibernated/executions/pipeline=P/name=N/).
     */
    private static boolean mayHold(String key, String prefix, String startAfter) {
        boolean prefixed = key.startsWith(prefix) || prefix.startsWith(key);
        // key < startAfter without being its start: the first difference is inside key, so key + "/..." is before it too
        boolean later = startAfter == null || startAfter.startsWith(key) || key.compareTo(startAfter) > 0;
        return prefixed && later;
    }

    /**
     * Deletes the object's file, then the folders it leaves empty, as a bucket has no folders of its own: a store that
     * holds an object per execution for a while (hibernated/executions/pipeline=P/name=N/) does not keep a folder per
     * execution it ever held. The folders directly in this one (the buckets) stay.
     */
    @Override
    public boolean delete(String key) {
        Path file = file(key);
        requireInside(key, file);
        try {
            boolean deleted = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.deleteIfExists(file);
            if (deleted) {
                removeEmptyFolders(file.getParent());
            }
            return deleted;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not delete object " + key + " under " + root, e);
        }
    }

    private void removeEmptyFolders(Path folder) throws IOException {
        for (Path f = folder; f.startsWith(root) && !f.equals(root) && !f.getParent().equals(root); f = f.getParent()) {
            if (!Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                return; // a link to a folder is the user's, not one a put made
            }
            try {
                Files.delete(f);
            } catch (DirectoryNotEmptyException | NoSuchFileException stillUsed) {
                return;
            }
        }
    }

    /** The file of {@code key}; {@link IllegalArgumentException} when the key is not one of this store. */
    private Path file(String key) {
        refuseUnless(key != null && !key.isEmpty(), key, "a key is not empty");
        refuseUnless(!key.startsWith("/"), key, "a key is relative to the folder, without a leading '/'");
        refuseUnless(!key.contains("\\"), key, "a key's separator is '/', never '\\'");
        refuseUnless(key.chars().noneMatch(Character::isISOControl), key, "a key has no control characters");
        for (String segment : key.split("/", -1)) {
            refuseUnless(!segment.isEmpty() && !segment.equals(".") && !segment.equals(".."), key,
                    "a key's segments are names, never empty, '.' or '..'");
        }
        Path file;
        try {
            file = root.resolve(key).normalize();
        } catch (InvalidPathException e) {
            throw refused(key, "a key is a file name (" + e.getReason() + ")");
        }
        refuseUnless(file.startsWith(root) && !file.equals(root), key, "a key names a file inside the folder");
        return file;
    }

    /**
     * Checks the file as the file system resolves it: a link in the folder must not lead out of it. What another thread
     * deletes meanwhile (a racing wake deleting the object this reads) is checked by the folder that still holds it.
     */
    private void requireInside(String key, Path file) {
        try {
            if (!Files.exists(root)) {
                return;
            }
            Path inside = root.toRealPath();
            Path existing = file;
            while (!Files.exists(existing) && !existing.equals(root)) {
                existing = existing.getParent();
            }
            while (true) {
                try {
                    refuseUnless(existing.toRealPath().startsWith(inside), key, "a key names a file inside the folder, links followed");
                    return;
                } catch (NoSuchFileException deletedMeanwhile) {
                    if (existing.equals(root)) {
                        throw deletedMeanwhile;
                    }
                    existing = existing.getParent();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not resolve object " + key + " under " + root, e);
        }
    }

    private void refuseUnless(boolean ok, String key, String rule) {
        if (!ok) {
            throw refused(key, rule);
        }
    }

    private IllegalArgumentException refused(String key, String rule) {
        String shown = key == null ? "null" : key.codePoints().mapToObj(c -> Character.isISOControl(c) ? String.format("\\u%04x", c)
                : Character.toString(c)).collect(java.util.stream.Collectors.joining());
        return new IllegalArgumentException("'" + shown + "' is not a key of the object store " + root + ": " + rule + ".");
    }

    @Override
    public String toString() {
        return "FolderObjectStore[" + root + "]";
    }
}
