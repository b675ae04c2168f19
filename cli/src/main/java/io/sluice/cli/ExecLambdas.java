package io.sluice.cli;

import io.sluice.functions.integration.lambda.LambdaMappings;
import io.sluice.functions.integration.lambda.LocalLambdas;
import java.io.PrintStream;
import java.nio.file.Path;

/** {@code --lambdas FILE} of {@code sluice exec}: the operator's Lambda mapping, {@code ./lambdas.json} when there is one. */
final class ExecLambdas {
    private ExecLambdas() {}

    /** The mapped functions (none when no file is named and there is no {@code ./lambdas.json}), or {@code null} after printing the file's problems. */
    static LocalLambdas load(String file, PrintStream err) {
        try {
            LambdaMappings mappings = LambdaMappings.read(Path.of(file == null ? LambdaMappings.DEFAULT_FILE : file), file != null);
            return new LocalLambdas(mappings, System.getenv());
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return null;
        }
    }
}
