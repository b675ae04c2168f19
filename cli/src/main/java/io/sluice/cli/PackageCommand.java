package io.sluice.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code sluice package PLATFORM}: builds a platform's deployment bundle; one subcommand per platform. */
@Command(name = "package", description = "Build a deployment bundle: 'sluice package azure'.",
        subcommands = {AzurePackageCommand.class})
final class PackageCommand implements Callable<Integer> {
    private final CliContext context;

    PackageCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        throw new SluiceCli.UsageException("name the platform to package: azure");
    }
}
