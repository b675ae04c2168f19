package io.sluice.azure.host;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.FileSystemResource;

/**
 * The bundle's priority channels ({@code ./sluice package azure --priority-channels}) against the deployment's
 * ({@code SLUICE_PRIORITY_CHANNELS}, from the Terraform module's {@code priority_channels}): the app starts only when they
 * name the same channels, or when either side predates the check.
 */
class BundledChannelsTest {
    @TempDir
    Path bundle;

    private FileSystemResource record(String json) throws Exception {
        return new FileSystemResource(Files.writeString(bundle.resolve("priority-channels.json"), json));
    }

    @Test
    void theSameChannelsStartInAnyOrderAndCase() throws Exception {
        FileSystemResource record = record("{\"priorityChannels\": [\"P0\", \"P2\"]}");

        assertThatCode(() -> BundledChannels.require(record, "p2, P0")).doesNotThrowAnyException();
    }

    @Test
    void aChannelWithQueuesButNoFunctionsOrTheOtherWayRoundDoesNotStartAndSaysWhatToChange() throws Exception {
        FileSystemResource record = record("{\"priorityChannels\": [\"P2\"]}");

        assertThatThrownBy(() -> BundledChannels.require(record, "P0,P2")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ships the task functions of the priority channels [P2]")
                .hasMessageContaining("has queues for [P0, P2]")
                .hasMessageContaining("--priority-channels P0,P2").hasMessageContaining("priority_channels to [P2]");
        FileSystemResource more = record("{\"priorityChannels\": [\"P0\", \"P2\", \"P3\"]}");
        assertThatThrownBy(() -> BundledChannels.require(more, "P2")).hasMessageContaining("has queues for [P2]");
    }

    @Test
    void withoutTheRecordOrTheSettingThereIsNothingToCompare() throws Exception {
        assertThatCode(() -> BundledChannels.require(new FileSystemResource(bundle.resolve("none.json")), "P0,P2")).doesNotThrowAnyException();
        FileSystemResource record = record("{\"priorityChannels\": [\"P2\"]}");
        assertThatCode(() -> BundledChannels.require(record, "")).doesNotThrowAnyException();
    }
}
