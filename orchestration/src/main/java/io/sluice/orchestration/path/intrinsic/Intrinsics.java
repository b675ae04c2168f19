package io.sluice.orchestration.path.intrinsic;

import io.sluice.orchestration.path.PathSyntaxException;

/**
 * Parses intrinsic function calls such as {@code States.Format('{} of {}', $.n, $$.Map.Item.Index)}.
 *
 * <p>Arguments are strings in single quotes (escapes {@code \'}, {@code \{}, {@code \}} and
 * {@code \\}), JSON numbers, {@code true}, {@code false}, {@code null}, paths over the input
 * ({@code $...}) or the context object ({@code $$...}), and nested calls. Everything that can be
 * known from the text alone is settled here, once: the function, the number of arguments, the
 * compiled paths and literals, and the placeholders of a literal {@code States.Format} template.
 * What depends on the data (argument types and values) is checked when the call is evaluated,
 * and fails there with {@code States.IntrinsicFailure}.
 */
public final class Intrinsics {
    private Intrinsics() {}

    /**
     * Parses a call; throws {@link PathSyntaxException} naming what is wrong when it does not parse.
     * Positions in the message count characters of {@code text} from 0. The result is immutable
     * and may be evaluated any number of times, from any thread.
     */
    public static IntrinsicCall parse(String text) {
        return IntrinsicParser.parse(text);
    }
}
