package io.sluice.tests.architecture.violations.azure;

import io.sluice.tests.architecture.violations.aws.AwsThing;
import io.sluice.tests.architecture.violations.local.LocalThing;
import io.sluice.tests.architecture.violations.redis.RedisThing;

/** Bad: the Azure adapter reaching into the AWS adapter and the local runtime. Its use of the Redis adapter is allowed. */
public class AzureThing {
    AwsThing aws;
    LocalThing local;
    RedisThing redis;
}
