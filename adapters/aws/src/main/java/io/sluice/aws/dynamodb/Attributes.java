package io.sluice.aws.dynamodb;

import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Reading and writing the few attribute types the tables use: strings, numbers, ISO instants. */
final class Attributes {
    private Attributes() {}

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    static AttributeValue instant(Instant value) {
        return AttributeValue.fromS(value.toString());
    }

    static String text(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null ? null : v.s();
    }

    static Long number(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null || v.n() == null ? null : Long.valueOf(v.n());
    }

    static Instant instant(Map<String, AttributeValue> item, String name) {
        String t = text(item, name);
        return t == null ? null : Instant.parse(t);
    }
}
