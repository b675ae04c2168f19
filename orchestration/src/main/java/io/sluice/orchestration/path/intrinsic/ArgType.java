package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** The JSON type an intrinsic function expects in one argument position, checked before the function runs. */
enum ArgType {
    ANY("any JSON value"),
    STRING("a string"),
    BOOLEAN("a boolean"),
    ARRAY("an array"),
    OBJECT("an object"),
    /** A whole number that fits in 32 bits, as Step Functions requires of its integer arguments. */
    INTEGER("an integer between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE),
    /**
     * Any number that rounds to an {@link #INTEGER}: States.MathAdd rounds each argument to the nearest
     * integer, halves towards positive infinity (1.5 to 2, -1.5 to -1), as AWS records it.
     */
    ROUNDED_INTEGER("a number between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE);

    private static final BigDecimal MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal HALF = new BigDecimal("0.5");

    private final String description;

    ArgType(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }

    boolean accepts(JsonNode value) {
        return switch (this) {
            case ANY -> true;
            case STRING -> value.isTextual();
            case BOOLEAN -> value.isBoolean();
            case ARRAY -> value.isArray();
            case OBJECT -> value.isObject();
            case INTEGER -> isInt(value);
            case ROUNDED_INTEGER -> value.isNumber() && inRange(rounded(value));
        };
    }

    /** Whether {@code value} is a number with no fractional part (2 and 2.0 both are) in the 32-bit range. */
    static boolean isInt(JsonNode value) {
        if (!value.isNumber()) {
            return false;
        }
        if (value.canConvertToInt() && value.isIntegralNumber()) {
            return true;
        }
        BigDecimal number = value.decimalValue();
        return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0
                && number.compareTo(MIN) >= 0 && number.compareTo(MAX) <= 0;
    }

    /** {@code value}, a number, rounded to the nearest integer with halves towards positive infinity. */
    static BigDecimal rounded(JsonNode value) {
        return value.decimalValue().add(HALF).setScale(0, RoundingMode.FLOOR);
    }

    private static boolean inRange(BigDecimal number) {
        return number.compareTo(MIN) >= 0 && number.compareTo(MAX) <= 0;
    }

    /** The int of a value {@link #ROUNDED_INTEGER} accepts. */
    static int toRoundedInt(JsonNode value) {
        return rounded(value).intValueExact();
    }

    /** The int of a value {@link #INTEGER} accepts. */
    static int toInt(JsonNode value) {
        return value.isIntegralNumber() && value.canConvertToInt() ? value.intValue() : value.decimalValue().intValueExact();
    }
}
