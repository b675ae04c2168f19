package io.sluice.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code sluice} command line, on picocli: every command's options are declared once, on the
 * command's class, and the same declarations parse the arguments and print {@code --help}. Each
 * command writes results to {@code out} and problems to {@code err}.
 *
 * <p>Exit codes: 0 done; 1 the work failed (a run failed, the server refused or cannot be reached);
 * 2 a usage error or an invalid definition ({@code validate}, {@code exec} and {@code render} keep
 * that contract).
 */
@Command(name = "sluice", mixinStandardHelpOptions = true, version = "sluice 0.1.0",
        description = "Run Amazon States Language pipelines locally, on AWS Lambda or on Azure Functions.",
        commandListHeading = "%nCommands:%n", footer = {"", "Run 'sluice COMMAND --help' for a command's options."})
public final class SluiceCli {
    /** Exit code for a usage error or an invalid definition, as the CLI contract says. */
    public static final int EXIT_INVALID = 2;

    /**
     * The commands, in the order help lists them. They are added to the command line by {@link #commandLine(CliContext, String)}
     * rather than named in {@code @Command(subcommands = ...)}: picocli reads every annotation of a command (and loads the
     * types of its fields) when it is added, so a run that names its command adds that one only (bench/README.md, "CLI start").
     */
    static final List<Class<?>> COMMANDS = List.of(DemoCommand.class, StatusCommand.class, ValidateCommand.class, ExecCommand.class,
            RenderCommand.class, ServeCommand.class, RemoteCommands.Start.class, RemoteCommands.Executions.class,
            RemoteCommands.History.class, RemoteCommands.Stop.class, RemoteCommands.Redrive.class, RemoteCommands.Alerts.class,
            TaskCommands.class, RulesCommand.class, ApiKeyCommand.class, BackfillCommand.class, BenchCommand.class, ChaosCommand.class,
            PackageCommand.class, InvokeCommand.class, ParityCommand.class, SluiceCli.TestCommand.class);

    public static void main(String[] args) {
        int code = run(args, System.out, System.err, System.getenv());
        System.out.flush();
        System.exit(code);
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv());
    }

    /**
     * @param env the environment: {@code SLUICE_URL} for the commands that talk to a server, {@code PATH}
     *            to find {@code redis-server} for the bench
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        CommandLine cli = commandLine(new CliContext(out, err, env), args.length == 0 ? null : args[0]);
        if (args.length == 0) {
            cli.usage(err);
            err.flush();
            return EXIT_INVALID;
        }
        int code = cli.execute(args);
        cli.getOut().flush();
        cli.getErr().flush();
        return code;
    }

    /** The command line with every command: for help, an unknown command, and the tests that walk all of them. */
    static CommandLine commandLine(CliContext context) {
        return commandLine(context, null);
    }

    /**
     * The command line for arguments that start with {@code first}: when it names a command, with that command only (the
     * others are never read), else with all of them.
     */
    static CommandLine commandLine(CliContext context, String first) {
        CommandLine cli = new CommandLine(new SluiceCli(), new Factory(context));
        List<Class<?>> named = COMMANDS.stream().filter(c -> names(c).contains(first)).toList();
        (named.isEmpty() ? COMMANDS : named).forEach(c -> cli.addSubcommand(c));
        cli.setOut(new PrintWriter(context.out(), true));
        cli.setErr(new PrintWriter(context.err(), true));
        cli.setParameterExceptionHandler(SluiceCli::usageError);
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            // The whole command as typed ("sluice task success"), not its last word ("success").
            String command = line.getCommandSpec().qualifiedName();
            return switch (e) {
                case UsageException u -> {
                    line.getErr().println(command + ": " + u.getMessage());
                    line.getErr().println("Run '" + command + " --help' for its options.");
                    yield EXIT_INVALID;
                }
                case ApiClient.Unreachable u -> {
                    line.getErr().println(command + ": " + u.getMessage());
                    yield 1;
                }
                case InterruptedException i -> {
                    Thread.currentThread().interrupt();
                    line.getErr().println(command + ": interrupted");
                    yield 1;
                }
                default -> throw e;
            };
        });
        return cli;
    }

    private static List<String> names(Class<?> command) {
        Command c = command.getAnnotation(Command.class);
        List<String> names = new ArrayList<>(List.of(c.aliases()));
        names.add(c.name());
        return names;
    }

    /**
     * picocli's message and suggestions, and for a command that takes subcommands, all of their names:
     * a suggestion alone names only the nearest spelling, which may not be the command meant.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine line = e.getCommandLine();
        PrintWriter err = line.getErr();
        err.println(e.getMessage());
        boolean suggested = e instanceof CommandLine.UnmatchedArgumentException u && CommandLine.UnmatchedArgumentException.printSuggestions(u, err);
        if (!line.getSubcommands().isEmpty()) {
            err.println("'" + line.getCommandSpec().qualifiedName() + "' takes one of: "
                    + String.join(", ", line.getSubcommands().keySet().stream().filter(n -> !n.equals("help")).toList()));
        } else if (!suggested) {
            line.usage(err);
        }
        err.flush();
        return line.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** Makes each command with the context it writes to; picocli's own classes as picocli would. */
    private record Factory(CliContext context) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            try {
                Constructor<K> withContext = type.getDeclaredConstructor(CliContext.class);
                withContext.setAccessible(true);
                return withContext.newInstance(context);
            } catch (NoSuchMethodException e) {
                return CommandLine.defaultFactory().create(type);
            }
        }
    }

    /**
     * {@code sluice test} is the launcher's: it runs {@code mvn -B verify -T 2} from the checkout. Listed here so that
     * help shows it. For {@code ./sluice test --help} the launcher prints this same help itself (CliTextsTest holds
     * the two to one text) rather than handing {@code --help} to Maven.
     */
    @Command(name = "test", customSynopsis = "./sluice test [MAVEN_ARGUMENT...]",
            description = {"Run the whole test suite: 'mvn -B verify -T 2' (two modules at once).",
                    "It runs from the checkout, with a JDK >= 21.",
                    "Every argument after 'test' goes to Maven as it is. For example:",
                    "  ./sluice test -pl cli -am       the cli module and the modules it needs",
                    "  ./sluice test -o                offline: only what ~/.m2 already holds",
                    "  ./sluice test -T 1              one module at a time",
                    "  ./sluice test -pl cli -am -Dsurefire.failIfNoSpecifiedTests=false \\",
                    "      -Dtest=StatusCommandTest    one test class",
                    "It needs Maven, and Node.js 20+ with npm (the console module), on PATH."})
    static final class TestCommand implements java.util.concurrent.Callable<Integer> {
        private final CliContext context;
        @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
        private boolean help;
        @CommandLine.Unmatched
        private java.util.List<String> maven = new java.util.ArrayList<>();

        TestCommand(CliContext context) {
            this.context = context;
        }

        @Override
        public Integer call() {
            context.err().println("sluice test: run it through the ./sluice launcher, which runs 'mvn -B verify -T 2' from the checkout.");
            return EXIT_INVALID;
        }
    }

    /** A command line that cannot be acted on; the message says what was expected. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
