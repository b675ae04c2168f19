package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code <id>.pipeline.json} files of the pipelines folder ({@link PipelineOptions}), read
 * again when they change. A pipeline without one has {@link PipelineOptions#NONE}; one whose file has
 * problems has none usable ({@code options} is {@code null}): its webhook refuses requests and it
 * depends on nothing, rather than running with half its settings.
 */
public final class PipelineOptionsCatalog {
    public static final String SUFFIX = ".pipeline.json";
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.-]{1,80}");

    private record Entry(FileTime modified, PipelineOptions.Parsed parsed) {}

    private final Path directory;
    private final Map<String, Entry> entries = new HashMap<>();

    public PipelineOptionsCatalog(Path directory) {
        this.directory = directory.toAbsolutePath().normalize();
    }

    /** The options of pipeline {@code id}. */
    public synchronized PipelineOptions.Parsed find(String id) {
        if (!ID.matcher(id).matches()) {
            return new PipelineOptions.Parsed(PipelineOptions.NONE, List.of());
        }
        Path file = directory.resolve(id + SUFFIX);
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(file);
        } catch (IOException e) {
            entries.remove(id);
            return new PipelineOptions.Parsed(PipelineOptions.NONE, List.of());
        }
        Entry entry = entries.get(id);
        if (entry == null || !entry.modified().equals(modified)) {
            entry = new Entry(modified, read(id, file));
            entries.put(id, entry);
        }
        return entry.parsed();
    }

    /** The ids of every pipeline with an options file. */
    public List<String> ids() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).filter(id -> ID.matcher(id).matches()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the pipelines directory " + directory, e);
        }
    }

    private PipelineOptions.Parsed read(String id, Path file) {
        String shown = PipelineCatalog.shownUnder(directory, file);
        try {
            return PipelineOptions.parse(id, Json.parse(Files.readString(file)), shown);
        } catch (IOException e) {
            return new PipelineOptions.Parsed(null, List.of(new PipelineProblem(shown, "", "cannot read the file: " + e.getMessage(),
                    false)));
        } catch (IllegalArgumentException e) {
            return new PipelineOptions.Parsed(null, List.of(new PipelineProblem(shown, "", e.getMessage(), false)));
        }
    }
}
