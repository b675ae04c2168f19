package io.sluice.functions.maprun;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.engine.RecordedCorpus;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The AWS-recorded corpus (orchestration's {@code conformance-recorded}, issue 34) with its distributed Maps run too:
 * the map-run task goes to {@link InProcessMapRuns}, as {@code sluice exec} runs it, each child an express execution
 * whose Task states answer as AWS's recorded invocations did. The table and the disagreements are written to
 * {@code target/recorded-conformance-with-map-runs.txt}.
 */
class RecordedMapRunsTest {
    /** Every recorded execution, a distributed Map's too: orchestration's 786 and the 22 that need the map-run function. */
    static final int CORPUS_SIZE = 808;
    /** Recorded executions that end as AWS's did, today (all of them): raise it with the corpus, never lower it. */
    static final int FLOOR_AGREEING = 808;
    /** Of those, the failures with AWS's cause text too. */
    static final int FLOOR_SAME_CAUSE = 808;

    @Test
    void distributedMapsRunOnTheMapRunFunctionAndAgreeWithAwsRecordings() throws IOException {
        List<RecordedCorpus.Outcome> outcomes = RecordedCorpus.runAll(RecordedCorpus.directory(),
                recorded -> new InProcessMapRuns(recorded, null, RandomSource.seeded(7), Ticker.NONE));
        String report = RecordedCorpus.report(outcomes);
        Files.writeString(Path.of("target", "recorded-conformance-with-map-runs.txt"), report);

        List<RecordedCorpus.Outcome> counted = RecordedCorpus.counted(outcomes);
        assertThat(counted).as("recorded executions, none left out for want of the map-run function").hasSize(CORPUS_SIZE);
        assertThat(counted.stream().filter(RecordedCorpus.Outcome::agrees).count())
                .as("recorded executions that end as AWS's did (see target/recorded-conformance-with-map-runs.txt)")
                .isGreaterThanOrEqualTo(FLOOR_AGREEING);
        assertThat(counted.stream().filter(RecordedCorpus.Outcome::causeAgrees).count())
                .as("recorded executions that end as AWS's did, a failure with AWS's cause text too")
                .isGreaterThanOrEqualTo(FLOOR_SAME_CAUSE);
    }
}
