package io.sluice.testkit.postgres;

import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** JDBC URLs for PostgreSQL: from the {@code postgresql://user:password@host:port/db} form, and with another database. */
final class PostgresUrl {
    private static final Pattern JDBC = Pattern.compile("^(jdbc:postgresql://[^/?]*)(?:/([^?]*))?(\\?.*)?$");

    private PostgresUrl() {}

    /** A {@code jdbc:postgresql:} URL as given; a {@code postgres(ql)://} URL turned into one. */
    static String toJdbc(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            return url;
        }
        if (!url.startsWith("postgresql://") && !url.startsWith("postgres://")) {
            throw new IllegalArgumentException("Not a PostgreSQL URL (jdbc:postgresql://... or postgresql://...): " + redact(url));
        }
        URI uri = URI.create(url);
        StringBuilder jdbc = new StringBuilder("jdbc:postgresql://").append(uri.getRawAuthority().replaceFirst("^.*@", ""))
                .append(uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath());
        String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            query = "user=" + (colon < 0 ? userInfo : userInfo.substring(0, colon))
                    + (colon < 0 ? "" : "&password=" + userInfo.substring(colon + 1)) + (query.isEmpty() ? "" : "&" + query);
        }
        return query.isEmpty() ? jdbc.toString() : jdbc.append('?').append(query).toString();
    }

    /** The same server and parameters, another database. */
    static String withDatabase(String jdbcUrl, String database) {
        Matcher m = JDBC.matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("Not a jdbc:postgresql:// URL: " + redact(jdbcUrl));
        }
        return m.group(1) + "/" + database + (m.group(3) == null ? "" : m.group(3));
    }

    /** The URL without passwords, for messages. */
    static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&]*", "$1***").replaceAll("(://[^:/@]+:)[^@/]*@", "$1***@");
    }
}
