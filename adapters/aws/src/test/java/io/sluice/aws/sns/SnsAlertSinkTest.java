package io.sluice.aws.sns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.stubs.aws.SnsStub;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.AlertSink.Alert;
import io.sluice.orchestration.port.AlertSink.Severity;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.NotFoundException;

/** The SNS alert sink against a <b>stub</b> of SNS's Publish ({@code SnsStub}, Query protocol): nothing serves SNS here. */
class SnsAlertSinkTest {
    private static final String TOPIC = "arn:aws:sns:us-east-1:123456789012:sluice-alerts";
    private static final String FIFO = "arn:aws:sns:us-east-1:123456789012:sluice-alerts.fifo";
    private static SnsStub stub;
    private static SnsClient sns;

    @BeforeAll
    static void start() {
        stub = new SnsStub().topic(TOPIC).topic(FIFO);
        sns = AwsClients.build(SnsClient.builder(), AwsClientSettings.local(stub.endpoint(), "us-east-1"));
    }

    @AfterAll
    static void stop() {
        sns.close();
        stub.close();
    }

    private static Map<String, String> last() {
        return stub.published().getLast();
    }

    @Test
    void anAlertIsPublishedAsItsJsonWithTheTitleAsSubjectAndSeverityAsAnAttribute() {
        Alert alert = new Alert("execution-failed:orders:run-1", Severity.ERROR, "orders failed: Glue.JobFailed",
                "Job 'enrich' run jr_1 ended FAILED.");
        new SnsAlertSink(sns, TOPIC).fire(alert);
        Map<String, String> form = last();
        assertThat(form).containsEntry("TopicArn", TOPIC).containsEntry("Subject", "orders failed: Glue.JobFailed");
        assertThat(Json.parse(form.get("Message"))).isEqualTo(Json.parse("""
                {"incidentKey": "execution-failed:orders:run-1", "severity": "ERROR", "title": "orders failed: Glue.JobFailed",
                 "detail": "Job 'enrich' run jr_1 ended FAILED."}"""));
        Map<String, String> attributes = new java.util.HashMap<>();
        for (int i = 1; form.containsKey("MessageAttributes.entry." + i + ".Name"); i++) {
            attributes.put(form.get("MessageAttributes.entry." + i + ".Name"), form.get("MessageAttributes.entry." + i + ".Value.StringValue"));
        }
        assertThat(attributes).containsEntry("severity", "ERROR").containsEntry("incidentKey", "execution-failed:orders:run-1");
        assertThat(form).doesNotContainKey("MessageGroupId");
    }

    @Test
    void aTitleBecomesASubjectSnsTakes() {
        new SnsAlertSink(sns, TOPIC).fire(new Alert("k", Severity.WARNING, "Übertrag\nfehlgeschlagen " + "x".repeat(200), "d"));
        assertThat(last().get("Subject")).startsWith("?bertrag fehlgeschlagen xxx").hasSize(99);
        assertThat(SnsAlertSink.subject(" \t ")).isEqualTo("Sluice alert");
    }

    @Test
    void aFifoTopicGetsAGroupAndTheIncidentAsDeduplicationId() {
        new SnsAlertSink(sns, FIFO).fire(new Alert("dlq:orchestrator:m-1", Severity.CRITICAL, "dead letter", "d"));
        assertThat(last()).containsEntry("MessageGroupId", "sluice-alerts");
        assertThat(last().get("MessageDeduplicationId")).hasSize(64).matches("[0-9a-f]+");
    }

    @Test
    void aPublishSnsRefusesThrowsSoTheCallerMayRetry() {
        assertThatThrownBy(() -> new SnsAlertSink(sns, TOPIC + "-absent").fire(new Alert("k", Severity.INFO, "t", "d")))
                .isInstanceOf(NotFoundException.class);
    }
}
