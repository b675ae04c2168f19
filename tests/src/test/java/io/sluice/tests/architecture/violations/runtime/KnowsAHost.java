package io.sluice.tests.architecture.violations.runtime;

import io.sluice.tests.architecture.violations.aws.AwsThing;

/** Bad: the composition reaching into one host's adapter. */
public class KnowsAHost {
    AwsThing aws;
}
