package io.sluice.tests.architecture.violations.postgres;

import io.sluice.tests.architecture.violations.api.CleanApi;
import io.sluice.tests.architecture.violations.cli.CliThing;

/** Bad: a shared adapter reaching into the HTTP API and the CLI, which run on top of it. */
public class UsesApiAndCli {
    CleanApi api;
    CliThing cli;
}
