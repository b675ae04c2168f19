package io.sluice.aws.sns;

import io.sluice.functions.alert.AlertJson;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.AlertSink;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.MessageAttributeValue;
import software.amazon.awssdk.services.sns.model.PublishRequest;

/**
 * {@link AlertSink} on an SNS topic: one Publish per alert, its message the alert as the same JSON the log
 * sink writes ({@code incidentKey}, {@code severity}, {@code title}, {@code detail}), its subject the title (made
 * into what SNS takes: printable ASCII, one line, under 100 characters, for email subscribers), and
 * {@code severity} and {@code incidentKey} as message attributes, so subscriptions can filter on them. On a FIFO
 * topic ({@code .fifo}) alerts share one message group and are deduplicated by incident key (hashed). A failed
 * Publish throws, so the caller may try again.
 */
public final class SnsAlertSink implements AlertSink {
    private static final int MAX_SUBJECT = 99;
    private static final String GROUP = "sluice-alerts";

    private final SnsClient sns;
    private final String topicArn;

    public SnsAlertSink(SnsClient sns, String topicArn) {
        this.sns = sns;
        this.topicArn = topicArn;
    }

    @Override
    public void fire(Alert alert) {
        PublishRequest.Builder request = PublishRequest.builder().topicArn(topicArn).message(Json.write(AlertJson.of(alert)))
                .subject(subject(alert.title()))
                .messageAttributes(Map.of(
                        "severity", MessageAttributeValue.builder().dataType("String").stringValue(alert.severity().name()).build(),
                        "incidentKey", MessageAttributeValue.builder().dataType("String").stringValue(alert.incidentKey()).build()));
        if (topicArn.endsWith(".fifo")) {
            request.messageGroupId(GROUP).messageDeduplicationId(sha256(alert.incidentKey()));
        }
        sns.publish(request.build());
    }

    /** The title as an SNS subject: control characters and non-ASCII become spaces or {@code ?}, one line, at most 99 characters. */
    static String subject(String title) {
        StringBuilder out = new StringBuilder();
        String text = title == null ? "" : title;
        for (int i = 0; i < text.length() && out.length() < MAX_SUBJECT; i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                if (!out.isEmpty() && out.charAt(out.length() - 1) != ' ') {
                    out.append(' ');
                }
            } else {
                out.append(c < 0x7F ? c : '?');
            }
        }
        String subject = out.toString().strip();
        return subject.isEmpty() ? "Sluice alert" : subject;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return "SnsAlertSink[" + topicArn + "]";
    }
}
