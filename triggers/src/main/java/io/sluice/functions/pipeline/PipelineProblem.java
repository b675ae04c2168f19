package io.sluice.functions.pipeline;

/**
 * Something wrong with a pipeline file: the file, a JSON pointer into it and a sentence.
 * {@code warning} problems do not keep the pipeline from loading.
 */
public record PipelineProblem(String file, String pointer, String message, boolean warning) {
    /** {@code FILE: /pointer: sentence}, as {@code sluice validate} prints problems. */
    @Override
    public String toString() {
        return file + ": " + (pointer.isEmpty() ? "/" : pointer) + ": " + (warning ? "warning: " : "") + message;
    }
}
