package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.ValueTemplate;

/** A Pass state: passes its input (or a fixed Result) to its output, shaped by the paths or by Output. */
public record PassState(String name, Selector inputPath, ValueTemplate parameters, JsonNode fixedResult,
                        ResultPath resultPath, Selector outputPath, String next, boolean usesContext,
                        Exit exit) implements State {}
