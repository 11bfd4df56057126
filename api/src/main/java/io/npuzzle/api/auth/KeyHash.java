package io.npuzzle.api.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The SHA-256 digest of an API key, as configured: {@code sha256:<64 hex digits>}. Only digests are configured,
 * so the keys themselves are never in a file, a Secret or memory longer than one request.
 */
public record KeyHash(byte[] digest) {

    private static final String PREFIX = "sha256:";
    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{64}");

    /** Reads {@code sha256:<hex>}; SmallRye Config converts configured values with it. */
    public static KeyHash of(String text) {
        String value = text == null ? "" : text.strip();
        if (!value.startsWith(PREFIX) || !HEX.matcher(value.substring(PREFIX.length())).matches()) {
            // Never echo the value: it may be a key pasted by mistake.
            throw new IllegalArgumentException("an API key hash is sha256: followed by 64 hex digits"
                    + " (printf %s \"$KEY\" | sha256sum)");
        }
        return new KeyHash(HexFormat.of().parseHex(value.substring(PREFIX.length())));
    }

    /** The hash of a key as a client presents it. */
    public static KeyHash ofKey(String key) {
        try {
            return new KeyHash(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Compared in constant time, so the time taken tells nothing about how much of a guess was right. */
    public boolean matches(KeyHash other) {
        return MessageDigest.isEqual(digest, other.digest);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeyHash hash && matches(hash);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(digest);
    }

    @Override
    public String toString() {
        return "KeyHash[sha256]";
    }
}
