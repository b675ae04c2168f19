package io.sluice.tests.architecture.violations.aws;

import io.sluice.tests.architecture.violations.azure.AzureThing;
import io.sluice.tests.architecture.violations.local.LocalThing;
import io.sluice.tests.architecture.violations.redis.RedisThing;

/** Bad: the AWS adapter reaching into the Azure adapter and the local runtime. Its use of the Redis adapter is allowed. */
public class AwsThing {
    AzureThing azure;
    LocalThing local;
    RedisThing redis;
}
