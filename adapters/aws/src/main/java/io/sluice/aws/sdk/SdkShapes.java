package io.sluice.aws.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.document.Document;
import software.amazon.awssdk.core.protocol.MarshallingKnownType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * Step Functions' JSON shapes of an AWS SDK call, read into the SDK's request objects and written from its responses
 * through the SDK's own model ({@link SdkPojo#sdkFields()}), so every service's shapes come from its SDK module:
 * keys are the API's member names in PascalCase ({@code TableName}, {@code QueueUrl}), as Step Functions takes them
 * ("Parameters in Step Functions are expressed in PascalCase", AWS SDK service integrations,
 * https://docs.aws.amazon.com/step-functions/latest/dg/supported-services-awssdk.html), and a member called
 * {@code Equals} is written {@code EqualsValue}, as that page says. Timestamps are ISO-8601 text (epoch seconds are
 * read too; written with milliseconds, see {@link #TIME}), blobs base64 text (a JSON object or array given for a blob is sent as its JSON text), documents JSON.
 * A key the operation does not take is refused, naming it and the ones it takes; absent members are left out of
 * results.
 */
final class SdkShapes {
    /**
     * A timestamp in a result, as Step Functions' SDK integrations were seen to give one ("CreationTime":
     * "2013-08-23T01:02:15.422Z", https://github.com/sam-goodwin/functionless/issues/489; an observation, not AWS's
     * documentation): UTC, milliseconds always.
     */
    private static final java.time.format.DateTimeFormatter TIME =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);

    private SdkShapes() {}

    /** A parameter the operation cannot take; the message names the field and what was expected. */
    static final class InvalidParameter extends RuntimeException {
        InvalidParameter(String message) {
            super(message);
        }
    }

    /** {@code json} read into the object {@code builder} builds (a request's or a structure's builder), built. */
    static Object read(SdkPojo builder, JsonNode json, String where) {
        if (json == null || json.isNull()) {
            json = Json.object();
        }
        if (!json.isObject()) {
            throw new InvalidParameter(where + " must be a JSON object, not " + json.getNodeType().name().toLowerCase());
        }
        Map<String, SdkField<?>> fields = new LinkedHashMap<>();
        for (SdkField<?> f : builder.sdkFields()) {
            fields.put(jsonName(f), f);
        }
        json.fields().forEachRemaining(e -> {
            SdkField<?> field = fields.get(e.getKey());
            if (field == null) {
                throw new InvalidParameter(path(where, e.getKey()) + " is not a field of " + where + "; it takes "
                        + String.join(", ", new TreeSet<>(fields.keySet())));
            }
            if (!e.getValue().isNull()) {
                field.set(builder, value(field, e.getValue(), path(where, e.getKey())));
            }
        });
        return ((SdkBuilder<?, ?>) builder).build();
    }

    /** {@code pojo} (a response or a structure in it) as Step Functions returns it. */
    static ObjectNode write(SdkPojo pojo) {
        ObjectNode out = Json.object();
        for (SdkField<?> f : pojo.sdkFields()) {
            Object v = f.getValueOrDefault(pojo);
            JsonNode node = toJson(f, v);
            if (node != null) {
                out.set(jsonName(f), node);
            }
        }
        return out;
    }

    private static String jsonName(SdkField<?> f) {
        return f.memberName().equals("Equals") ? "EqualsValue" : f.memberName();
    }

    private static String path(String where, String key) {
        return where + "." + key;
    }

    private static Object value(SdkField<?> f, JsonNode v, String where) {
        MarshallingKnownType type = f.marshallingType().getKnownType();
        return switch (type) {
            case STRING -> {
                if (!v.isValueNode()) throw expected(where, "text", v);
                yield v.asText();
            }
            case INTEGER -> number(v, where).intValueExact();
            case LONG -> number(v, where).longValueExact();
            case SHORT -> number(v, where).shortValueExact();
            case BYTE -> number(v, where).byteValueExact();
            case FLOAT -> number(v, where).floatValue();
            case DOUBLE -> number(v, where).doubleValue();
            case BIG_DECIMAL -> number(v, where);
            case BOOLEAN -> {
                if (!v.isBoolean()) throw expected(where, "true or false", v);
                yield v.booleanValue();
            }
            case INSTANT -> instant(v, where);
            case SDK_BYTES -> bytes(v, where);
            case SDK_POJO -> {
                if (f.constructor() == null) throw new InvalidParameter(where + " has no shape this runtime can build");
                yield read(f.constructor().get(), v, where);
            }
            case LIST -> {
                if (!v.isArray()) throw expected(where, "an array", v);
                SdkField<?> member = f.getTrait(ListTrait.class).memberFieldInfo();
                List<Object> out = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    out.add(v.get(i).isNull() ? null : value(member, v.get(i), where + "[" + i + "]"));
                }
                yield out;
            }
            case MAP -> {
                if (!v.isObject()) throw expected(where, "an object", v);
                SdkField<?> member = f.getTrait(MapTrait.class).valueFieldInfo();
                Map<String, Object> out = new LinkedHashMap<>();
                v.fields().forEachRemaining(e -> out.put(e.getKey(),
                        e.getValue().isNull() ? null : value(member, e.getValue(), path(where, e.getKey()))));
                yield out;
            }
            case DOCUMENT -> document(v);
            case NULL -> null;
        };
    }

    private static InvalidParameter expected(String where, String what, JsonNode v) {
        return new InvalidParameter(where + " must be " + what + ", not " + v.getNodeType().name().toLowerCase());
    }

    private static BigDecimal number(JsonNode v, String where) {
        if (!v.isNumber()) throw expected(where, "a number", v);
        try {
            return v.decimalValue();
        } catch (ArithmeticException e) {
            throw new InvalidParameter(where + " is out of range: " + v.asText());
        }
    }

    private static Instant instant(JsonNode v, String where) {
        if (v.isNumber()) {
            BigDecimal seconds = v.decimalValue();
            return Instant.ofEpochSecond(seconds.longValue(), seconds.remainder(BigDecimal.ONE).movePointRight(9).longValue());
        }
        try {
            return Instant.parse(v.asText());
        } catch (DateTimeParseException e) {
            throw new InvalidParameter(where + " must be an ISO-8601 time (2026-12-05T10:00:00Z) or epoch seconds, not '" + v.asText() + "'");
        }
    }

    private static SdkBytes bytes(JsonNode v, String where) {
        if (v.isContainerNode()) {
            return SdkBytes.fromString(Json.write(v), StandardCharsets.UTF_8);
        }
        try {
            return SdkBytes.fromByteArray(Base64.getDecoder().decode(v.asText()));
        } catch (IllegalArgumentException e) {
            throw new InvalidParameter(where + " must be base64 text (or a JSON object or array, sent as its text)");
        }
    }

    private static Document document(JsonNode v) {
        if (v.isObject()) {
            Map<String, Document> m = new LinkedHashMap<>();
            v.fields().forEachRemaining(e -> m.put(e.getKey(), document(e.getValue())));
            return Document.fromMap(m);
        }
        if (v.isArray()) {
            List<Document> l = new ArrayList<>();
            v.forEach(e -> l.add(document(e)));
            return Document.fromList(l);
        }
        if (v.isNumber()) return Document.fromNumber(v.decimalValue());
        if (v.isBoolean()) return Document.fromBoolean(v.booleanValue());
        if (v.isNull()) return Document.fromNull();
        return Document.fromString(v.asText());
    }

    private static JsonNode toJson(SdkField<?> f, Object v) {
        if (v == null || v instanceof SdkAutoConstructList<?> || v instanceof SdkAutoConstructMap<?, ?>) {
            return null;
        }
        return switch (f.marshallingType().getKnownType()) {
            case SDK_POJO -> write((SdkPojo) v);
            case LIST -> {
                SdkField<?> member = f.getTrait(ListTrait.class).memberFieldInfo();
                ArrayNode out = Json.NODES.arrayNode();
                for (Object e : (List<?>) v) {
                    JsonNode n = toJson(member, e);
                    out.add(n == null ? Json.NODES.nullNode() : n);
                }
                yield out;
            }
            case MAP -> {
                SdkField<?> member = f.getTrait(MapTrait.class).valueFieldInfo();
                ObjectNode out = Json.object();
                ((Map<?, ?>) v).forEach((k, e) -> {
                    JsonNode n = toJson(member, e);
                    out.set(String.valueOf(k), n == null ? Json.NODES.nullNode() : n);
                });
                yield out;
            }
            default -> scalar(v);
        };
    }

    private static JsonNode scalar(Object v) {
        return switch (v) {
            case String s -> Json.NODES.textNode(s);
            case Boolean b -> Json.NODES.booleanNode(b);
            case Integer i -> Json.NODES.numberNode(i);
            case Long l -> Json.NODES.numberNode(l);
            case Short s -> Json.NODES.numberNode(s);
            case Byte b -> Json.NODES.numberNode(b);
            case Float x -> Json.NODES.numberNode(x);
            case Double d -> Json.NODES.numberNode(d);
            case BigDecimal d -> Json.NODES.numberNode(d);
            case Instant t -> Json.NODES.textNode(TIME.format(t));
            case SdkBytes b -> Json.NODES.textNode(Base64.getEncoder().encodeToString(b.asByteArray()));
            case Document d -> Json.parse(documentText(d));
            default -> Json.NODES.textNode(v.toString());
        };
    }

    private static String documentText(Document d) {
        if (d.isNull()) return "null";
        if (d.isString()) return Json.write(Json.NODES.textNode(d.asString()));
        if (d.isBoolean()) return String.valueOf(d.asBoolean());
        if (d.isNumber()) return d.asNumber().bigDecimalValue().toPlainString();
        if (d.isList()) {
            List<String> parts = new ArrayList<>();
            d.asList().forEach(e -> parts.add(documentText(e)));
            return "[" + String.join(",", parts) + "]";
        }
        List<String> parts = new ArrayList<>();
        d.asMap().forEach((k, e) -> parts.add(Json.write(Json.NODES.textNode(k)) + ":" + documentText(e)));
        return "{" + String.join(",", parts) + "}";
    }
}
