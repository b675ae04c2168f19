package io.sluice.api.tenant;

import io.sluice.functions.time.SystemRandom;
import io.sluice.orchestration.path.RandomSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/**
 * API keys: 256 random bits, shown once as {@code sk_<43 base64url characters>}, stored only as the
 * SHA-256 of the key's text.
 *
 * <p>Why SHA-256 and not bcrypt, scrypt or Argon2: those are slow on purpose so that a stolen hash of
 * a <em>low-entropy password</em> cannot be brute-forced. A key of 256 random bits cannot be guessed
 * at any hashing speed, so slowness buys nothing, while it would cost every API request tens of
 * milliseconds of CPU (a denial-of-service lever, and more than the whole start-latency budget).
 * What matters here is that the server never stores a usable key and compares in constant time.
 */
public final class ApiKeys {
    /** The text every generated key starts with, so a leaked one is easy to spot (secret scanners). */
    public static final String PREFIX = "sk_";

    private ApiKeys() {}

    /** A new key of 256 random bits, drawn from the unpredictable source ({@link SystemRandom#SECURE}). */
    public static String generate() {
        return generate(SystemRandom.SECURE);
    }

    /** A new key of 256 bits drawn from {@code random}, which must be unpredictable for a key in use. */
    public static String generate(RandomSource random) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The SHA-256 of {@code key}'s UTF-8 bytes. */
    public static byte[] hash(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** {@link #hash} as 64 lower-case hex digits, as {@code tenants.json} stores it. */
    public static String hashHex(String key) {
        return HexFormat.of().formatHex(hash(key));
    }
}
