package io.sluice.api.bundle;

import io.sluice.api.port.Pipelines;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.functions.pipeline.PipelineBundle;
import java.util.List;

/**
 * The API's {@link Pipelines} on a cloud host, over the pipelines bundled with the deployment. A bundle with an invalid
 * pipeline does not start (see {@link BundledPipelines}), so every bundled pipeline is found and valid; a signed webhook
 * is read from its {@code <id>.pipeline.json} by the reader every host uses (Azure's copy of this class once fell back to
 * API keys). The state machines created through the Step Functions API ({@link StoredStateMachines}) are pipelines here
 * too (without options).
 */
public final class BundledApiPipelines implements Pipelines {

    private final BundledPipelines bundle;
    private final StoredStateMachines created;

    /** @param created the state machines created through the API; {@code null} where there is no Step Functions API */
    public BundledApiPipelines(BundledPipelines bundle, StoredStateMachines created) {
        this.bundle = bundle;
        this.created = created;
    }

    @Override
    public List<String> ids() {
        return created.names();
    }

    @Override
    public Lookup find(String id) {
        return bundle.definition(id).or(() -> created.created(id))
                .<Lookup>map(definition -> new Lookup.Found(id, definition.hash())).orElseGet(() -> new Lookup.Missing(id));
    }

    /** As every host reads them ({@code PipelineBundle}): a signed webhook there is this API's webhook. */
    @Override
    public Options options(String id) {
        return Options.of(bundle.options(id), List.of());
    }

    @Override
    public String whereExpected(String id) {
        return "a file pipelines/" + id + PipelineBundle.SUFFIX + " in the deployment's bundle";
    }
}
