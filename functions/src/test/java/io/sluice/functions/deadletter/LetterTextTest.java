package io.sluice.functions.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LetterTextTest {

    @Test
    void aSluiceMessageIsKeptWholeWithItsSecretReferences() {
        String body = "{\"type\":\"result\",\"token\":\"t1\",\"output\":{\"db\":{\"secret\":\"warehouse/password\"}}}";
        LetterText.Kept kept = LetterText.of(body, Map.of("executionId", "orders:1", "token", "t1"));
        assertThat(kept.complete()).isTrue();
        assertThat(kept.body()).isEqualTo(body);
        assertThat(kept.attributes()).containsEntry("token", "t1");
    }

    @Test
    void valuesUnderSecretLookingNamesAreLeftOutAtAnyDepthAndMakeTheLetterIncomplete() {
        LetterText.Kept kept = LetterText.of("{\"a\":[{\"Password\":\"p1\"},{\"client_secret\":\"p2\"}],\"Headers\":{\"Authorization\":\"Bearer p3\"},"
                + "\"apiKeyValue\":\"p4\",\"keep\":\"v\"}", Map.of("x-api-key", "p5", "executionId", "e"));
        assertThat(kept.complete()).isFalse();
        assertThat(kept.body()).doesNotContain("p1", "p2", "p3", "p4").contains("\"keep\":\"v\"").contains(LetterText.LEFT_OUT);
        assertThat(kept.attributes()).containsEntry("x-api-key", LetterText.LEFT_OUT).containsEntry("executionId", "e");
    }

    @Test
    void aLongBodyIsCutAndTextThatIsNotJsonIsKeptAsItIs() {
        LetterText.Kept text = LetterText.of("plain text", Map.of());
        assertThat(text.body()).isEqualTo("plain text");
        assertThat(text.complete()).isTrue();
        LetterText.Kept cut = LetterText.of("x".repeat(LetterText.MAX_BODY + 10), Map.of());
        assertThat(cut.body()).hasSize(LetterText.MAX_BODY);
        assertThat(cut.complete()).isFalse();
    }

    @Test
    void theLetterIdIsTheSameForTheSameMessageOfTheSameQueue() {
        assertThat(DeadLetters.idOf("q", "m1")).matches("[0-9a-f]{32}").isEqualTo(DeadLetters.idOf("q", "m1"))
                .isNotEqualTo(DeadLetters.idOf("q", "m2")).isNotEqualTo(DeadLetters.idOf("q2", "m1"));
    }
}
