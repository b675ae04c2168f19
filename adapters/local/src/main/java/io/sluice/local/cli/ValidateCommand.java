package io.sluice.local.cli;

import java.io.PrintStream;

/** {@code sluice validate FILE...}: exit 0 when every file is valid, 2 otherwise. */
final class ValidateCommand {
    private final PrintStream out;
    private final PrintStream err;

    ValidateCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int run(String[] files) {
        if (files.length == 0) {
            throw new SluiceCli.UsageException("name at least one definition file");
        }
        boolean allValid = true;
        for (String file : files) {
            if (DefinitionFiles.load(file, err) == null) {
                allValid = false;
            }
        }
        if (allValid) {
            out.println(files.length == 1 ? files[0] + ": valid" : "all " + files.length + " definitions are valid");
        }
        return allValid ? 0 : SluiceCli.EXIT_INVALID;
    }
}
