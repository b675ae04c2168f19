package io.sluice.tests.architecture.violations.local;

import io.sluice.tests.architecture.violations.cli.CliThing;

/** Bad: the local host reaching out to the CLI that runs it. */
public class UsesCli {
    CliThing cli;
}
