package io.sluice.tests.architecture.violations.orchestration;

import io.sluice.tests.architecture.violations.functions.CleanFunction;
import io.sluice.tests.architecture.violations.local.LocalThing;
import io.sluice.tests.architecture.violations.redis.RedisThing;

/** Bad: the core reaching outwards, to a function and to two adapters. */
public class UsesAdapters {
    LocalThing local;
    RedisThing redis;
    CleanFunction function;
}
