package io.sluice.local.app;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.functions.retention.Retention;
import io.sluice.local.embedded.LocalBackends;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the local runtime, bound by Spring from {@code application.properties}, command-line
 * arguments and the environment ({@code SLUICE_REDIS_URL} binds {@code sluice.redis.url},
 * {@code SLUICE_SQS_URL} binds {@code sluice.sqs.url}, {@code SLUICE_PG_URL} binds {@code sluice.pg.url}).
 * Nothing below this record reads the environment.
 *
 * @param pipelinesDir  where the {@code <id>.asl.json} pipelines and {@code <id>.config.json} pattern pipelines are
 * @param queuePrefix   first part of every queue name ({@code <prefix>-orchestrator}, {@code <prefix>-task-<function>}, ...)
 * @param queue         where the queues are: {@code redis} (default: in the Redis below, no server of their own) or
 *                      {@code sqs} (the SQS-compatible server {@code sluice.sqs.url} names, else an ElasticMQ in this JVM)
 * @param demoFunctions whether the built-in demo functions ({@code echo}, {@code fail}, {@code wait-callback}) run
 * @param dataFunctions whether the six task functions run (read-config, glue-launch, copy-to-warehouse, push-export,
 *                      write-status, dependency-check); they need PostgreSQL
 * @param dataDir       the local object store: an object's key is its path in this folder
 * @param configDir     the domain configs read-config reads ({@code <name>.json}, {@code <name>.schema.json}); a pattern
 *                      pipeline's config is found in the pipelines folder when this folder has none of its name
 * @param scriptsDir    the DuckDB job scripts, {@code <job>.sql}
 * @param jobRunsDir    the job engine's runs and logs; one runtime per folder
 * @param secretsDir    files named like secrets (after {@code SLUICE_SECRET_<NAME>} variables); empty for none
 * @param stateDir      where the embedded servers keep their state (Redis's append-only file and password; one runtime
 *                      per folder, a lock says so). A throwaway runtime gives a folder it removes after, with
 *                      {@code sluice.redis.persistence=none}; an empty value binds as unset, that is {@code .sluice}
 * @param retention     how long a finished execution stays in Redis ({@code sluice.retention}, default a day; a pipeline's
 *                      {@code "retention"} in its options file wins); then it moves to the archive in the data folder
 *                      ({@code archive/executions/...}), where reads still find it. Failed, timed-out and aborted ones stay
 *                      at least 14 days, Step Functions' redrive window.
 * @param nameReuse     how long an execution's name stays taken after it stopped ({@code sluice.name-reuse}, default 90 days,
 *                      as Step Functions)
 */
@ConfigurationProperties("sluice")
public record SluiceLocalProperties(@DefaultValue("./pipelines") Path pipelinesDir, @DefaultValue("sluice") String queuePrefix,
                                    @DefaultValue("redis") LocalBackends.Queue queue,
                                    @DefaultValue("true") boolean demoFunctions, @DefaultValue("true") boolean dataFunctions,
                                    @DefaultValue(".sluice/data") Path dataDir, @DefaultValue("./configs") Path configDir,
                                    @DefaultValue("./jobs") Path scriptsDir, @DefaultValue(".sluice/job-runs") Path jobRunsDir,
                                    Path secretsDir, @DefaultValue(".sluice") Path stateDir, @DefaultValue Sqs sqs, @DefaultValue Redis redis, @DefaultValue Pg pg,
                                    @DefaultValue Alerts alerts, @DefaultValue Export export,
                                    @DefaultValue(Retention.DEFAULT_RETENTION_SETTING) Duration retention,
                                    @DefaultValue(Retention.DEFAULT_NAME_REUSE_SETTING) Duration nameReuse) {

    /**
     * The SQS queue, when {@code sluice.queue=sqs}.
     *
     * @param url         an SQS-compatible endpoint; blank to start ElasticMQ in this JVM
     * @param port        the embedded ElasticMQ's port on 127.0.0.1; {@code 0} for any free port
     * @param maxReceives receives before a message goes to its queue's dead-letter queue (the Redis queue's too)
     */
    public record Sqs(String url, @DefaultValue("9324") int port, @DefaultValue("us-east-1") String region,
                      @DefaultValue("5") int maxReceives) {}

    /**
     * @param url       {@code redis://[user:password@]host:port}; blank to start a Redis on a free loopback port
     * @param keyPrefix first segment of every key
     * @param binary    the Redis program to start, looked up on {@code PATH}; {@code none} for the embedded-redis jar
     * @param persistence what a started Redis keeps on disk: {@code aof-everysec} (default: an append-only file fsynced each
     *                  second, so a restart resumes what was running), {@code aof-always} or {@code none}
     * @param historyInlineBytes the longest history line (UTF-8 bytes) kept in Redis; longer ones (a state's input and
     *                  output) are kept in the data folder, the list holding a reference
     */
    public record Redis(String url, @DefaultValue("sluice") String keyPrefix, @DefaultValue("redis-server") String binary,
                        @DefaultValue("aof-everysec") EmbeddedRedis.Persistence persistence,
                        @DefaultValue("256") int historyInlineBytes) {}

    /**
     * PostgreSQL: the warehouse and the status table.
     *
     * @param url     {@code jdbc:postgresql://...} or {@code postgresql://user:password@host:port/db}; blank to start an
     *                embedded PostgreSQL whose data lives in {@code dataDir}
     * @param dataDir the embedded server's data, kept across restarts; empty for a temporary folder
     */
    public record Pg(String url, @DefaultValue(".sluice/pg") Path dataDir) {}

    /**
     * Alerts on failed executions and dead-lettered messages, once per incident; always logged
     * ({@code io.sluice.alerts}), and POSTed as JSON to {@code webhookUrl} when one is set.
     */
    public record Alerts(String webhookUrl) {}

    /** @param knownHosts an OpenSSH known_hosts file for SFTP export targets; empty to accept any server (with a warning) */
    public record Export(Path knownHosts) {}
}
