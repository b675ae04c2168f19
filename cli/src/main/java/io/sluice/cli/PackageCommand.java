package io.sluice.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code sluice package aws|azure}: builds a platform's deployment bundle; one subcommand per platform. */
@Command(name = "package", mixinStandardHelpOptions = true,
        description = "Build a platform's deployment bundle with the pipelines in it: package aws [--pipelines DIR] | package azure.",
        subcommands = {AwsPackageCommand.class, AzurePackageCommand.class})
final class PackageCommand implements Callable<Integer> {
    PackageCommand(CliContext context) {
    }

    @Override
    public Integer call() {
        throw new SluiceCli.UsageException("name the platform to package: aws or azure");
    }
}
