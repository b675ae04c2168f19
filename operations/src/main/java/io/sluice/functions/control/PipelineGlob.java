package io.sluice.functions.control;

/** Globs over pipeline ids: {@code *} any run of characters (none too), {@code ?} exactly one, everything else itself. */
final class PipelineGlob {
    private PipelineGlob() {}

    static boolean isGlob(String pattern) {
        return pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
    }

    /** Iterative, with one backtrack point: linear in practice and never recursive, whatever the pattern. */
    static boolean matches(String pattern, String id) {
        int p = 0;
        int i = 0;
        int star = -1;
        int resume = 0;
        while (i < id.length()) {
            if (p < pattern.length() && (pattern.charAt(p) == '?' || pattern.charAt(p) == id.charAt(i))) {
                p++;
                i++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                star = p++;
                resume = i;
            } else if (star >= 0) {
                p = star + 1;
                i = ++resume;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }
}
