package io.sluice.local.cli;

import java.io.PrintStream;
import java.util.Arrays;

/** The {@code sluice} command line. Each command writes results to {@code out} and problems to {@code err}. */
public final class SluiceCli {
    /** Exit code for a usage error or an invalid definition, as the CLI contract says. */
    public static final int EXIT_INVALID = 2;

    private SluiceCli() {}

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? EXIT_INVALID : 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            return switch (args[0]) {
                case "validate" -> new ValidateCommand(out, err).run(rest);
                case "exec" -> new ExecCommand(out, err).run(rest);
                case "render" -> new RenderCommand(out, err).run(rest);
                default -> {
                    err.println("sluice: unknown command '" + args[0] + "'");
                    usage(err);
                    yield EXIT_INVALID;
                }
            };
        } catch (UsageException e) {
            err.println("sluice " + args[0] + ": " + e.getMessage());
            return EXIT_INVALID;
        }
    }

    static void usage(PrintStream to) {
        to.println("""
                usage: sluice <command> [options]

                  validate FILE...                     check ASL definitions; exit 2 and one 'FILE: /pointer: problem' line each when invalid
                  exec DEFINITION [--input JSON | --input-file FILE] [--mocks FILE --test-case NAME] [--trace]
                                                       run a state machine in-process on virtual time
                  render PATTERN CONFIG                print the ASL definition a pattern renders from a config
                  test                                 run the whole test suite (mvn verify) with a JDK >= 21
                """.stripTrailing());
    }

    /** A command line that cannot be acted on; the message says what was expected. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
