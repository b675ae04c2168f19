package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.orchestration.pattern.ConfigProblem;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.pattern.PipelinePattern;
import io.sluice.orchestration.pattern.Rendering;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code sluice validate FILE...}: exit 0 when every file is valid (warnings may be printed), 2
 * otherwise, with one {@code FILE: /pointer: sentence} line per problem. A file is an ASL
 * definition, or a pattern config: an object with a {@code pattern} field, or a file named
 * {@code <pattern>.config.json}, which is checked against its pattern's schema.
 */
@picocli.CommandLine.Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check ASL definitions and pattern configs.",
                "Exit 0 when all are valid (warnings may be printed), 2 with one 'FILE: /pointer: problem' line each otherwise."})
final class ValidateCommand implements java.util.concurrent.Callable<Integer> {
    @picocli.CommandLine.Parameters(arity = "1..*", paramLabel = "FILE",
            description = "an <id>.asl.json definition, an <id>.config.json pattern config, or a folder: every such file under it")
    private java.util.List<String> files = java.util.List.of();
    @picocli.CommandLine.Option(names = "--platform", paramLabel = "PLATFORM", defaultValue = "local",
            description = {"local (default), aws or azure: each state that cannot run there is a warning naming it;",
                    "with aws, each IAM action and resource the definition's service integrations need is listed ('FILE: needs on AWS: ...')"})
    private String platform = "local";
    @picocli.CommandLine.Option(names = "--substitutions", paramLabel = "FILE",
            description = "${Name} placeholder values filled into each ASL definition first (DefinitionSubstitutions); an unfilled one is an error")
    private String substitutions;
    private io.sluice.orchestration.substitution.DefinitionSubstitutions filled = io.sluice.orchestration.substitution.DefinitionSubstitutions.none();

    private static final String CONFIG_SUFFIX = ".config.json";

    private final PrintStream out;
    private final PrintStream err;
    private Patterns patterns;

    ValidateCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    ValidateCommand(CliContext context) {
        this(context.out(), context.err());
    }

    @Override
    public Integer call() {
        return run(files.toArray(String[]::new));
    }

    int run(String[] named) {
        if (named.length == 0) {
            throw new SluiceCli.UsageException("name at least one definition file");
        }
        String[] files = expand(named);
        if (files.length == 0) {
            throw new SluiceCli.UsageException("no *.asl.json or *" + CONFIG_SUFFIX + " file under " + String.join(", ", named));
        }
        filled = SubstitutionsFile.load(substitutions, err);
        if (filled == null) {
            return SluiceCli.EXIT_INVALID;
        }
        boolean allValid = true;
        for (String file : files) {
            allValid &= validate(file);
        }
        if (allValid) {
            out.println(files.length == 1 ? files[0] + ": valid" : "all " + files.length + " definitions are valid");
        }
        return allValid ? 0 : SluiceCli.EXIT_INVALID;
    }

    /** Each folder named becomes the definitions and pattern configs under it, in name order; files stay as named. */
    private static String[] expand(String[] named) {
        java.util.List<String> files = new java.util.ArrayList<>();
        for (String name : named) {
            Path path = Path.of(name);
            if (!java.nio.file.Files.isDirectory(path)) {
                files.add(name);
                continue;
            }
            try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(path)) {
                walk.filter(java.nio.file.Files::isRegularFile).map(Path::toString)
                        .filter(f -> f.endsWith(".asl.json") || f.endsWith(CONFIG_SUFFIX)).sorted().forEach(files::add);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot list " + name, e);
            }
        }
        return files.toArray(String[]::new);
    }

    private boolean validate(String file) {
        JsonNode json = DefinitionFiles.readJson(file, err);
        if (json == null) {
            return false;
        }
        Optional<String> pattern = patternOf(file, json);
        if (pattern.isPresent()) {
            return config(file, pattern.get(), json);
        }
        io.sluice.orchestration.integration.Platform on = io.sluice.orchestration.integration.Platform.byId(platform)
                .orElseThrow(() -> new SluiceCli.UsageException("--platform must be local, aws or azure, not '" + platform + "'"));
        JsonNode substituted = SubstitutionsFile.apply(file, json, filled, err);
        boolean valid = substituted != null && DefinitionFiles.check(file, substituted, err, on) != null;
        if (valid && on == io.sluice.orchestration.integration.Platform.AWS) {
            // On AWS task-worker makes the calls with its role: what that role must be granted (infra-terraform's integrations).
            for (io.sluice.orchestration.integration.IamNeeds.Need need : io.sluice.orchestration.integration.IamNeeds.of(substituted)) {
                out.println(file + ": needs on AWS: " + need);
            }
        }
        return valid;
    }

    /** The pattern a config names, or that its file name names; empty for an ASL definition. */
    private Optional<String> patternOf(String file, JsonNode json) {
        if (!json.isObject() || json.has("States") || json.has("StartAt")) {
            return Optional.empty();
        }
        JsonNode named = json.get("pattern");
        if (named != null) {
            return Optional.of(named.isTextual() ? named.asText() : String.valueOf(named));
        }
        String name = Path.of(file).getFileName().toString();
        if (name.endsWith(CONFIG_SUFFIX)) {
            return PipelinePattern.byId(name.substring(0, name.length() - CONFIG_SUFFIX.length())).map(PipelinePattern::id);
        }
        return Optional.empty();
    }

    private boolean config(String file, String pattern, JsonNode config) {
        if (patterns == null) {
            patterns = ClasspathPatternResources.patterns();
        }
        return switch (patterns.render(pattern, config)) {
            case Rendering.Rendered r -> true;
            case Rendering.Rejected r -> {
                for (ConfigProblem p : r.problems()) {
                    err.println(file + ": " + p);
                }
                yield false;
            }
            case Rendering.UnknownPattern u -> {
                err.println(file + ": /pattern: There is no pattern '" + u.name() + "'; a pattern config names one of "
                        + String.join(", ", u.known()) + ".");
                yield false;
            }
        };
    }
}
