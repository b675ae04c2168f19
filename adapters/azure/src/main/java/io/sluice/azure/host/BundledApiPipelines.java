package io.sluice.azure.host;

import io.sluice.api.port.Pipelines;
import io.sluice.orchestration.definition.Definition;
import java.util.List;

/** The API's {@link Pipelines} over the bundle: every bundled pipeline is valid (the bundle does not start otherwise). */
final class BundledApiPipelines implements Pipelines {
    private final BundledPipelines bundle;

    BundledApiPipelines(BundledPipelines bundle) {
        this.bundle = bundle;
    }

    @Override
    public List<String> ids() {
        return bundle.ids();
    }

    @Override
    public Lookup find(String id) {
        Definition d = bundle.definition(id);
        return d == null ? new Lookup.Missing(id) : new Lookup.Found(id, d.hash());
    }

    @Override
    public Options options(String id) {
        return new Options(new Declared(bundle.dependsOn(id), null), List.of());
    }

    @Override
    public String whereExpected(String id) {
        return "a file pipelines/" + id + BundledPipelines.SUFFIX + " in the deployed bundle";
    }
}
