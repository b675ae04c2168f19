package io.sluice.tests.architecture.violations.functions;

import io.sluice.tests.architecture.violations.aws.AwsThing;

/** Bad: a function that depends on an adapter instead of a port. */
public class UsesAwsAdapter {
    AwsThing aws;
}
