package io.sluice.aws.redshift;

import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.redshiftdata.RedshiftDataClient;
import software.amazon.awssdk.services.redshiftdata.model.DescribeStatementResponse;
import software.amazon.awssdk.services.redshiftdata.model.Field;
import software.amazon.awssdk.services.redshiftdata.model.GetStatementResultResponse;
import software.amazon.awssdk.services.redshiftdata.model.SqlParameter;
import software.amazon.awssdk.services.redshiftdata.model.StatusString;
import software.amazon.awssdk.services.redshiftdata.model.SubStatementData;

/**
 * Runs statements through the Redshift Data API and waits for them: ExecuteStatement or BatchExecuteStatement
 * (one transaction), then DescribeStatement with capped exponential backoff until the statement is FINISHED,
 * FAILED or ABORTED, at most {@code timeout}; a statement still running then is cancelled and reported as an
 * exception (the task may be retried). Values are always named parameters ({@code :name}); the SQL text is
 * built by the caller from validated identifiers only.
 */
final class RedshiftStatements {
    private final RedshiftDataClient data;
    private final RedshiftTarget target;
    private final Backoff polling;
    private final Duration timeout;
    private final Clock clock;
    private final Sleeper sleeper;

    RedshiftStatements(RedshiftDataClient data, RedshiftTarget target, Backoff polling, Duration timeout, Clock clock, Sleeper sleeper) {
        this.data = data;
        this.target = target;
        this.polling = polling;
        this.timeout = timeout;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** How a statement (or a batch) ended. {@code failedStatement}: for a failed batch, the 0-based index of the statement that failed, else -1. */
    record Outcome(String id, boolean finished, String error, int failedStatement) {}

    Outcome execute(String sql, Map<String, String> parameters) {
        String id = data.executeStatement(b -> {
            b.sql(sql).database(target.database()).workgroupName(target.workgroupName()).clusterIdentifier(target.clusterIdentifier())
                    .secretArn(target.secretArn()).dbUser(target.dbUser());
            if (!parameters.isEmpty()) {
                b.parameters(parameters(parameters));
            }
        }).id();
        return await(id);
    }

    /** The statements in one transaction, sharing {@code parameters}. */
    Outcome batch(List<String> sqls, Map<String, String> parameters) {
        String id = data.batchExecuteStatement(b -> {
            b.sqls(sqls).database(target.database()).workgroupName(target.workgroupName()).clusterIdentifier(target.clusterIdentifier())
                    .secretArn(target.secretArn()).dbUser(target.dbUser());
            if (!parameters.isEmpty()) {
                b.parameters(parameters(parameters));
            }
        }).id();
        return await(id);
    }

    /** A finished statement's rows, each as its columns' text by name ({@code null} for NULL); {@code id} may name a sub-statement ({@code <id>:<n>}). */
    List<Map<String, String>> rows(String id) {
        List<Map<String, String>> out = new ArrayList<>();
        String next = null;
        do {
            String token = next;
            GetStatementResultResponse page = data.getStatementResult(b -> b.id(id).nextToken(token));
            for (List<Field> record : page.records()) {
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < record.size(); i++) {
                    row.put(page.columnMetadata().get(i).name(), text(record.get(i)));
                }
                out.add(row);
            }
            next = page.nextToken();
        } while (next != null && !next.isEmpty());
        return out;
    }

    /** The single statement's rows, or a failure as an exception: for the warehouse's own reads, which never fail on a caller's data. */
    List<Map<String, String>> query(String sql, Map<String, String> parameters) {
        Outcome outcome = execute(sql, parameters);
        if (!outcome.finished()) {
            throw new IllegalStateException("Redshift statement " + outcome.id() + " failed: " + outcome.error());
        }
        return rows(outcome.id());
    }

    private Outcome await(String id) {
        Instant giveUp = clock.instant().plus(timeout);
        for (int poll = 0; ; poll++) {
            DescribeStatementResponse d = data.describeStatement(b -> b.id(id));
            StatusString status = d.status();
            if (status == StatusString.FINISHED) {
                return new Outcome(id, true, null, -1);
            }
            if (status == StatusString.FAILED || status == StatusString.ABORTED) {
                return new Outcome(id, false, d.error() == null ? "the statement was " + d.statusAsString() : d.error(), failedIndex(d));
            }
            Duration wait = polling.delay(poll);
            Duration left = Duration.between(clock.instant(), giveUp);
            if (!left.isPositive()) {
                data.cancelStatement(b -> b.id(id));
                throw new IllegalStateException("Redshift statement " + id + " was still " + d.statusAsString() + " after " + timeout
                        + " and was cancelled; the load may be retried");
            }
            try {
                sleeper.sleep(wait.compareTo(left) > 0 ? left : wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for Redshift statement " + id, e);
            }
        }
    }

    private static int failedIndex(DescribeStatementResponse d) {
        if (!d.hasSubStatements()) {
            return -1;
        }
        List<SubStatementData> subs = d.subStatements();
        for (int i = 0; i < subs.size(); i++) {
            if (subs.get(i).statusAsString().equals("FAILED")) {
                return i;
            }
        }
        return -1;
    }

    private static List<SqlParameter> parameters(Map<String, String> values) {
        return values.entrySet().stream().map(e -> SqlParameter.builder().name(e.getKey()).value(e.getValue()).build()).toList();
    }

    private static String text(Field f) {
        if (Boolean.TRUE.equals(f.isNull())) {
            return null;
        }
        if (f.stringValue() != null) {
            return f.stringValue();
        }
        if (f.longValue() != null) {
            return Long.toString(f.longValue());
        }
        if (f.doubleValue() != null) {
            return Double.toString(f.doubleValue());
        }
        if (f.booleanValue() != null) {
            return Boolean.toString(f.booleanValue());
        }
        return null;
    }
}
