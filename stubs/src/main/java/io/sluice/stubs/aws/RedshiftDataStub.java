package io.sluice.stubs.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.PGConnection;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A stub of the Redshift Data API (JSON 1.1: ExecuteStatement, BatchExecuteStatement, DescribeStatement,
 * GetStatementResult, CancelStatement) that runs what it receives on PostgreSQL, since nothing serves Redshift
 * here and PostgreSQL stands in for its SQL (STACK.md). Named parameters ({@code :name}) are bound as JDBC
 * parameters, never spliced into the text; a batch runs in one transaction on one connection, an
 * ExecuteStatement alone on a fresh one (as the Data API gives each call a session of its own). Redshift's
 * {@code COPY ... FROM 's3://...' IAM_ROLE ... [MANIFEST] FORMAT AS CSV [IGNOREHEADER 1] [EMPTYASNULL]} is
 * carried out by reading the objects (through the manifest, or by prefix as Redshift does without one) from
 * S3Mock and streaming them into PostgreSQL's {@code COPY FROM STDIN (FORMAT csv)}; a COPY with an option the
 * stub does not know fails, so the test notices. Errors read as Redshift words them ({@code ERROR: ...}; a failed
 * COPY as "Load into table ... failed"). Every statement is recorded with its parameters.
 *
 * <p>What it cannot show: Redshift's own parser, type system and catalog (its information_schema, identifier
 * folding), how its COPY treats CSV edge cases, that the Data API accepts parameters in every statement of a
 * batch, serializable isolation and LOCK under real concurrency, IAM. DescribeStatement answers STARTED for the
 * first {@code pending} polls of each statement, so callers must poll.
 */
public final class RedshiftDataStub extends AwsJsonStub {
    /** One statement that reached the stub. */
    public record Received(String sql, Map<String, String> parameters) {}

    private static final Pattern COPY = Pattern.compile("(?is)\\s*COPY\\s+(\\S+)\\s*\\((.*?)\\)\\s+FROM\\s+'([^']*)'\\s*(.*)");
    private static final Pattern OPTION = Pattern.compile("(?is)\\s*(IAM_ROLE\\s+'[^']*'|MANIFEST|FORMAT\\s+AS\\s+CSV|CSV|IGNOREHEADER\\s+(\\d+)"
            + "|EMPTYASNULL|COMPUPDATE\\s+OFF|STATUPDATE\\s+OFF)");

    private final String jdbcUrl;
    private final S3Client s3;
    private final int pending;
    private final Map<String, Statement> statements = new ConcurrentHashMap<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private static final class Statement {
        final String id;
        final List<Sub> subs = new ArrayList<>();
        final AtomicInteger polls = new AtomicInteger();
        final boolean batch;

        Statement(String id, boolean batch) {
            this.id = id;
            this.batch = batch;
        }
    }

    private static final class Sub {
        final String sql;
        String status = "ABORTED";
        String error;
        List<String> columns;
        List<String> types;
        List<List<Object>> rows;
        long rowCount;

        Sub(String sql) {
            this.sql = sql;
        }
    }

    /** @param pending how many DescribeStatement calls of each statement answer STARTED before its outcome */
    public RedshiftDataStub(String jdbcUrl, S3Client s3, int pending) {
        super("1.1");
        this.jdbcUrl = jdbcUrl + (jdbcUrl.contains("?") ? "&" : "?") + "stringtype=unspecified";
        this.s3 = s3;
        this.pending = pending;
        on("ExecuteStatement", in -> submit(List.of(in.path("Sql").asText()), in, false));
        on("BatchExecuteStatement", in -> {
            List<String> sqls = new ArrayList<>();
            in.path("Sqls").forEach(s -> sqls.add(s.asText()));
            return submit(sqls, in, true);
        });
        on("DescribeStatement", this::describe);
        on("GetStatementResult", this::result);
        on("CancelStatement", in -> Json.object().put("Status", true));
    }

    /** Every statement received, in order, batches flattened. */
    public List<Received> received() {
        return List.copyOf(received);
    }

    private JsonNode submit(List<String> sqls, JsonNode in, boolean batch) {
        boolean workgroup = in.hasNonNull("WorkgroupName");
        if (workgroup == in.hasNonNull("ClusterIdentifier") || !in.hasNonNull("Database")) {
            throw new Fault("ValidationException", "a statement names a Database and exactly one of WorkgroupName and ClusterIdentifier");
        }
        Map<String, String> parameters = new java.util.LinkedHashMap<>();
        in.path("Parameters").forEach(p -> parameters.put(p.path("name").asText(), p.path("value").asText()));
        Statement statement = new Statement(UUID.randomUUID().toString(), batch);
        sqls.forEach(s -> {
            statement.subs.add(new Sub(s));
            received.add(new Received(s, parameters));
        });
        run(statement, parameters);
        statements.put(statement.id, statement);
        return Json.object().put("Id", statement.id).put("CreatedAt", System.currentTimeMillis() / 1000.0)
                .put("Database", in.path("Database").asText());
    }

    private void run(Statement statement, Map<String, String> parameters) {
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            c.setAutoCommit(false);
            for (Sub sub : statement.subs) {
                try {
                    execute(c, sub, parameters);
                    sub.status = "FINISHED";
                } catch (SQLException | RuntimeException e) {
                    sub.status = "FAILED";
                    sub.error = e instanceof CopyFailed ? e.getMessage() : "ERROR: " + message(e);
                    c.rollback();
                    return;
                }
            }
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("the stub's PostgreSQL failed: " + e.getMessage(), e);
        }
    }

    private void execute(Connection c, Sub sub, Map<String, String> parameters) throws SQLException {
        Matcher copy = COPY.matcher(sub.sql);
        if (copy.matches()) {
            copy(c, copy);
            return;
        }
        List<String> names = new ArrayList<>();
        String jdbc = bind(sub.sql, names);
        try (PreparedStatement s = c.prepareStatement(jdbc)) {
            for (int i = 0; i < names.size(); i++) {
                String value = parameters.get(names.get(i));
                if (value == null) {
                    throw new Fault("ValidationException", "parameter :" + names.get(i) + " has no value");
                }
                s.setString(i + 1, value);
            }
            if (s.execute()) {
                try (ResultSet rs = s.getResultSet()) {
                    readRows(sub, rs);
                }
            } else {
                sub.rowCount = Math.max(0, s.getLargeUpdateCount());
            }
        }
    }

    /** Replaces {@code :name} outside quotes (and not a {@code ::} cast) with {@code ?}, collecting the names in order. */
    static String bind(String sql, List<String> names) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < sql.length(); i++) {
            char ch = sql.charAt(i);
            if (ch == '\'' || ch == '"') {
                int end = sql.indexOf(ch, i + 1);
                while (end > 0 && end + 1 < sql.length() && sql.charAt(end + 1) == ch) {
                    end = sql.indexOf(ch, end + 2);
                }
                end = end < 0 ? sql.length() - 1 : end;
                out.append(sql, i, end + 1);
                i = end;
            } else if (ch == ':' && i + 1 < sql.length() && sql.charAt(i + 1) == ':') {
                out.append("::");
                i++;
            } else if (ch == ':' && i + 1 < sql.length() && Character.isLetter(sql.charAt(i + 1))) {
                int end = i + 1;
                while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                    end++;
                }
                names.add(sql.substring(i + 1, end));
                out.append('?');
                i = end - 1;
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }

    private static final class CopyFailed extends RuntimeException {
        CopyFailed(String message) {
            super(message);
        }
    }

    private void copy(Connection c, Matcher copy) throws SQLException {
        String table = copy.group(1);
        String columns = copy.group(2);
        String from = copy.group(3);
        String options = copy.group(4).strip();
        boolean manifest = false;
        boolean csv = false;
        boolean emptyAsNull = false;
        int ignoreHeader = 0;
        Matcher option = OPTION.matcher(options);
        int at = 0;
        while (at < options.length()) {
            if (!option.find(at) || option.start() != at) {
                throw new Fault("ValidationException", "the Redshift stub does not know the COPY option at: " + options.substring(at));
            }
            String word = option.group(1).toUpperCase(Locale.ROOT);
            manifest |= word.equals("MANIFEST");
            csv |= word.endsWith("CSV");
            emptyAsNull |= word.equals("EMPTYASNULL");
            if (option.group(2) != null) {
                ignoreHeader = Integer.parseInt(option.group(2));
            }
            at = option.end();
            while (at < options.length() && Character.isWhitespace(options.charAt(at))) {
                at++;
            }
        }
        if (!csv || ignoreHeader > 1) {
            throw new Fault("ValidationException", "the Redshift stub copies CSV with IGNOREHEADER 0 or 1 only: " + options);
        }
        String target = table.contains("\"") ? table : table.toLowerCase(Locale.ROOT);
        String sql = "COPY " + target + " (" + columns + ") FROM STDIN WITH (FORMAT csv, HEADER " + (ignoreHeader == 1)
                + (emptyAsNull ? "" : ", FORCE_NOT_NULL (" + columns + ")") + ")";
        for (byte[] file : files(from, manifest)) {
            try {
                c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql, new ByteArrayInputStream(file));
            } catch (SQLException | IOException e) {
                System.err.println("Redshift stub: COPY into " + table + " failed on PostgreSQL: " + message(e));
                throw new CopyFailed("ERROR: Load into table '" + table.replace("\"", "") + "' failed. Check 'sys_load_error_detail' "
                        + "system table for details.");
            }
        }
    }

    private List<byte[]> files(String url, boolean manifest) {
        S3Url location = S3Url.parse(url);
        if (manifest) {
            byte[] text;
            try {
                text = s3.getObjectAsBytes(b -> b.bucket(location.bucket()).key(location.key())).asByteArray();
            } catch (NoSuchKeyException e) {
                throw new CopyFailed("ERROR: Problem reading manifest file - S3ServiceException:The specified key does not exist.");
            }
            List<byte[]> files = new ArrayList<>();
            for (JsonNode entry : Json.parse(new String(text, java.nio.charset.StandardCharsets.UTF_8)).path("entries")) {
                S3Url file = S3Url.parse(entry.path("url").asText());
                try {
                    files.add(s3.getObjectAsBytes(b -> b.bucket(file.bucket()).key(file.key())).asByteArray());
                } catch (NoSuchKeyException e) {
                    if (entry.path("mandatory").asBoolean(false)) {
                        throw new CopyFailed("ERROR: Manifest file is not in correct json format or its entries are invalid: "
                                + "mandatory file " + file + " does not exist");
                    }
                }
            }
            return files;
        }
        List<byte[]> files = new ArrayList<>();
        for (S3Object o : s3.listObjectsV2(b -> b.bucket(location.bucket()).prefix(location.key())).contents()) {
            files.add(s3.getObjectAsBytes(b -> b.bucket(location.bucket()).key(o.key())).asByteArray());
        }
        if (files.isEmpty()) {
            throw new CopyFailed("ERROR: The specified S3 prefix '" + location.key() + "' does not exist");
        }
        return files;
    }

    private record S3Url(String bucket, String key) {
        static S3Url parse(String url) {
            if (!url.startsWith("s3://") || url.indexOf('/', 5) < 0) {
                throw new CopyFailed("ERROR: invalid S3 URL " + url);
            }
            int slash = url.indexOf('/', 5);
            return new S3Url(url.substring(5, slash), url.substring(slash + 1));
        }

        @Override
        public String toString() {
            return "s3://" + bucket + "/" + key;
        }
    }

    private static void readRows(Sub sub, ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        sub.columns = new ArrayList<>();
        sub.types = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            sub.columns.add(meta.getColumnLabel(i));
            sub.types.add(meta.getColumnTypeName(i));
        }
        sub.rows = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                int type = meta.getColumnType(i);
                Object value = switch (type) {
                    case Types.BIGINT, Types.INTEGER, Types.SMALLINT -> rs.getObject(i) == null ? null : rs.getLong(i);
                    case Types.BOOLEAN, Types.BIT -> rs.getObject(i) == null ? null : rs.getBoolean(i);
                    default -> rs.getString(i);
                };
                row.add(value);
            }
            sub.rows.add(row);
        }
        sub.rowCount = sub.rows.size();
    }

    private JsonNode describe(JsonNode in) {
        Statement statement = statement(in.path("Id").asText());
        ObjectNode out = Json.object().put("Id", statement.id).put("CreatedAt", System.currentTimeMillis() / 1000.0)
                .put("UpdatedAt", System.currentTimeMillis() / 1000.0);
        if (statement.polls.getAndIncrement() < pending) {
            return out.put("Status", "STARTED");
        }
        Sub failed = statement.subs.stream().filter(s -> s.status.equals("FAILED")).findFirst().orElse(null);
        out.put("Status", failed == null ? "FINISHED" : "FAILED");
        if (failed != null) {
            out.put("Error", failed.error);
        }
        if (!statement.batch) {
            Sub only = statement.subs.getFirst();
            out.put("QueryString", only.sql).put("HasResultSet", only.rows != null).put("ResultRows", only.rowCount);
        } else {
            ArrayNode subs = out.putArray("SubStatements");
            for (int i = 0; i < statement.subs.size(); i++) {
                Sub s = statement.subs.get(i);
                ObjectNode sub = subs.addObject().put("Id", statement.id + ":" + (i + 1)).put("Status", s.status)
                        .put("QueryString", s.sql).put("HasResultSet", s.rows != null).put("ResultRows", s.rowCount);
                if (s.error != null) {
                    sub.put("Error", s.error);
                }
            }
        }
        return out;
    }

    private JsonNode result(JsonNode in) {
        String id = in.path("Id").asText();
        int colon = id.lastIndexOf(':');
        Statement statement = statement(colon < 0 ? id : id.substring(0, colon));
        Sub sub = colon < 0 ? statement.subs.getFirst() : statement.subs.get(Integer.parseInt(id.substring(colon + 1)) - 1);
        if (sub.rows == null) {
            throw new Fault("ValidationException", "statement " + id + " has no result set");
        }
        ObjectNode out = Json.object().put("TotalNumRows", sub.rows.size());
        ArrayNode meta = out.putArray("ColumnMetadata");
        for (int i = 0; i < sub.columns.size(); i++) {
            meta.addObject().put("name", sub.columns.get(i)).put("typeName", sub.types.get(i));
        }
        ArrayNode records = out.putArray("Records");
        for (List<Object> row : sub.rows) {
            ArrayNode record = records.addArray();
            for (Object v : row) {
                switch (v) {
                    case null -> record.addObject().put("isNull", true);
                    case Long l -> record.addObject().put("longValue", l);
                    case Boolean b -> record.addObject().put("booleanValue", b);
                    default -> record.addObject().put("stringValue", v.toString());
                }
            }
        }
        return out;
    }

    private Statement statement(String id) {
        Statement statement = statements.get(id);
        if (statement == null) {
            throw new Fault("ResourceNotFoundException", "Query does not exist.");
        }
        return statement;
    }

    private static String message(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.startsWith("ERROR: ") ? m.substring(7).split("\n")[0] : m.split("\n")[0];
    }
}
