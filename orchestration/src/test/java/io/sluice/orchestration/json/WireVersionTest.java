package io.sluice.orchestration.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WireVersionTest {
    private static final WireVersion ADDED = new WireVersion("test message", 2, true);
    private static final WireVersion FIRST = new WireVersion("test record", 1, false);

    @Test
    void aReaderAcceptsTheCurrentVersionAndTheOneBefore() {
        assertThat(ADDED.check(Json.parse("{\"v\":2}"))).isEqualTo(2);
        assertThat(ADDED.check(Json.parse("{\"v\":1}"))).isEqualTo(1);
        assertThat(ADDED.check(Json.parse("{\"type\":\"x\"}"))).as("version 1 was written without v").isEqualTo(1);
        assertThat(new WireVersion("later", 3, true).accepts(1)).as("two versions back").isFalse();
        assertThatThrownBy(() -> new WireVersion("later", 3, true).check(Json.parse("{}")))
                .hasMessageStartingWith("later field v: expected 3, or 2, got none");
    }

    @Test
    void anythingElseIsRefusedNamingTheFieldAndWhatIsAccepted() {
        assertThatThrownBy(() -> ADDED.check(Json.parse("{\"v\":3}"))).isInstanceOf(WireVersion.Unsupported.class)
                .hasMessageStartingWith("test message field v: expected 2, or 1 (written without \"v\"), got 3");
        assertThatThrownBy(() -> ADDED.check(Json.parse("{\"v\":\"2\"}"))).hasMessageContaining("got \"2\"");
        assertThatThrownBy(() -> FIRST.check(Json.parse("{}"))).hasMessageStartingWith("test record field v: expected 1, got none");
        assertThatThrownBy(() -> FIRST.check(Json.parse("{\"v\":0}"))).hasMessageContaining("expected 1, got 0");
        assertThatThrownBy(() -> FIRST.check(Json.parse("{\"v\":\"" + "x".repeat(500) + "\"}")))
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(200));
    }

    @Test
    void theVersionIsTheFirstField() {
        assertThat(Json.write(ADDED.stamp(Json.object().put("type", "t").put("v", 9)))).isEqualTo("{\"v\":2,\"type\":\"t\"}");
        assertThat(Json.write(FIRST.stamp().put("id", "x"))).isEqualTo("{\"v\":1,\"id\":\"x\"}");
        assertThatThrownBy(() -> new WireVersion("none", 0, false)).hasMessageContaining("1 or more");
    }
}
