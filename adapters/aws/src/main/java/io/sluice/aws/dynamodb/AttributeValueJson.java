package io.sluice.aws.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's attribute-value JSON ({@code {"id": {"S": "o-1"}, "n": {"N": "2"}}}, the shape Step Functions and
 * the DynamoDB API carry items in) to the SDK's {@link AttributeValue}s and back, so an item an integration
 * writes is a real DynamoDB item, every type kept: S, N, B (base64), BOOL, NULL, M, L, SS, NS, BS.
 */
final class AttributeValueJson {
    private AttributeValueJson() {}

    /** The item of {@code json} (an object of attribute values). */
    static Map<String, AttributeValue> item(String json) {
        JsonNode node = Json.parse(json);
        if (!node.isObject()) {
            throw new IllegalArgumentException("an item must be a JSON object of attribute values, not " + node.getNodeType());
        }
        return map(node);
    }

    /** The attribute-value JSON of {@code item}. */
    static String json(Map<String, AttributeValue> item) {
        return Json.write(object(item));
    }

    private static Map<String, AttributeValue> map(JsonNode object) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), value(e.getKey(), e.getValue()));
        }
        return out;
    }

    private static AttributeValue value(String name, JsonNode typed) {
        if (!typed.isObject() || typed.size() != 1) {
            throw new IllegalArgumentException("attribute '" + name + "' must be an object with exactly one type key (S, N, B, BOOL, NULL, M, L, SS, NS, BS)");
        }
        String type = typed.fieldNames().next();
        JsonNode v = typed.get(type);
        return switch (type) {
            case "S" -> AttributeValue.fromS(v.asText());
            case "N" -> AttributeValue.fromN(v.asText());
            case "B" -> AttributeValue.fromB(SdkBytes.fromByteArray(java.util.Base64.getDecoder().decode(v.asText())));
            case "BOOL" -> AttributeValue.fromBool(v.asBoolean());
            case "NULL" -> AttributeValue.fromNul(true);
            case "M" -> AttributeValue.fromM(map(v));
            case "L" -> {
                List<AttributeValue> list = new ArrayList<>();
                v.forEach(element -> list.add(value(name, element)));
                yield AttributeValue.fromL(list);
            }
            case "SS" -> AttributeValue.fromSs(texts(v));
            case "NS" -> AttributeValue.fromNs(texts(v));
            case "BS" -> AttributeValue.fromBs(texts(v).stream()
                    .map(b -> SdkBytes.fromByteArray(java.util.Base64.getDecoder().decode(b))).toList());
            default -> throw new IllegalArgumentException("attribute '" + name + "' has unknown type '" + type
                    + "'; expected one of S, N, B, BOOL, NULL, M, L, SS, NS, BS");
        };
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }

    private static ObjectNode object(Map<String, AttributeValue> item) {
        ObjectNode out = Json.object();
        item.forEach((name, value) -> out.set(name, typed(value)));
        return out;
    }

    private static ObjectNode typed(AttributeValue value) {
        ObjectNode out = Json.object();
        switch (value.type()) {
            case S -> out.put("S", value.s());
            case N -> out.put("N", value.n());
            case B -> out.put("B", java.util.Base64.getEncoder().encodeToString(value.b().asByteArray()));
            case BOOL -> out.put("BOOL", value.bool());
            case NUL -> out.put("NULL", true);
            case M -> out.set("M", object(value.m()));
            case L -> {
                ArrayNode list = out.putArray("L");
                value.l().forEach(e -> list.add(typed(e)));
            }
            case SS -> value.ss().forEach(out.putArray("SS")::add);
            case NS -> value.ns().forEach(out.putArray("NS")::add);
            case BS -> {
                ArrayNode list = out.putArray("BS");
                value.bs().forEach(b -> list.add(java.util.Base64.getEncoder().encodeToString(b.asByteArray())));
            }
            default -> throw new IllegalStateException("DynamoDB returned an attribute of an unknown type: " + value);
        }
        return out;
    }
}
