package io.sluice.azure.host;

import io.sluice.api.port.Pipelines;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.orchestration.definition.Definition;
import java.util.List;

/**
 * The API's {@link Pipelines} over the bundle: every bundled pipeline is valid (the bundle does not start otherwise);
 * the state machines created through the Step Functions API ({@link StoredStateMachines}) are pipelines too.
 */
final class BundledApiPipelines implements Pipelines {
    private final BundledPipelines bundle;
    private final StoredStateMachines created;

    BundledApiPipelines(BundledPipelines bundle, StoredStateMachines created) {
        this.bundle = bundle;
        this.created = created;
    }

    @Override
    public List<String> ids() {
        return created.names();
    }

    @Override
    public Lookup find(String id) {
        Definition d = bundle.definition(id);
        if (d == null) {
            d = created.created(id).orElse(null);
        }
        return d == null ? new Lookup.Missing(id) : new Lookup.Found(id, d.hash());
    }

    @Override
    public Options options(String id) {
        // A signed webhook declared in the bundle signs this API's webhook too: it once fell back to API keys here.
        return Options.of(bundle.options(id), List.of());
    }

    @Override
    public String whereExpected(String id) {
        return "a file pipelines/" + id + io.sluice.functions.pipeline.PipelineBundle.SUFFIX + " in the deployed bundle";
    }
}
