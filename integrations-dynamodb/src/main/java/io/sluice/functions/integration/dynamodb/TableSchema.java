package io.sluice.functions.integration.dynamodb;

import java.util.regex.Pattern;

/**
 * A declared table: its name and key schema, as a DynamoDB table is created with one. A Task naming a
 * table nobody declared fails with {@code DynamoDB.ResourceNotFoundException}, as it does on AWS; every
 * tenant gets its own table of each declared name.
 *
 * @param sortKey the sort (range) key's attribute name, or {@code null} for a table with a partition key only
 */
public record TableSchema(String name, String partitionKey, String sortKey) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{3,255}");

    public TableSchema {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("table name '" + name + "': 3-255 letters, digits, _ - and ., as DynamoDB allows");
        }
        if (partitionKey == null || partitionKey.isBlank()) {
            throw new IllegalArgumentException("table " + name + " needs a partition key attribute name");
        }
        sortKey = sortKey == null || sortKey.isBlank() ? null : sortKey;
    }

    /** Whether {@code text} is a table name DynamoDB would accept. */
    static boolean validName(String text) {
        return text != null && NAME.matcher(text).matches();
    }
}
