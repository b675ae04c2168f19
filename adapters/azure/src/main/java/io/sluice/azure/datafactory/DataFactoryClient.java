package io.sluice.azure.datafactory;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The three Data Factory operations the job launcher needs, for one factory. */
public interface DataFactoryClient {

    /** {@code pipelines/{name}/createRun}: the new run's id, or empty when the factory has no such pipeline. */
    Optional<String> createRun(String pipeline, Map<String, String> parameters);

    /** {@code queryPipelineRuns} for {@code pipeline}, runs last updated in [{@code after}, {@code before}], every page. */
    List<PipelineRun> runsOf(String pipeline, Instant after, Instant before);

    /** {@code pipelineruns/{runId}}, or empty for a run the factory does not know. */
    Optional<PipelineRun> run(String runId);
}
