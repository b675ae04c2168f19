package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * The numbers a Map's {@code MaxConcurrencyPath}, {@code ToleratedFailureCountPath} and
 * {@code ToleratedFailurePercentagePath} select: a JSON number, or a string holding one ({@code "1"}),
 * which AWS also accepts (conformance/map-paths-reading-numeric-string-variables.json).
 */
final class Numbers {
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d{1,18}(\\.\\d{1,18})?([eE][+-]?\\d{1,3})?");

    private Numbers() {}

    /** {@code value} as a number node when it is one or a string of one; otherwise {@code value} itself. */
    static JsonNode numeric(JsonNode value) {
        if (value == null || !value.isTextual()) {
            return value;
        }
        String text = value.textValue();
        if (INTEGER.matcher(text).matches()) {
            return Json.NODES.numberNode(Long.parseLong(text));
        }
        if (DECIMAL.matcher(text).matches()) {
            return Json.NODES.numberNode(new BigDecimal(text));
        }
        return value;
    }
}
