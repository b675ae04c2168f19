package io.sluice.functions.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.WithUtf8Length;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.trigger.object.InvalidRulesException;
import io.sluice.functions.trigger.object.ObjectEvents;
import io.sluice.functions.trigger.object.ObjectRules;
import io.sluice.functions.trigger.object.ParsedRecord;

/**
 * Coverage-guided fuzzing (Jazzer) of every body that reaches the functions from outside: object-created
 * events in each format (S3 notifications, SNS envelopes, EventBridge, Event Grid, CloudEvents, local folder
 * events, which are also the SQS bodies of an S3 → SQS route), object rules files, and the messages on the
 * orchestrator and task queues (a poison message must be refused with a reason, not crash a consumer).
 *
 * <p>The property: the event parser never throws and every rejected record says where and why; the rules and
 * message readers either read the text or throw their own {@link IllegalArgumentException} naming the field
 * and what it expected. No other exception, no {@link StackOverflowError}.
 *
 * <p>{@code mvn test} replays the seed corpus under
 * {@code src/test/resources/io/sluice/functions/fuzz/InboundFuzzTestInputs/<method>/} (the recorded event
 * fixtures, the rules of the tests, real queue messages) and every finding kept there. A fuzzing run:
 * {@code JAZZER_FUZZ=1 mvn -B -o test -pl functions -Dtest='InboundFuzzTest#objectEvents'}.
 */
class InboundFuzzTest {
    /** Up to 4096 bytes: the recorded events are up to 2 KB (Jazzer's default for a String is 1000 bytes). */
    @FuzzTest(maxDuration = "60s")
    void objectEvents(@WithUtf8Length(max = 4096) String body) {
        ObjectEvents.ParsedEvent parsed = ObjectEvents.parse(body);
        assertThat(parsed.format()).isNotNull();
        assertThat(parsed.records()).isNotNull();
        for (ParsedRecord r : parsed.records()) {
            assertThat(r.where()).as(r.toString()).isNotBlank();
            if (r instanceof ParsedRecord.Malformed m) {
                assertThat(m.reason()).isNotNull();
                assertThat(m.detail()).as(m.toString()).isNotBlank();
                // No Java class name in the reason; what it quotes of the body may say anything.
                assertThat(outsideQuotes(m.detail())).as(m.toString()).doesNotContain("Exception");
            }
            if (r instanceof ParsedRecord.Found f) {
                assertThat(f.object().key()).isNotEmpty();
            }
        }
    }

    @FuzzTest(maxDuration = "60s")
    void objectRules(String json) {
        try {
            ObjectRules.parse(json);
        } catch (InvalidRulesException e) {
            assertThat(e.problems()).isNotEmpty();
            for (String p : e.problems()) {
                // A field name may hold ':' (the CI fuzz run's crash-8452...: a field ":bucket", "/rules/0/:bucket: unknown
                // field"): the sentence starts with a pointer, then ": " and the reason.
                assertThat(p).as("a problem starts with the pointer of its field").matches("(?s)(/.*)?: .+");
            }
        }
    }

    @FuzzTest(maxDuration = "60s")
    void orchestratorMessages(String text) {
        try {
            assertThat(MessageCodec.decode(text).executionId()).isNotEmpty();
        } catch (IllegalArgumentException e) {
            assertClearError(e);
        }
    }

    @FuzzTest(maxDuration = "60s")
    void taskMessages(String text) {
        try {
            assertThat(TaskMessage.decode(text).token()).isNotEmpty();
        } catch (TaskMessage.UnknownVersion e) {
            assertThat(e.getMessage()).startsWith(TaskMessage.UNKNOWN_VERSION);
        } catch (IllegalArgumentException e) {
            assertClearError(e);
        }
    }

    private static void assertClearError(IllegalArgumentException e) {
        String m = e.getMessage();
        assertThat(m).as("the error names the field and what was expected, or says the text is no JSON").isNotBlank()
                .matches("(?s)(not valid JSON: .+|.*[A-Za-z]+: expected .+)");
        // No Java class name or enum lookup in the sentence; what it quotes of the message ('...') may say anything.
        assertThat(outsideQuotes(m)).as(m).doesNotContain("Exception").doesNotContain("No enum constant");
    }

    /** The sentence without what it quotes (from its first single quote to its last: a quoted value may hold quotes). */
    static String outsideQuotes(String sentence) {
        return sentence.replaceAll("(?s)'.*'", "''");
    }
}
