package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PathSyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * A recursive-descent parser for one intrinsic function call. Positions in its messages count
 * characters of the text from 0.
 */
final class IntrinsicParser {
    /** Step Functions allows 10 intrinsics in a field; nesting deeper than that cannot be valid. */
    static final int MAX_DEPTH = 10;
    private static final String ESCAPABLE = "'{}\\";

    private final String text;
    private int pos;
    private int depth;

    private IntrinsicParser(String text) {
        this.text = text;
    }

    static FunctionCall parse(String text) {
        if (text == null) {
            throw new PathSyntaxException(null, "an intrinsic function call is required");
        }
        IntrinsicParser parser = new IntrinsicParser(text);
        parser.skipSpace();
        FunctionCall call = parser.call();
        parser.skipSpace();
        if (parser.pos < text.length()) {
            throw parser.expected("nothing more after the call ends");
        }
        return call;
    }

    private FunctionCall call() {
        int start = pos;
        String name = word();
        if (name.isEmpty()) {
            throw expected("an intrinsic function name such as 'States.Format'");
        }
        if (peek() != '(') {
            throw expected("'(' after '" + name + "'");
        }
        IntrinsicFunction function = FunctionCatalog.named(name)
                .orElseThrow(() -> error("unknown intrinsic function '" + name + "' at position " + start
                        + FunctionCatalog.suggestionFor(name)));
        if (depth == MAX_DEPTH) {
            throw error("intrinsic function calls are nested more than " + MAX_DEPTH + " deep at position " + start);
        }
        pos++;
        depth++;
        List<Argument> args = arguments();
        depth--;
        if (!function.acceptsCount(args.size())) {
            throw error(name + " takes " + function.arityPhrase() + ", but the call at position " + start
                    + " has " + args.size());
        }
        String problem = function.parseCheck().problem(args);
        if (problem != null) {
            throw error(problem + " (call at position " + start + ")");
        }
        return new FunctionCall(text.substring(start, pos), function, args);
    }

    private List<Argument> arguments() {
        List<Argument> args = new ArrayList<>();
        skipSpace();
        if (peek() == ')') {
            pos++;
            return args;
        }
        while (true) {
            skipSpace();
            args.add(argument(args.size() + 1));
            skipSpace();
            char next = peek();
            pos++;
            if (next == ')') {
                return args;
            }
            if (next != ',') {
                pos--;
                throw expected("',' or ')' after argument " + args.size());
            }
        }
    }

    private Argument argument(int number) {
        char c = peek();
        if (c == '\'') {
            return string();
        }
        if (c == '$') {
            return path();
        }
        if (c == '-' || isDigit(c)) {
            return new Argument.Literal(number());
        }
        if (Character.isLetter(c)) {
            return wordArgument(number);
        }
        throw expected("argument " + number + " (a string in single quotes, a number, true, false, null,"
                + " a path starting with '$', or an intrinsic function call)");
    }

    private Argument wordArgument(int number) {
        int start = pos;
        String word = word();
        if (peek() == '(') {
            pos = start;
            return call();
        }
        return switch (word) {
            case "true" -> new Argument.Literal(BooleanNode.TRUE);
            case "false" -> new Argument.Literal(BooleanNode.FALSE);
            case "null" -> new Argument.Literal(NullNode.getInstance());
            default -> throw error("'" + word + "' at position " + start + " is not a valid argument " + number
                    + ": strings go in single quotes, and a call needs '(' after the function name");
        };
    }

    /** A string in single quotes; records unescaped {@code {}} placeholders as it goes. */
    private Argument.Text string() {
        int start = pos++;
        StringBuilder value = new StringBuilder();
        StringBuilder piece = new StringBuilder();
        List<String> pieces = new ArrayList<>();
        while (true) {
            if (pos >= text.length()) {
                throw error("the string that starts at position " + start + " is not closed with a single quote");
            }
            char c = text.charAt(pos);
            if (c == '\'') {
                pos++;
                break;
            }
            if (c == '\\') {
                c = escaped();
            } else if (c == '{' && pos + 1 < text.length() && text.charAt(pos + 1) == '}') {
                pieces.add(piece.toString());
                piece.setLength(0);
                value.append("{}");
                pos += 2;
                continue;
            }
            value.append(c);
            piece.append(c);
            pos++;
        }
        pieces.add(piece.toString());
        return new Argument.Text(TextNode.valueOf(value.toString()), new FormatTemplate(pieces));
    }

    /** The character a backslash at {@code pos} escapes; leaves {@code pos} on that character. */
    private char escaped() {
        if (pos + 1 >= text.length()) {
            throw error("the backslash at position " + pos + " escapes nothing; write \\\\ for a backslash");
        }
        char next = text.charAt(pos + 1);
        if (ESCAPABLE.indexOf(next) < 0) {
            throw error("'\\" + next + "' at position " + pos + " is not an escape: only \\', \\{, \\} and \\\\ are,"
                    + " so write \\\\ for a backslash");
        }
        pos++;
        return next;
    }

    private JsonNode number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (!isDigit(peek())) {
            throw expected("a digit");
        }
        if (peek() == '0' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1))) {
            throw error("the number at position " + start + " has a leading zero");
        }
        digits();
        if (peek() == '.') {
            pos++;
            if (!isDigit(peek())) {
                throw expected("a digit after the decimal point");
            }
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw expected("a digit in the exponent");
            }
            digits();
        }
        return Json.parse(text.substring(start, pos));
    }

    /**
     * A path runs to the next ',' or ')' that is outside brackets, parentheses and quotes, so that
     * {@code $.a['x,y']} and filters such as {@code $.items[?(@.n > 1)]} stay whole.
     */
    private Argument.PathRef path() {
        int start = pos;
        StringBuilder closers = new StringBuilder(); // the ']' and ')' still owed, innermost last
        char quote = 0;
        for (; pos < text.length(); pos++) {
            char c = text.charAt(pos);
            if (quote != 0) {
                if (c == '\\') {
                    pos++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '[' || c == '(') {
                closers.append(c == '[' ? ']' : ')');
            } else if (closers.isEmpty() && (c == ',' || c == ')')) {
                break;
            } else if (!closers.isEmpty() && (c == ']' || c == ')')) {
                char owed = closers.charAt(closers.length() - 1);
                if (c != owed) {
                    throw error("the path that starts at position " + start + " has '" + c + "' at position " + pos
                            + " where '" + owed + "' was expected");
                }
                closers.setLength(closers.length() - 1);
            }
        }
        if (quote != 0 || !closers.isEmpty()) {
            throw error("the path that starts at position " + start + " has "
                    + (quote != 0 ? "a " + quote + " quote" : "a '" + (closers.charAt(0) == ']' ? '[' : '(') + "'")
                    + " that is not closed");
        }
        String pathText = text.substring(start, pos).strip();
        try {
            return new Argument.PathRef(DataPath.parse(pathText));
        } catch (PathSyntaxException e) {
            String prefix = "'" + pathText + "' is not a valid path: ";
            String reason = e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : e.getMessage();
            throw error("the path '" + pathText + "' at position " + start + " is not valid: " + reason);
        }
    }

    private String word() {
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (!Character.isLetterOrDigit(c) && c != '.' && c != '_') {
                break;
            }
            pos++;
        }
        return text.substring(start, pos);
    }

    private void digits() {
        while (isDigit(peek())) {
            pos++;
        }
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    /** The character at {@code pos}, or 0 at the end of the text. */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private PathSyntaxException expected(String what) {
        String found = pos < text.length() ? "found '" + text.charAt(pos) + "'" : "the text ended";
        return error("expected " + what + " at position " + pos + ", but " + found);
    }

    private PathSyntaxException error(String reason) {
        return new PathSyntaxException(text, reason);
    }
}
