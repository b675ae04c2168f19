package io.sluice.aws.glue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * A Glue run as the port names it. Glue's GetJobRun needs the job's name with the run id, and the port's
 * {@code status(runId)} gets the run id alone, so Sluice's run id carries both: {@code <job name>:<Glue run id>},
 * as in {@code enrich:jr_3f2a...}. A start Glue refused (no such job) has no Glue id; it is
 * {@code <job name>:unstarted_<the client token, base64url>}, so its failure can be read back. Glue run ids and
 * base64url have no {@code :}, so the last one splits the two.
 */
record GlueRunId(String jobName, String glueRunId) {
    private static final String UNSTARTED = "unstarted_";

    static GlueRunId started(String jobName, String glueRunId) {
        return new GlueRunId(jobName, glueRunId);
    }

    static GlueRunId unstarted(String jobName, String clientToken) {
        return new GlueRunId(jobName, UNSTARTED + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(clientToken.getBytes(StandardCharsets.UTF_8)));
    }

    static Optional<GlueRunId> parse(String runId) {
        int colon = runId == null ? -1 : runId.lastIndexOf(':');
        if (colon <= 0 || colon == runId.length() - 1) {
            return Optional.empty();
        }
        return Optional.of(new GlueRunId(runId.substring(0, colon), runId.substring(colon + 1)));
    }

    boolean isStarted() {
        return !glueRunId.startsWith(UNSTARTED);
    }

    /** The client token of an unstarted run. */
    Optional<String> unstartedToken() {
        if (isStarted()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new String(Base64.getUrlDecoder().decode(glueRunId.substring(UNSTARTED.length())), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    String value() {
        return jobName + ":" + glueRunId;
    }

    @Override
    public String toString() {
        return value();
    }
}
