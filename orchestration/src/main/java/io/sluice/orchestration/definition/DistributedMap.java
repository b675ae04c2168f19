package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.ValueTemplate;

/**
 * What makes a Map state distributed ({@code ItemProcessor.ProcessorConfig.Mode: DISTRIBUTED}): its items
 * run as child executions of their own, read from the state's input or by an {@link Reader ItemReader},
 * perhaps in batches, with their results written by a {@link Writer ResultWriter}. The interpreter only
 * renders these fields for the state's input; a map-run coordinator outside the engine does the rest.
 *
 * @param executionType      {@code STANDARD} (durable children) or {@code EXPRESS}
 * @param processor          the item processor as a state machine definition of its own (without ProcessorConfig)
 * @param itemSelector       ItemSelector (or the older Parameters) as written, or {@code null}: each child gets its item
 * @param reader             the ItemReader, or {@code null}: the items are ItemsPath (JSONPath) or Items (JSONata)
 * @param batcher            the ItemBatcher, or {@code null}: one item per child
 * @param writer             the ResultWriter, or {@code null}: the state's result is the array of child outputs
 * @param label              the Label, or {@code null}
 */
public record DistributedMap(String executionType, JsonNode processor, JsonNode itemSelector, Reader reader, Batcher batcher,
                             Writer writer, Double toleratedPercentage, PathOrIntrinsic toleratedPercentagePath,
                             Integer toleratedCount, PathOrIntrinsic toleratedCountPath, String label) {

    /** ItemReader: {@code Resource}, its Parameters (Arguments in JSONata), ReaderConfig as written, and MaxItems. */
    public record Reader(String resource, ValueTemplate parameters, JsonNode readerConfig, Integer maxItems,
                         PathOrIntrinsic maxItemsPath) {}

    /** ItemBatcher: the limits (literal or computed) and BatchInput. */
    public record Batcher(Integer maxItems, PathOrIntrinsic maxItemsPath, Integer maxBytes, PathOrIntrinsic maxBytesPath,
                          ValueTemplate batchInput) {}

    /** ResultWriter: {@code Resource} ({@code null} with WriterConfig only), its Parameters, and WriterConfig as written. */
    public record Writer(String resource, ValueTemplate parameters, JsonNode writerConfig) {}
}
