package io.sluice.tests.architecture.violations.api;

import io.sluice.tests.architecture.violations.cli.CliThing;
import io.sluice.tests.architecture.violations.local.LocalThing;
import io.sluice.tests.architecture.violations.redis.RedisThing;
import org.apache.catalina.connector.Request;

/** Bad: the HTTP API reaching into the local host, an adapter, the CLI and the servlet container. */
public class ApiThing {
    LocalThing local;
    RedisThing redis;
    CliThing cli;
    Request tomcatRequest;
}
