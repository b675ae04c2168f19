package io.sluice.local.http;

import io.sluice.api.port.Pipelines;
import io.sluice.functions.trigger.object.ObjectRule;
import java.util.function.Supplier;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import io.sluice.functions.pipeline.PipelineProblem;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The API's {@link Pipelines} over the pipelines folder: its definitions and their {@code .pipeline.json} options. */
final class FolderPipelines implements Pipelines {
    private final PipelineCatalog catalog;
    private final PipelineOptionsCatalog options;
    private final Supplier<List<ObjectRule>> rules;

    FolderPipelines(PipelineCatalog catalog, PipelineOptionsCatalog options) {
        this(catalog, options, List::of);
    }

    /** @param rules the object rules as they are now (the rules file's) */
    FolderPipelines(PipelineCatalog catalog, PipelineOptionsCatalog options, Supplier<List<ObjectRule>> rules) {
        this.catalog = catalog;
        this.options = options;
        this.rules = rules;
    }

    @Override
    public List<ObjectRule> objectRules(String id) {
        return rules.get().stream().filter(r -> r.pipeline().equals(id)).toList();
    }

    @Override
    public List<String> ids() {
        return catalog.ids();
    }

    @Override
    public Lookup find(String id) {
        return switch (catalog.find(id)) {
            case PipelineCatalog.Lookup.Found f -> new Lookup.Found(f.pipeline().id(), f.pipeline().definition().hash());
            case PipelineCatalog.Lookup.Invalid i -> new Lookup.Invalid(i.id(), problems(i.problems()));
            case PipelineCatalog.Lookup.Missing m -> new Lookup.Missing(m.id());
        };
    }

    @Override
    public Options options(String id) {
        PipelineOptions.Parsed parsed = options.find(id);
        return Options.of(parsed.options(), problems(parsed.problems()));
    }

    @Override
    public Optional<String> pattern(String id) {
        if (!(catalog.find(id) instanceof PipelineCatalog.Lookup.Found)) {
            return Optional.empty();
        }
        Path config = catalog.directory().resolve(id + PipelineCatalog.CONFIG_SUFFIX);
        if (!Files.isRegularFile(config)) {
            return Optional.empty();
        }
        try {
            JsonNode pattern = Json.parse(Files.readString(config)).path("pattern");
            return pattern.isTextual() ? Optional.of(pattern.asText()) : Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty(); // changed under us: the catalog reports it at the next look
        }
    }

    @Override
    public List<String> patternUpstreams(String id) {
        Path config = catalog.directory().resolve(id + PipelineCatalog.CONFIG_SUFFIX);
        if (!Files.isRegularFile(config)) {
            return List.of();
        }
        try {
            List<String> upstreams = new java.util.ArrayList<>();
            Json.parse(Files.readString(config)).path("dependencies").path("upstream").forEach(u -> {
                if (u.isTextual()) {
                    upstreams.add(u.asText());
                }
            });
            return List.copyOf(upstreams);
        } catch (IOException | IllegalArgumentException e) {
            return List.of(); // changed under us: the catalog reports it at the next look
        }
    }

    @Override
    public List<Schedule> schedules(String id, Instant now, int fires) {
        PipelineOptions declared = options.find(id).options();
        if (declared == null) {
            return List.of();
        }
        List<Schedule> out = new ArrayList<>();
        for (PipelineOptions.Schedule s : declared.schedules()) {
            List<Instant> next = new ArrayList<>();
            Instant after = now;
            for (int n = 0; n < fires; n++) {
                Optional<Instant> fire = s.shape().expression().next(after);
                if (fire.isEmpty()) {
                    break;
                }
                next.add(fire.get());
                after = fire.get();
            }
            out.add(new Schedule(s.label(), s.shape().expression().text(), s.shape().zone().getId(), s.shape().overlap().code(),
                    s.shape().catchUp().code(), next));
        }
        return out;
    }

    @Override
    public Optional<JsonNode> definition(String id) {
        return catalog.find(id) instanceof PipelineCatalog.Lookup.Found f ? Optional.of(f.pipeline().definition().source()) : Optional.empty();
    }

    @Override
    public String whereExpected(String id) {
        return "a file " + catalog.shownDirectory() + id + PipelineCatalog.SUFFIX;
    }

    private static List<Problem> problems(List<PipelineProblem> problems) {
        return problems.stream().map(p -> new Problem(p.toString(), p.warning())).toList();
    }
}
