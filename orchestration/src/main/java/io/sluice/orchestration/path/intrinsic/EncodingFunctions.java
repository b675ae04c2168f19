package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.ArgType.STRING;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.sluice.orchestration.path.Scope;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/** States.Base64Encode, States.Base64Decode and States.Hash. Text is UTF-8 on the byte side. */
final class EncodingFunctions {
    /** The longest input, in characters, Step Functions accepts for these functions. */
    static final int MAX_INPUT = 10_000;
    /** The algorithm names States.Hash accepts; they are also Java's names for them. */
    static final List<String> ALGORITHMS = List.of("MD5", "SHA-1", "SHA-256", "SHA-384", "SHA-512");

    private EncodingFunctions() {}

    static List<IntrinsicFunction> all() {
        return List.of(
                IntrinsicFunction.of("States.Base64Encode", List.of(STRING), EncodingFunctions::encode),
                IntrinsicFunction.of("States.Base64Decode", List.of(STRING), EncodingFunctions::decode),
                IntrinsicFunction.of("States.Hash", List.of(STRING, STRING), EncodingFunctions::hash));
    }

    private static JsonNode encode(Arguments args, Scope scope) {
        String text = limited(args, 0);
        return TextNode.valueOf(Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static JsonNode decode(Arguments args, Scope scope) {
        String encoded = limited(args, 0);
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw args.failure("was given a string that is not valid Base64: " + e.getMessage() + ".");
        }
        try {
            return TextNode.valueOf(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            throw args.failure("decoded its argument to bytes that are not UTF-8 text.");
        }
    }

    private static JsonNode hash(Arguments args, Scope scope) {
        String data = limited(args, 0);
        String algorithm = args.string(1);
        if (!ALGORITHMS.contains(algorithm)) {
            throw args.failure("does not know the algorithm '" + algorithm + "'; use one of "
                    + String.join(", ", ALGORITHMS) + ".");
        }
        try {
            byte[] digest = MessageDigest.getInstance(algorithm).digest(data.getBytes(StandardCharsets.UTF_8));
            return TextNode.valueOf(HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide these algorithms.
            throw new IllegalStateException("this Java runtime lacks the " + algorithm + " digest", e);
        }
    }

    private static String limited(Arguments args, int index) {
        String text = args.string(index);
        if (text.length() > MAX_INPUT) {
            throw args.failure("accepts at most " + MAX_INPUT + " characters in argument " + (index + 1)
                    + ", but was given " + text.length() + ".");
        }
        return text;
    }
}
