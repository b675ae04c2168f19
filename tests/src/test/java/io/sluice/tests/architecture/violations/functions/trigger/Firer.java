package io.sluice.tests.architecture.violations.functions.trigger;

import io.sluice.tests.architecture.violations.functions.orchestrator.Tick;

/** Bad, with {@link Tick}: the other half of a package cycle. */
public class Firer {
    Tick tick;
}
