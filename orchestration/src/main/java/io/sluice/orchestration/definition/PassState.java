package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.PayloadTemplate;

/** A Pass state: passes its input (or a fixed Result) to its output, shaped by the paths. */
public record PassState(String name, Selector inputPath, PayloadTemplate parameters, JsonNode fixedResult,
                        ResultPath resultPath, Selector outputPath, String next, boolean usesContext) implements State {}
