package io.sluice.orchestration.port;

import java.util.Map;
import java.util.Optional;

/**
 * Runs ETL jobs (Glue, Data Factory or Synapse pipelines, the local DuckDB engine). A run is started
 * with a client token, and the same token never starts a second run of the same job: a task that is
 * retried or redelivered finds the run it started before. Each run ends by emitting one completion
 * (how it is delivered is the implementation's: a listener, an event bus); callers that cannot
 * receive it read {@link #status} instead.
 */
public interface JobLauncher {

    /** Starts {@code request}'s job, or returns the run already started with its client token. */
    JobRun start(JobRequest request);

    /** The run's current state; empty for a run this launcher does not know. */
    Optional<JobRun> status(String runId);

    /**
     * What to run. Arguments are the job's parameters by name (Glue's {@code --name} keys without the
     * dashes).
     */
    record JobRequest(String jobName, String clientToken, Map<String, String> arguments) {
        public JobRequest {
            if (jobName == null || jobName.isBlank()) {
                throw new IllegalArgumentException("a job run needs a job name");
            }
            if (clientToken == null || clientToken.isBlank()) {
                throw new IllegalArgumentException("a job run needs a client token, so that a retried task finds its run");
            }
            arguments = Map.copyOf(arguments);
        }
    }
}
