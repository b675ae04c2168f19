package io.sluice.tests.architecture.violations.functions;

import io.sluice.tests.architecture.violations.orchestration.CleanCore;
import java.util.function.Function;

/** Good (a negative control): a function that uses only the core. */
public class CleanFunction implements Function<String, String> {
    private final CleanCore core = new CleanCore();

    @Override
    public String apply(String input) {
        return core.parse(input).toString();
    }
}
