package io.sluice.functions.wire;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Reads a recorded wire corpus: {@code <root>/<format>/v<N>/<sample name>.<ext>} (see the README there). */
public record WireCorpus(Path root) {
    /** This module's corpus, {@code src/test/resources/wire-corpus} (tests run in the module's folder). */
    public static WireCorpus functions() {
        return new WireCorpus(Path.of("src/test/resources/wire-corpus"));
    }

    /** The versions recorded for {@code format}, lowest first. */
    public List<Integer> versions(String format) {
        try (Stream<Path> dirs = Files.list(root.resolve(format))) {
            return dirs.map(d -> d.getFileName().toString()).filter(n -> n.matches("v[0-9]+"))
                    .map(n -> Integer.parseInt(n.substring(1))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("no corpus of " + format + " under " + root, e);
        }
    }

    public int newest(String format) {
        return versions(format).getLast();
    }

    /** The files of one version, by name. */
    public List<Path> files(String format, int version) {
        try (Stream<Path> files = Files.list(root.resolve(format).resolve("v" + version))) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file's sample name: its name without the extension. */
    public static String name(Path file) {
        String n = file.getFileName().toString();
        return n.substring(0, n.indexOf('.'));
    }

    /** A file's text without the final newline. */
    public static String text(Path file) {
        try {
            return Files.readString(file).stripTrailing();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
