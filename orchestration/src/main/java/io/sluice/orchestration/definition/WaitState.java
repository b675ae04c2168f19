package io.sluice.orchestration.definition;

import java.time.Instant;

/**
 * A Wait state: holds the execution for some seconds or until a timestamp, each given literally or
 * computed (SecondsPath, TimestampPath, or a JSONata expression). Exactly one of the four is set.
 */
public record WaitState(String name, Selector inputPath, Selector outputPath, Long seconds, PathOrIntrinsic secondsPath,
                        Instant timestamp, PathOrIntrinsic timestampPath, String next, boolean usesContext,
                        Exit exit) implements State {}
