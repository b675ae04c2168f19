package io.sluice.cli.aws;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import io.sluice.cli.bundle.PipelineFolder;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice package aws --substitutions FILE}: each bundled definition has its ${Name} placeholders filled. */
class AwsBundleSubstitutionsTest {
    @TempDir
    Path dir;

    @Test
    void bundledDefinitionsAreFilledAndAnUnfilledPlaceholderIsAProblem() throws Exception {
        Files.writeString(dir.resolve("orders.asl.json"), """
                {"StartAt": "Score", "States": {"Score": {"Type": "Task", "Resource": "${ScoreArn}", "End": true}}}""");
        DefinitionSubstitutions filled = DefinitionSubstitutions.parse(Json.parse(
                "{\"ScoreArn\": \"arn:aws:lambda:us-east-1:123456789012:function:score\"}"), "subs.json");
        List<String> problems = new ArrayList<>();
        Map<String, byte[]> files = PipelineFolder.collect(dir, Platform.AWS, filled, problems, new ArrayList<>());
        assertThat(problems).isEmpty();
        assertThat(Json.parse(new String(files.get("orders.asl.json"), StandardCharsets.UTF_8)).at("/States/Score/Resource").asText())
                .isEqualTo("arn:aws:lambda:us-east-1:123456789012:function:score");

        List<String> unfilled = new ArrayList<>();
        PipelineFolder.collect(dir, Platform.AWS, DefinitionSubstitutions.parse(Json.parse("{}"), "empty.json"), unfilled, new ArrayList<>());
        assertThat(unfilled).containsExactly(dir.resolve("orders.asl.json") + ": /States/Score/Resource: Placeholder ${ScoreArn} is not"
                + " filled: empty.json has no \"ScoreArn\" (DefinitionSubstitutions)");
    }
}
