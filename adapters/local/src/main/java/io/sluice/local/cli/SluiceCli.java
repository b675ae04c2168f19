package io.sluice.local.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;

/** The {@code sluice} command line. Each command writes results to {@code out} and problems to {@code err}. */
public final class SluiceCli {
    /** Exit code for a usage error or an invalid definition, as the CLI contract says. */
    public static final int EXIT_INVALID = 2;

    private SluiceCli() {}

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
                case "serve" -> new ServeCommand(out, err).run(rest);
                case "demo" -> new DemoCommand(out, err, env).run(rest);
                case "status" -> new StatusCommand(out, err, env).run(rest);
                case "start" -> remote(out, err, env).start(rest);
                case "executions" -> remote(out, err, env).executions(rest);
                case "history" -> remote(out, err, env).history(rest);
                case "api-key" -> new ApiKeyCommand(out).run(rest);
                case "bench" -> new BenchCommand(out, err, env.getOrDefault("PATH", "")).run(rest);
                default -> {
                    err.println("sluice: unknown command '" + args[0] + "'");
                    usage(err);
                    yield EXIT_INVALID;
                }
            };
        } catch (UsageException e) {
            err.println("sluice " + args[0] + ": " + e.getMessage());
            return EXIT_INVALID;
        } catch (ApiClient.Unreachable e) {
            err.println("sluice " + args[0] + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("sluice " + args[0] + ": interrupted");
            return 1;
        }
    }

    private static RemoteCommands remote(PrintStream out, PrintStream err, Map<String, String> env) {
        String url = env.get("SLUICE_URL");
        return new RemoteCommands(out, err, url == null || url.isBlank() ? ApiClient.DEFAULT_URL : url.strip(), env.get("SLUICE_API_KEY"));
    }

    static void usage(PrintStream to) {
        to.println("""
                usage: sluice <command> [options]

                  demo [--keep DIR] [--plain]          the retail example end to end: embedded queue, Redis, PostgreSQL,
                                                       SFTP and HTTP partner; four pipelines, one failing on purpose;
                                                       the last line is a JSON summary, exit 0 when all went as planned
                  status [--pipeline P] [--partition D] [--limit N] [--json]
                                                       the status table (sluice_status) of SLUICE_PG_URL
                  validate FILE...                     check ASL definitions; exit 2 and one 'FILE: /pointer: problem' line each when invalid
                  exec DEFINITION [--input JSON | --input-file FILE] [--mocks FILE --test-case NAME] [--trace]
                                                       run a state machine in-process on virtual time
                  render PATTERN CONFIG                print the ASL definition a pattern renders from a config
                  serve [--port P] [--pipelines DIR] [--debug]
                                                       run the local runtime: embedded Redis (queues included) and PostgreSQL
                                                       unless SLUICE_REDIS_URL / SLUICE_PG_URL are set (SQS instead of the Redis
                                                       queue: --sluice.queue=sqs, ElasticMQ unless SLUICE_SQS_URL is set), the
                                                       pipelines of DIR (default ./pipelines: <id>.asl.json, <id>.config.json),
                                                       the HTTP API on P (default 8080)
                  start PIPELINE [--name N] [--input JSON]
                                                       start an execution on a running server
                  executions [--pipeline P] [--status S] [--limit N] [--json]
                                                       list executions, newest first
                  history EXECUTION_ID [--json]        an execution's history, one event a line
                      (start, executions and history talk to SLUICE_URL, default http://127.0.0.1:8080, or --url URL)
                  bench transitions [--executions N] [--tasks K] [--concurrency C] [--queue redis|sqs] [--json]
                                                       durable transitions/s and dispatch latency on an embedded Redis
                                                       (--queue sqs: queues on an embedded ElasticMQ)
                  bench schedules [--count N] [--json] N schedules in the Redis schedule index: fire lag, bytes each, missed, doubled
                  bench starts [--rate R] [--count N] [--warmup W] [--queue redis|sqs] [--json]
                                                       start latency through the HTTP API (open-loop, at a fixed rate)
                  api-key [--id ID] [--role operator|reader]
                                                       make an API key and its tenants.json entry
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
