package io.sluice.functions.fuzz;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.trigger.object.InvalidRulesException;
import io.sluice.functions.trigger.object.ObjectRules;
import org.junit.jupiter.api.Test;

/** Findings of {@link InboundFuzzTest}, kept as the inputs that found them. */
class PoisonMessageRegressionTest {
    @Test
    void anEmptyOrchestratorMessageSaysWhatWasExpected() {
        // Found: Jackson's "argument "content" is null" escaped for a null body, and an empty one.
        assertThatThrownBy(() -> MessageCodec.decode(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orchestrator message: expected a JSON object, got an empty body");
        assertThatThrownBy(() -> MessageCodec.decode("  ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orchestrator message: expected a JSON object, got an empty body");
    }

    @Test
    void anOrchestratorMessageThatIsNoObjectSaysSo() {
        assertThatThrownBy(() -> MessageCodec.decode("[1]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orchestrator message: expected a JSON object, got a JSON array");
    }

    @Test
    void aTaskResultWithoutASluiceTokenNamesTheField() {
        // Found by the seeds of orchestratorMessages once replayed as written: TaskToken's "that is not a Sluice task
        // token" named no field. The token itself is not repeated (a credential).
        assertThatThrownBy(() -> MessageCodec.decode("{\"type\":\"heartbeat\",\"token\":\"orders:run-1/Load/0\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("token: expected a Sluice task token (the value of $$.Task.Token)");
    }

    @Test
    void aPartitionRegexThatDoesNotCompileIsAProblemOfItsField() {
        // Found by the CI fuzz run (crash-8f5c3..., objectRules): a group name with a Cyrillic letter. The reader refuses
        // it naming the field; Jazzer's regex-injection sanitizer, which reports any such regex, is off for this module.
        String rules = "{\"rules\": [{\"bucket\": \"landing\", \"pipeline\": \"p\", \"partition\": {\"regex\": "
                + "\"(?<region>[a-z]+)/(?<\u0422rtition>\\\\d{8})\"}}]}";
        assertThatThrownBy(() -> ObjectRules.parse(rules)).isInstanceOfSatisfying(InvalidRulesException.class,
                e -> org.assertj.core.api.Assertions.assertThat(e.problems()).anySatisfy(p ->
                        org.assertj.core.api.Assertions.assertThat(p).startsWith("/rules/0/partition")));
    }

    @Test
    void anEmptyTaskMessageSaysWhatWasExpected() {
        assertThatThrownBy(() -> TaskMessage.decode(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("task message: expected a JSON object, got an empty body");
    }

    @Test
    void anUnknownIntegrationPatternIsNamedWithTheOnesThereAre() {
        // Found: "No enum constant ...IntegrationPattern.SYNCH" named a Java class, not the field.
        assertThatThrownBy(() -> TaskMessage.decode("{\"v\":1,\"token\":\"t\",\"function\":\"f\",\"pattern\":\"SYNCH\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("task message field pattern: expected one of [REQUEST_RESPONSE, SYNC, WAIT_FOR_TASK_TOKEN], got 'SYNCH'");
    }

    /**
     * Every kept input is in the form Jazzer reads a {@code String} argument from: a byte 1 (not null), the length as a
     * big-endian int, then the UTF-8 text. A plain text file would lose its first five bytes (a CI fuzz run found the
     * hand-written seeds had: {@code {"type":...} was replayed as {@code e":...}). To add a seed, prefix it so.
     */
    @Test
    void everyKeptInputIsInJazzersStringForm() throws java.io.IOException {
        java.nio.file.Path inputs = java.nio.file.Path.of("src/test/resources/io/sluice/functions/fuzz/InboundFuzzTestInputs");
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(inputs)) {
            java.util.List<java.nio.file.Path> all = files.filter(java.nio.file.Files::isRegularFile).toList();
            org.assertj.core.api.Assertions.assertThat(all).isNotEmpty();
            for (java.nio.file.Path f : all) {
                byte[] b = java.nio.file.Files.readAllBytes(f);
                org.assertj.core.api.Assertions.assertThat(b.length >= 5 && b[0] == 1
                        && java.nio.ByteBuffer.wrap(b, 1, 4).getInt() == b.length - 5).as(f.toString()).isTrue();
            }
        }
    }
}
