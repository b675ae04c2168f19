package io.sluice.orchestration.definition;

/** A Succeed state: ends its machine successfully with its (filtered) input, or its JSONata Output. */
public record SucceedState(String name, Selector inputPath, Selector outputPath, boolean usesContext, Exit exit) implements State {}
