package io.sluice.azure.synapse;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Identifiers as Sluice lets them into T-SQL: a table {@code name} or {@code schema.name}, and column names,
 * each a regular identifier (a letter or {@code _}, then letters, digits and {@code _}, at most 128), written
 * in brackets. Values are never spliced into statements: they are bound parameters; only the COPY source URL
 * is a literal (COPY INTO takes no parameter there), and it is checked and quote-escaped.
 */
final class TsqlNames {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

    private TsqlNames() {}

    /** A schema-qualified table: its schema ({@code dbo} when not given) and name. */
    record Table(String schema, String name) {
        String quoted() {
            return quote(schema) + "." + quote(name);
        }

        /** How the load ledger names it. */
        String key() {
            return schema + "." + name;
        }
    }

    static Optional<Table> table(String spelled) {
        String[] parts = spelled.split("\\.", -1);
        if (parts.length > 2 || !valid(parts[0]) || (parts.length == 2 && !valid(parts[1]))) {
            return Optional.empty();
        }
        return Optional.of(parts.length == 1 ? new Table("dbo", parts[0]) : new Table(parts[0], parts[1]));
    }

    static boolean valid(String identifier) {
        return identifier != null && IDENTIFIER.matcher(identifier).matches();
    }

    static String quote(String identifier) {
        if (!valid(identifier)) {
            throw new IllegalArgumentException("'" + identifier + "' is not an identifier Sluice writes into T-SQL");
        }
        return "[" + identifier.replace("]", "]]") + "]";
    }

    /** A T-SQL string literal of {@code text}, for the one place that takes no parameter (COPY INTO's source). */
    static String literal(String text) {
        if (text.chars().anyMatch(ch -> ch < 0x20)) {
            throw new IllegalArgumentException("a COPY source URL has no control characters");
        }
        return "'" + text.replace("'", "''") + "'";
    }
}
