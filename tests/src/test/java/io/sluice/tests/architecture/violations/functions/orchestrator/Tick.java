package io.sluice.tests.architecture.violations.functions.orchestrator;

import io.sluice.tests.architecture.violations.functions.trigger.Firer;

/** Bad, with {@link Firer}: the orchestrator package uses a trigger package that uses it back (the cycle Sluice once had). */
public class Tick {
    Firer firer;
}
