package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import io.sluice.functions.integration.lambda.LambdaMappings;
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The pipelines of a folder: each {@code <id>.asl.json} is one pipeline, validated as
 * {@code sluice validate} does, and so is each {@code <id>.config.json}: a pattern config whose
 * {@code pattern} field names the pattern it is rendered with (when the catalog is given the
 * patterns). An invalid file is reported (file, pointer, sentence) and left out; it never stops the
 * others. A Task calling a function this runtime does not have is an error too: its task would wait
 * on a queue no one reads.
 *
 * <p>{@link #find} looks at the file again when it changed, so an edited pipeline needs no restart.
 */
public final class PipelineCatalog {
    public static final String SUFFIX = ".asl.json";
    public static final String CONFIG_SUFFIX = ".config.json";
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.-]{1,80}");

    public record Pipeline(String id, Definition definition, Path file) {}

    /** What {@link #find} found. */
    public sealed interface Lookup {
        record Found(Pipeline pipeline) implements Lookup {}

        record Invalid(String id, List<PipelineProblem> problems) implements Lookup {}

        record Missing(String id) implements Lookup {}
    }

    private record Entry(FileTime modified, Pipeline pipeline, List<PipelineProblem> problems) {}

    /**
     * What a pipeline file is read with besides itself: the placeholders to fill ({@code ${Name}}, as CloudFormation
     * fills DefinitionSubstitutions) and the Lambda mapping file an unmapped Lambda function is to be mapped in.
     */
    public record Sources(DefinitionSubstitutions substitutions, LambdaMappings lambdas) {
        public static final Sources NONE = new Sources(DefinitionSubstitutions.none(), LambdaMappings.none(LambdaMappings.DEFAULT_FILE));
    }

    private final Path directory;
    private final Set<String> functions;
    private final Patterns patterns;
    private final Sources sources;
    private final Map<String, Entry> entries = new TreeMap<>();
    private final List<PipelineProblem> misnamed = new ArrayList<>();

    private PipelineCatalog(Path directory, Set<String> functions, Patterns patterns, Sources sources) {
        this.directory = directory;
        this.functions = Set.copyOf(functions);
        this.patterns = patterns;
        this.sources = sources;
    }

    /** Reads every {@code *.asl.json} of {@code directory}; a missing directory is an empty catalog. */
    public static PipelineCatalog load(Path directory, Set<String> functions) {
        return load(directory, functions, null);
    }

    /** Reads every {@code *.asl.json}, and with {@code patterns} every {@code *.config.json}, of {@code directory}. */
    public static PipelineCatalog load(Path directory, Set<String> functions, Patterns patterns) {
        return load(directory, functions, patterns, Sources.NONE);
    }

    /** As {@link #load(Path, Set, Patterns)}, each ASL file read with {@code sources}. */
    public static PipelineCatalog load(Path directory, Set<String> functions, Patterns patterns, Sources sources) {
        PipelineCatalog catalog = new PipelineCatalog(directory.toAbsolutePath().normalize(), functions, patterns, sources);
        if (!Files.isDirectory(catalog.directory)) {
            return catalog;
        }
        try (Stream<Path> files = Files.list(catalog.directory)) {
            files.filter(catalog::pipelineFile).sorted().forEach(catalog::scan);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the pipelines directory " + catalog.directory, e);
        }
        return catalog;
    }

    private boolean pipelineFile(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(SUFFIX) || patterns != null && name.endsWith(CONFIG_SUFFIX);
    }

    private void scan(Path file) {
        String name = file.getFileName().toString();
        String suffix = name.endsWith(SUFFIX) ? SUFFIX : CONFIG_SUFFIX;
        String id = name.substring(0, name.length() - suffix.length());
        if (!ID.matcher(id).matches()) {
            misnamed.add(new PipelineProblem(shown(file), "", "A pipeline file is named <id>" + suffix
                    + ", the id being 1-80 letters, digits and _ . -; '" + id + "' is not such an id.", false));
            return;
        }
        find(id);
    }

    public Path directory() {
        return directory;
    }

    /**
     * A file of this folder as answers and logs show it: under the folder's own name ({@code pipelines/orders.asl.json}),
     * never as an absolute path of the server.
     */
    public String shown(Path file) {
        return shownUnder(directory, file);
    }

    /** The folder as answers show it: its name ({@code pipelines/}). */
    public String shownDirectory() {
        return directory.getFileName() + "/";
    }

    /** {@code file} relative to {@code folder}'s parent, so it starts with the folder's name; as it is when outside the folder. */
    static String shownUnder(Path folder, Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        if (!absolute.startsWith(folder) || folder.getFileName() == null) {
            return file.getFileName() == null ? file.toString() : file.getFileName().toString();
        }
        return folder.getFileName().resolve(folder.relativize(absolute)).toString();
    }

    /** The pipeline {@code id}, reading its file again if it changed since last time. */
    public synchronized Lookup find(String id) {
        if (!ID.matcher(id).matches()) {
            return new Lookup.Missing(id);
        }
        Path file = directory.resolve(id + SUFFIX);
        Path config = directory.resolve(id + CONFIG_SUFFIX);
        if (patterns != null && Files.exists(config)) {
            if (Files.exists(file)) {
                entries.remove(id);
                return new Lookup.Invalid(id, List.of(new PipelineProblem(shown(config), "", "Pipeline '" + id + "' has both "
                        + file.getFileName() + " and " + config.getFileName() + "; keep one of them.", false)));
            }
            file = config;
        }
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(file);
        } catch (IOException e) {
            entries.remove(id);
            return new Lookup.Missing(id);
        }
        Entry entry = entries.get(id);
        if (entry == null || !entry.modified().equals(modified)) {
            entry = read(id, file, modified);
            entries.put(id, entry);
        }
        return entry.pipeline() != null ? new Lookup.Found(entry.pipeline()) : new Lookup.Invalid(id, entry.problems());
    }

    /**
     * The ids of every {@code <id>.asl.json} in the folder now, and of every {@code <id>.config.json} when the
     * catalog renders patterns, files added since the start included (look each up with {@link #find}).
     */
    public List<String> ids() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(this::pipelineFile).map(f -> f.getFileName().toString())
                    .map(n -> n.substring(0, n.length() - (n.endsWith(SUFFIX) ? SUFFIX : CONFIG_SUFFIX).length()))
                    .filter(id -> ID.matcher(id).matches()).distinct().sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the pipelines directory " + directory, e);
        }
    }

    /** The pipelines that loaded, by id. */
    public synchronized Collection<Pipeline> pipelines() {
        return entries.values().stream().filter(e -> e.pipeline() != null).map(Entry::pipeline).toList();
    }

    /** Every problem found so far, warnings included, by file. */
    public synchronized List<PipelineProblem> problems() {
        List<PipelineProblem> all = new ArrayList<>(misnamed);
        entries.values().forEach(e -> all.addAll(e.problems()));
        return all;
    }

    private Entry read(String id, Path file, FileTime modified) {
        String shown = shown(file);
        JsonNode json;
        try {
            json = Json.parse(Files.readString(file));
        } catch (NoSuchFileException e) {
            return new Entry(modified, null, List.of(new PipelineProblem(shown, "", "the file disappeared while it was read", false)));
        } catch (IOException e) {
            return new Entry(modified, null, List.of(new PipelineProblem(shown, "", "cannot read the file: " + e.getMessage(), false)));
        } catch (IllegalArgumentException e) {
            return new Entry(modified, null, List.of(new PipelineProblem(shown, "", e.getMessage(), false)));
        }
        List<PipelineProblem> problems = new ArrayList<>();
        if (file.getFileName().toString().endsWith(CONFIG_SUFFIX)) {
            json = PatternPipelines.render(id, shown, json, patterns, problems);
            if (json == null) {
                return new Entry(modified, null, List.copyOf(problems));
            }
        } else {
            json = substitute(json, shown, problems);
            if (json == null) {
                return new Entry(modified, null, List.copyOf(problems));
            }
        }
        if (!check(json, shown, problems)) {
            return new Entry(modified, null, List.copyOf(problems));
        }
        boolean runnable = problems.stream().allMatch(PipelineProblem::warning);
        Pipeline pipeline = runnable ? new Pipeline(id, DefinitionParser.parse(json), file) : null;
        return new Entry(modified, pipeline, List.copyOf(problems));
    }

    /**
     * The problems a definition would have as a pipeline file of this folder, warnings included, without writing one
     * (the Step Functions API checks a definition so before it writes it); {@code shown} names it in each problem.
     */
    public List<PipelineProblem> check(JsonNode definition, String shown) {
        List<PipelineProblem> problems = new ArrayList<>();
        JsonNode substituted = substitute(definition, shown, problems);
        if (substituted != null) {
            check(substituted, shown, problems);
        }
        return List.copyOf(problems);
    }

    /** {@code json} with its placeholders filled, or {@code null} after adding a problem for each one left unfilled. */
    private JsonNode substitute(JsonNode json, String shown, List<PipelineProblem> problems) {
        DefinitionSubstitutions.Substituted s = sources.substitutions().apply(json);
        s.problems().forEach(p -> problems.add(new PipelineProblem(shown, p.pointer(), p.message() + ".", false)));
        return s.problems().isEmpty() ? s.definition() : null;
    }

    /** Adds {@code json}'s problems; {@code false} when the ASL validator found errors (nothing else was looked at). */
    private boolean check(JsonNode json, String shown, List<PipelineProblem> problems) {
        List<Problem> found = DefinitionValidator.validate(json);
        found.forEach(p -> problems.add(new PipelineProblem(shown, p.pointer(), p.message(), !p.isError())));
        if (!DefinitionValidator.isValid(found)) {
            return false;
        }
        for (FunctionReferences.Reference ref : FunctionReferences.of(json)) {
            if (!functions.contains(ref.function())) {
                problems.add(new PipelineProblem(shown, ref.pointer(), "No function '" + ref.function()
                        + "' runs in this runtime; it has " + String.join(", ", functions.stream().sorted().toList())
                        + (ref.lambda() ? "; to run Lambda function '" + ref.function() + "' here, " + sources.lambdas().howToMap(ref.function()) : "")
                        + ".", false));
            }
        }
        for (FunctionReferences.Unrunnable ref : FunctionReferences.notRunnable(json)) {
            problems.add(new PipelineProblem(shown, ref.pointer(), "Resource '" + ref.resource() + "' cannot run on this (local)"
                    + " runtime, so this pipeline cannot start here: " + ref.reason(), false));
        }
        return true;
    }
}
