package io.sluice.orchestration.definition;

/** A Succeed state: ends its machine (or branch) successfully. */
public record SucceedState(String name, Selector inputPath, Selector outputPath, boolean usesContext) implements State {}
