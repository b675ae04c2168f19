package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.DataPath;
import java.time.Instant;

/** A Wait state: holds the execution for some seconds or until a timestamp. Exactly one of the four is set. */
public record WaitState(String name, Selector inputPath, Selector outputPath, Long seconds, DataPath secondsPath,
                        Instant timestamp, DataPath timestampPath, String next, boolean usesContext) implements State {}
