package io.sluice.aws.redshift;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The identifiers Sluice puts in Redshift SQL (tables, schemas, columns): each must match a plain-identifier
 * grammar (a letter or {@code _}, then letters, digits, {@code _} or {@code $}, at most 127 characters) and is
 * written folded to lower case inside double quotes. Redshift folds identifiers to lower case, quoted or not
 * (unless {@code enable_case_sensitive_identifier} is on), so folding here names what Redshift would name, and
 * quoting keeps reserved words such as {@code "region"} or {@code "user"} usable. Nothing outside the grammar is
 * ever written into a statement: values travel as parameters.
 */
final class Identifiers {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]{0,126}");

    private Identifiers() {}

    static boolean valid(String identifier) {
        return identifier != null && IDENTIFIER.matcher(identifier).matches();
    }

    /** {@code identifier} folded to lower case; throws naming {@code what} when it is not in the grammar. */
    static String fold(String identifier, String what) {
        if (!valid(identifier)) {
            throw new IllegalArgumentException(what + " '" + identifier + "' is not an identifier Sluice writes into Redshift SQL: "
                    + "a letter or _, then letters, digits, _ or $, at most 127 characters");
        }
        return identifier.toLowerCase(Locale.ROOT);
    }

    /** {@code "name"}, folded; the grammar has no quote, so nothing needs escaping. */
    static String quote(String identifier, String what) {
        return '"' + fold(identifier, what) + '"';
    }

    /** A table as a load names it: {@code table} or {@code schema.table}, each part in the grammar. */
    record TableName(String schema, String table) {
        /** {@code spelled} in {@code defaultSchema} unless it names its own; empty when a part is not in the grammar. */
        static Optional<TableName> parse(String spelled, String defaultSchema) {
            int dot = spelled.indexOf('.');
            String schema = dot < 0 ? defaultSchema : spelled.substring(0, dot);
            String table = dot < 0 ? spelled : spelled.substring(dot + 1);
            if (!valid(schema) || !valid(table)) {
                return Optional.empty();
            }
            return Optional.of(new TableName(schema.toLowerCase(Locale.ROOT), table.toLowerCase(Locale.ROOT)));
        }

        String quoted() {
            return '"' + schema + "\".\"" + table + '"';
        }

        /** The table's key in the load ledger. */
        String key() {
            return schema + "." + table;
        }
    }
}
