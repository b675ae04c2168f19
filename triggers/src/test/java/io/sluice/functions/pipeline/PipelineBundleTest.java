package io.sluice.functions.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one reader of a cloud bundle's {@code <id>.pipeline.json}: the AWS and Azure hosts once read it with copies of their own
 * (Azure's never read {@code webhook}, so a signed webhook fell back to API keys there; their retention rules disagreed with
 * the local runtime's). Now every host reads every field with {@link PipelineOptions}.
 */
class PipelineBundleTest {
    static final String PASS = "{\"StartAt\": \"D\", \"States\": {\"D\": {\"Type\": \"Pass\", \"End\": true}}}";

    static PipelineBundle read(PipelineBundle.Entry... entries) {
        return PipelineBundle.read(List.of(entries), Tenancy.SINGLE, "test bundle");
    }

    @Test
    void everyDeclarationIsReadAsLocally() {
        PipelineBundle bundle = read(new PipelineBundle.Entry("orders.asl.json", PASS, null),
                new PipelineBundle.Entry("report.asl.json", PASS, """
                        {"dependsOn": ["orders"], "webhook": {"secret": "report-hook", "toleranceSeconds": 60},
                         "schedule": {"expression": "cron(0 3 * * ? *)"}, "retention": "P7D", "priority": "P1"}"""));

        PipelineOptions report = bundle.options("report");
        assertThat(report.webhook()).isEqualTo(new PipelineOptions.Webhook("report-hook", Duration.ofSeconds(60)));
        assertThat(report.schedules()).hasSize(1);
        assertThat(bundle.priority("report")).isEqualTo(Priority.P1);
        assertThat(bundle.retention("report")).contains(Duration.ofDays(7));
        assertThat(bundle.dependencyGraph().dependentsOf("orders")).singleElement().satisfies(d -> assertThat(d.pipeline()).isEqualTo("report"));
        assertThat(bundle.options("orders")).isEqualTo(PipelineOptions.NONE);
        assertThat(bundle.ids()).containsExactly("orders", "report");
    }

    @Test
    void aBundleWithABadFileIsRefusedWholeNamingEveryProblem() {
        assertThatThrownBy(() -> read(new PipelineBundle.Entry("report.asl.json", PASS, """
                        {"dependsOn": ["missing"], "webhook": {"secret": "the secret itself!"}, "priority": "P9",
                         "schedule": {"expression": "cron(99 * * * ? *)"}}"""),
                new PipelineBundle.Entry("broken.asl.json", "{\"StartAt\": \"Nowhere\", \"States\": {}}", null)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContainingAll("(test bundle)", "report.pipeline.json: /webhook/secret: expected the name of a secret",
                        "report.pipeline.json: /priority:", "report.pipeline.json: /schedule",
                        "report.pipeline.json: /dependsOn: upstream pipeline 'missing' is not bundled", "broken.asl.json: ");
    }
}
