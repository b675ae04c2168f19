package io.sluice.cli.bundle;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The {@code pipelines/} folder inside a host's jar, where its functions read the bundle
 * ({@code classpath*:pipelines/*.asl.json}, {@code classpath:pipelines/tenants.json}, {@code classpath:pipelines/triggers.json}).
 */
public final class JarPipelines {
    public static final String DIR = "pipelines/";

    private JarPipelines() {}

    /**
     * The entries of {@code required} that {@code jar} lacks (so it is not the host's artifact); when none is missing,
     * the jar's {@code pipelines/} is replaced by {@code files} (name to bytes).
     */
    public static List<String> replace(Path jar, List<String> required, Map<String, byte[]> files) throws IOException {
        List<String> missing = new ArrayList<>();
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
            for (String entry : required) {
                if (!Files.exists(zip.getPath(entry))) {
                    missing.add(entry);
                }
            }
            if (!missing.isEmpty()) {
                return missing;
            }
            Path dir = zip.getPath(DIR);
            if (Files.exists(dir)) {
                try (Stream<Path> old = Files.walk(dir)) {
                    for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            Files.createDirectories(dir);
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                Files.write(dir.resolve(f.getKey()), f.getValue());
            }
        }
        return missing;
    }

    /** The pipeline ids among bundled file names: each {@code <id>.asl.json}. */
    public static List<String> ids(Iterable<String> names) {
        List<String> ids = new ArrayList<>();
        for (String n : names) {
            if (n.endsWith(".asl.json")) {
                ids.add(n.substring(0, n.length() - ".asl.json".length()));
            }
        }
        return ids;
    }
}
