package io.sluice.api.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.port.Pipelines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * A signed webhook a bundled pipeline declares is the API's webhook on the cloud hosts, read by the reader every host uses
 * (the AWS host's copy of this class checked the webhook on its own; Azure's never read it, so a webhook call there needed
 * only an API key).
 */
class BundledApiPipelinesTest {
    @TempDir
    Path dir;

    @Test
    void theBundlesSignedWebhookIsDeclared() throws Exception {
        Files.writeString(dir.resolve("report.asl.json"), "{\"StartAt\": \"D\", \"States\": {\"D\": {\"Type\": \"Pass\", \"End\": true}}}");
        Files.writeString(dir.resolve("report.pipeline.json"), "{\"webhook\": {\"secret\": \"report-hook\", \"toleranceSeconds\": 120}}");
        BundledPipelines bundle = BundledPipelines.load(new PathMatchingResourcePatternResolver(), "file:" + dir + "/*.asl.json");

        Pipelines.Options options = new BundledApiPipelines(bundle, null).options("report");

        assertThat(options.problems()).isEmpty();
        assertThat(options.declared().webhook()).isEqualTo(new Pipelines.Webhook("report-hook", Duration.ofSeconds(120)));
    }
}
