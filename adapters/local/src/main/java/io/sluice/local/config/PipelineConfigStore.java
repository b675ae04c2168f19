package io.sluice.local.config;

import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.orchestration.port.ConfigStore;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The local runtime's configs: the documents of the config folder, and, for a config the folder
 * does not have, the pattern config a pattern pipeline was rendered from: {@code orders.json} is then
 * {@code <pipelines>/orders.config.json}. So a pattern pipeline is one file, which read-config finds
 * by the pipeline's id when the pipeline runs.
 */
public final class PipelineConfigStore implements ConfigStore {
    private static final String JSON = ".json";

    private final ConfigStore configs;
    private final ConfigStore pipelines;

    public PipelineConfigStore(Path configDir, Path pipelinesDir) {
        this.configs = new FolderConfigStore(configDir);
        this.pipelines = new FolderConfigStore(pipelinesDir);
    }

    @Override
    public Optional<String> read(String name) {
        Optional<String> own = configs.read(name);
        if (own.isPresent() || !name.endsWith(JSON) || name.contains("/") || name.endsWith(".schema" + JSON)) {
            return own;
        }
        return pipelines.read(name.substring(0, name.length() - JSON.length()) + PipelineCatalog.CONFIG_SUFFIX);
    }

    @Override
    public String toString() {
        return "PipelineConfigStore[" + configs + ", pattern configs of " + pipelines + "]";
    }
}
