package io.sluice.api.port;

import java.util.Optional;

/**
 * The logs of job runs, on a host whose job engine keeps them where it can read them (the local host's DuckDB engine:
 * {@code <job runs folder>/runs/<run id>/log.txt}). A cloud host's job logs are links already (CloudWatch, Azure
 * Monitor) and it has none of this. Whether a caller may read a log is decided by the API before it calls here.
 */
public interface JobLogs {

    /**
     * The end of the log at {@code location} as the job engine reported it (in a failed run's {@code LogLocation}), at
     * most {@code maxBytes} of it; empty when {@code location} is not one of its logs or the log is gone.
     */
    Optional<Log> read(String location, int maxBytes);

    /** @param truncated only the end of a longer log */
    record Log(String text, boolean truncated) {}
}
