package io.sluice.tests.architecture.violations.functions.task;

import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.SecretResolver;

/** Bad: a task function keeping the platform's whole object store and secret store instead of its owner's views. */
public class HoldsTheWholeStore {
    ObjectStore objects;
    SecretResolver secrets;
}
