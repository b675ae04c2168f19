package io.sluice.local.http;

import io.sluice.api.port.Pipelines;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineOptions;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import io.sluice.local.pipeline.PipelineProblem;
import java.util.List;

/** The API's {@link Pipelines} over the pipelines folder: its definitions and their {@code .pipeline.json} options. */
final class FolderPipelines implements Pipelines {
    private final PipelineCatalog catalog;
    private final PipelineOptionsCatalog options;

    FolderPipelines(PipelineCatalog catalog, PipelineOptionsCatalog options) {
        this.catalog = catalog;
        this.options = options;
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
        PipelineOptions o = parsed.options();
        Declared declared = o == null ? null : new Declared(o.dependsOn(),
                o.webhook() == null ? null : new Webhook(o.webhook().secret(), o.webhook().tolerance()));
        return new Options(declared, problems(parsed.problems()));
    }

    @Override
    public String whereExpected(String id) {
        return "a file " + catalog.shownDirectory() + id + PipelineCatalog.SUFFIX;
    }

    private static List<Problem> problems(List<PipelineProblem> problems) {
        return problems.stream().map(p -> new Problem(p.toString(), p.warning())).toList();
    }
}
